import type { CurrencyMetrics, MetricsInterval, MetricsOverview, Price } from '@bazaar/schemas';
import type { Clock } from '@bazaar/server-kit';
import type { PaymentDb } from '../../db/tables.ts';
import { lineAmount, priceForCurrency, toPricingPrice } from '../../pricing/index.ts';
import { getCurrenciesById } from '../payment-methods/service.ts';
import { getPricesById } from '../prices/service.ts';
import { bucketIndex, bucketIndexOfDay, bucketStarts } from './buckets.ts';
import { sumOf } from './exact-sum.ts';
import { bySymbol, metricsCurrency } from './metrics-currency.ts';
import { monthlyAmount } from './monthly-amount.ts';
import { mrrHistory, type LiveSpan, type MonthlyAmountOf, type MrrChange } from './mrr.ts';
import {
  listDonationDayRows,
  listFailureDayRows,
  listPaymentDayRows,
  listPlanChangeRows,
  listRefundDayRows,
  listSubscriptionItemRows,
} from './repository.ts';
import { attemptRate, emptyFigures, moneyToWire, movementToWire, valuesAt, type Figures } from './figures.ts';

export interface OverviewQuery {
  livemode: boolean;
  from: number;
  to: number;
  interval: MetricsInterval;
}

/** One currency's figures while they are added up. */
interface CurrencyTally {
  totals: Figures;
  buckets: Figures[];
}

/**
 * `GET /metrics/overview`: the dashboard's money figures per currency (never mixed), cut into the
 * range's buckets, with MRR, live subscriptions and the payment success rate.
 */
export async function getMetricsOverview(
  deps: { db: PaymentDb; clock: Clock },
  query: OverviewQuery,
): Promise<MetricsOverview> {
  const { db } = deps;
  const starts = bucketStarts(query.from, query.to, query.interval);
  const [payments, donations, refunds, failures, itemRows, planChanges] = await Promise.all([
    listPaymentDayRows(db, query),
    listDonationDayRows(db, query),
    listRefundDayRows(db, query),
    listFailureDayRows(db, query),
    listSubscriptionItemRows(db, query.livemode),
    listPlanChangeRows(db, query.livemode),
  ]);

  const prices = await getPricesById(
    db,
    itemRows.map((row) => row.price_id),
  );
  const { changes, spans } = mrrHistory(itemRows, planChanges, monthlyAmountFrom(prices));

  const tallies = new Map<string, CurrencyTally>();
  const tallyOf = (currencyId: string) => {
    let tally = tallies.get(currencyId);
    if (!tally) {
      tally = { totals: emptyFigures(), buckets: starts.map(emptyFigures) };
      tallies.set(currencyId, tally);
    }
    return tally;
  };
  const addTo = (currencyId: string, bucket: number, add: (figures: Figures) => void) => {
    const tally = tallyOf(currencyId);
    add(tally.totals);
    add(tally.buckets[bucket]!);
  };

  for (const row of payments) {
    const amount = sumOf(row);
    addTo(row.currency_id, bucketIndexOfDay(starts, row.day), (figures) => {
      figures.gross_volume += amount;
      figures.payment_count += row.count;
    });
  }
  for (const row of donations) {
    const amount = sumOf(row);
    addTo(row.currency_id, bucketIndexOfDay(starts, row.day), (figures) => {
      figures.donations += amount;
      figures.donation_count += row.count;
    });
  }
  for (const row of refunds) {
    const amount = sumOf(row);
    addTo(row.currency_id, bucketIndexOfDay(starts, row.day), (figures) => {
      figures.refunds += amount;
      figures.refund_count += row.count;
    });
  }
  for (const change of changes) {
    if (change.at < query.from || change.at >= query.to) continue;
    addTo(change.currencyId, bucketIndex(starts, change.at), (figures) => {
      figures[change.kind] += change.amount;
    });
  }

  const now = deps.clock.now();
  // Each bucket's MRR and live subscriptions are read at its last second, then the present's.
  const times = [...starts.slice(1).map((start) => start - 1), query.to - 1, now].sort((a, b) => a - b);
  const valueIndex = new Map(times.map((time, index) => [time, index]));
  const mrrSteps = Map.groupBy(changes, (change) => change.currencyId);
  const liveSteps = Map.groupBy(spans, (span) => span.currencyId);
  const currencyIds = new Set([...tallies.keys(), ...mrrSteps.keys(), ...liveSteps.keys()]);
  const stepsOf = (currencyId: string) => ({
    mrr: valuesAt((mrrSteps.get(currencyId) ?? []).map(signedStep), times),
    live: valuesAt((liveSteps.get(currencyId) ?? []).flatMap(spanSteps), times).map(Number),
  });

  const answer: CurrencyMetrics[] = [];
  const currencies = await getCurrenciesById(db, currencyIds);
  for (const currencyId of currencyIds) {
    const { mrr, live } = stepsOf(currencyId);
    const at = (time: number) => valueIndex.get(time)!;
    const isQuiet =
      !tallies.has(currencyId) && mrr.every((value) => value === 0n) && live.every((count) => count === 0);
    if (isQuiet) continue;
    const tally = tallyOf(currencyId);
    const currency = currencies.get(currencyId)!;
    answer.push({
      currency: metricsCurrency(currency),
      totals: moneyToWire(tally.totals),
      mrr: { current: mrr[at(now)]!.toString(), ...movementToWire(tally.totals) },
      active_subscriptions: live[at(now)]!,
      series: tally.buckets.map((figures, index) => {
        const end = (starts[index + 1] ?? query.to) - 1;
        return {
          start: starts[index]!,
          ...moneyToWire(figures),
          ...movementToWire(figures),
          mrr: mrr[at(end)]!.toString(),
          active_subscriptions: live[at(end)]!,
        };
      }),
    });
  }

  const attemptBuckets = starts.map(() => ({ succeeded: 0, failed: 0 }));
  for (const row of payments) attemptBuckets[bucketIndexOfDay(starts, row.day)]!.succeeded += row.count;
  for (const row of failures) attemptBuckets[bucketIndexOfDay(starts, row.day)]!.failed += row.count;
  const succeeded = attemptBuckets.reduce((sum, bucket) => sum + bucket.succeeded, 0);
  const failed = attemptBuckets.reduce((sum, bucket) => sum + bucket.failed, 0);

  return {
    object: 'metrics_overview',
    livemode: query.livemode,
    from: query.from,
    to: query.to,
    interval: query.interval,
    currencies: answer.sort(bySymbol),
    payment_attempts: {
      ...attemptRate(succeeded, failed),
      series: attemptBuckets.map((bucket, index) => ({
        start: starts[index]!,
        ...attemptRate(bucket.succeeded, bucket.failed),
      })),
    },
  };
}

/** Prices are read once per request; an item whose price is gone or metered brings nothing a month. */
function monthlyAmountFrom(prices: ReadonlyMap<string, Price>): MonthlyAmountOf {
  return (priceId, quantity, currencyId) => {
    const price = prices.get(priceId);
    if (!price?.recurring || price.recurring.usage_type === 'metered') return 0n;
    const pricing = toPricingPrice(price);
    if (!priceForCurrency(pricing, currencyId)) return 0n;
    const amount = lineAmount(pricing, currencyId, quantity);
    return monthlyAmount(amount, price.recurring.interval, price.recurring.interval_count);
  };
}

function signedStep(change: MrrChange): { at: number; delta: bigint } {
  const isGain = change.kind === 'new' || change.kind === 'expansion';
  return { at: change.at, delta: isGain ? change.amount : -change.amount };
}

/** A live span counts one from its start and none from its end. */
function spanSteps(span: LiveSpan): { at: number; delta: bigint }[] {
  const steps = [{ at: span.start, delta: 1n }];
  if (span.end !== null) steps.push({ at: span.end, delta: -1n });
  return steps;
}
