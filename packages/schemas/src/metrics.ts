import { z } from 'zod';
import { paymentCurrencySchema } from './checkout.ts';
import { amountSchema, timestampSchema } from './common.ts';

/** How the dashboard's charts cut a range: UTC days, ISO weeks (from Monday 00:00 UTC), UTC months. */
export const METRICS_INTERVALS = ['day', 'week', 'month'] as const;
export type MetricsInterval = (typeof METRICS_INTERVALS)[number];

/** At most this many points per series: a year of days, seven years of weeks, thirty of months. */
export const METRICS_MAX_BUCKETS = 366;

/** The longest a bucket of each interval can be, in seconds, so a range's bucket count is bounded. */
const LONGEST_BUCKET_SECONDS: Record<MetricsInterval, number> = {
  day: 86_400,
  week: 7 * 86_400,
  month: 31 * 86_400,
};

/** `GET /metrics/top-products`: the range `[from, to)` in unix seconds. */
export const metricsRangeQuerySchema = z.object({
  from: z.coerce.number().pipe(timestampSchema),
  to: z.coerce.number().pipe(timestampSchema),
});

/** `GET /metrics/overview`: the range cut by `interval`. */
export const metricsOverviewQuerySchema = metricsRangeQuerySchema.extend({
  interval: z.enum(METRICS_INTERVALS).default('day'),
});

/**
 * The range must be non-empty and at most `METRICS_MAX_BUCKETS` intervals long (months when no
 * interval cuts it), so one request reads a bounded number of rows and answers a bounded number
 * of points. For `.superRefine` on the query schema once the route has added what it needs
 * (refined objects cannot be extended).
 */
export function checkMetricsRange(
  query: { from: number; to: number; interval?: MetricsInterval },
  context: z.RefinementCtx,
): void {
  const interval = query.interval ?? 'month';
  if (query.to <= query.from) {
    context.addIssue({ code: 'custom', path: ['to'], message: '`to` must be after `from`' });
    return;
  }
  const longest = METRICS_MAX_BUCKETS * LONGEST_BUCKET_SECONDS[interval];
  if (query.to - query.from > longest) {
    context.addIssue({
      code: 'custom',
      path: ['to'],
      message: `A range cut by ${interval} spans at most ${longest} seconds (${METRICS_MAX_BUCKETS} ${interval}s)`,
    });
  }
}

/** Successful and failed payment attempts; `rate_bp` is succeeded / (succeeded + failed) in basis points, null without attempts. */
const paymentAttemptsSchema = z.object({
  succeeded: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  rate_bp: z.number().int().min(0).max(10_000).nullable(),
});

/** Money moved in a bucket or over the range, in the currency's smallest unit. */
const moneyFiguresSchema = z.object({
  /** What succeeded payments received. */
  gross_volume: amountSchema,
  /** What succeeded refunds gave back (of payments made at any time). */
  refunds: amountSchema,
  /** gross_volume − refunds; negative when more was given back than taken. */
  net_revenue: amountSchema,
  /** The part of gross_volume paid through donation checkouts. */
  donations: amountSchema,
  payment_count: z.number().int().nonnegative(),
  refund_count: z.number().int().nonnegative(),
  donation_count: z.number().int().nonnegative(),
});

/** How monthly recurring revenue moved: new + expansion − contraction − churn = its change. */
const mrrMovementSchema = z.object({
  new: amountSchema,
  expansion: amountSchema,
  contraction: amountSchema,
  churn: amountSchema,
});

export const metricsSeriesPointSchema = moneyFiguresSchema.extend(mrrMovementSchema.shape).extend({
  /** The bucket's first second (the range's `from` for a first bucket cut short). */
  start: timestampSchema,
  /** MRR at the end of the bucket. */
  mrr: amountSchema,
  /** Subscriptions live (trialing, active or past due) at the end of the bucket. */
  active_subscriptions: z.number().int().nonnegative(),
});

export const metricsTopProductSchema = z.object({
  product_id: z.string(),
  name: z.string(),
  /** What paid invoices' lines billed for the product's prices in the range (credits deducted). */
  revenue: amountSchema,
});

const metricsCurrencySchema = paymentCurrencySchema.pick({
  id: true,
  symbol: true,
  name: true,
  decimal: true,
});

/** Everything for one currency: its figures never mix with another's. */
export const currencyMetricsSchema = z.object({
  currency: metricsCurrencySchema,
  totals: moneyFiguresSchema,
  mrr: mrrMovementSchema.extend({
    /** MRR now: every paying subscription's licensed items, each price brought to one month. */
    current: amountSchema,
  }),
  active_subscriptions: z.number().int().nonnegative(),
  series: z.array(metricsSeriesPointSchema),
});

export const metricsOverviewSchema = z.object({
  object: z.literal('metrics_overview'),
  livemode: z.boolean(),
  from: timestampSchema,
  to: timestampSchema,
  interval: z.enum(METRICS_INTERVALS),
  /** Currencies with anything to show, by symbol. */
  currencies: z.array(currencyMetricsSchema),
  /** Attempts are counted across currencies: a rate is not money. */
  payment_attempts: paymentAttemptsSchema.extend({
    series: z.array(paymentAttemptsSchema.extend({ start: timestampSchema })),
  }),
});
export type MetricsOverview = z.infer<typeof metricsOverviewSchema>;

/**
 * `GET /metrics/top-products`: apart from the overview, since it reads every paid invoice's lines
 * in the range, and the dashboard draws the charts without waiting for it.
 */
export const metricsTopProductsSchema = z.object({
  object: z.literal('metrics_top_products'),
  livemode: z.boolean(),
  from: timestampSchema,
  to: timestampSchema,
  /** Per currency, by symbol: the five products that earned the most in the range, most first. */
  currencies: z.array(
    z.object({ currency: metricsCurrencySchema, top_products: z.array(metricsTopProductSchema) }),
  ),
});
export type MetricsTopProducts = z.infer<typeof metricsTopProductsSchema>;
export type CurrencyMetrics = z.infer<typeof currencyMetricsSchema>;
export type MetricsSeriesPoint = z.infer<typeof metricsSeriesPointSchema>;
