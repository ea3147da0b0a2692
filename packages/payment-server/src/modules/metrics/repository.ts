import { sql } from 'kysely';
import type { PaymentDb } from '../../db/tables.ts';
import { DAY_SECONDS } from './buckets.ts';
import { sliceSumSelections, type SliceSums } from './exact-sum.ts';

/**
 * The dashboard's figures are a read model over the tables of payments, refunds, invoices,
 * subscriptions and events: they are only ever read here, grouped in the database by currency
 * and UTC day so a year of 100,000 payments leaves it as a few hundred rows. The owning modules
 * write them; nothing here does.
 */

interface Range {
  livemode: boolean;
  from: number;
  to: number;
}

/** The UTC day of a unix-seconds column: integer division, which both databases do alike. */
const utcDay = (column: string) => sql<number>`${sql.ref(column)} / ${sql.lit(DAY_SECONDS)}`;

export type PaymentDayRow = SliceSums & {
  currency_id: string;
  day: number;
  is_donation: number;
  count: number;
};

/**
 * Succeeded payments per currency, UTC day and whether a donation checkout took them. A succeeded
 * intent never moves again, so its `updated_at` is when it succeeded.
 */
export async function listPaymentDayRows(db: PaymentDb, range: Range): Promise<PaymentDayRow[]> {
  const isDonation = sql<number>`case when ${sql.ref('cs.submit_type')} = 'donate' then 1 else 0 end`;
  const day = utcDay('pi.updated_at');
  return db
    .selectFrom('payment_intents as pi')
    .leftJoin('checkout_sessions as cs', 'cs.id', 'pi.checkout_session_id')
    .where('pi.status', '=', 'succeeded')
    .where('pi.livemode', '=', range.livemode ? 1 : 0)
    .where('pi.updated_at', '>=', range.from)
    .where('pi.updated_at', '<', range.to)
    .select([
      'pi.currency_id',
      day.as('day'),
      isDonation.as('is_donation'),
      sql<number>`count(*)`.as('count'),
      ...sliceSumSelections(sql`${sql.ref('pi.amount_received')}`),
    ])
    .groupBy(['pi.currency_id', day, isDonation])
    .execute();
}

export type RefundDayRow = SliceSums & { currency_id: string; day: number; count: number };

/** Succeeded refunds per currency and UTC day; a settled refund moves again only to failed. */
export async function listRefundDayRows(db: PaymentDb, range: Range): Promise<RefundDayRow[]> {
  const day = utcDay('updated_at');
  return db
    .selectFrom('refunds')
    .where('status', '=', 'succeeded')
    .where('livemode', '=', range.livemode ? 1 : 0)
    .where('updated_at', '>=', range.from)
    .where('updated_at', '<', range.to)
    .select([
      'currency_id',
      day.as('day'),
      sql<number>`count(*)`.as('count'),
      ...sliceSumSelections(sql`${sql.ref('amount')}`),
    ])
    .groupBy(['currency_id', day])
    .execute();
}

export type PriceRevenueRow = SliceSums & { currency_id: string; price_id: string; is_credit: number };

/**
 * What the lines of invoices paid in the range billed per currency and price, credits (a plan
 * change's unused time, negative) summed apart so every sum adds non-negative digits.
 */
export async function listPriceRevenueRows(db: PaymentDb, range: Range): Promise<PriceRevenueRow[]> {
  const isCredit = sql<number>`case when ${sql.ref('il.amount')} like '-%' then 1 else 0 end`;
  const digits = sql<string>`ltrim(${sql.ref('il.amount')}, '-')`;
  return db
    .selectFrom('invoices as i')
    .innerJoin('invoice_lines as il', 'il.invoice_id', 'i.id')
    .where('i.status', '=', 'paid')
    .where('i.livemode', '=', range.livemode ? 1 : 0)
    .where('i.paid_at', '>=', range.from)
    .where('i.paid_at', '<', range.to)
    .where('il.price_id', 'is not', null)
    .select([
      'i.currency_id',
      (eb) => eb.ref('il.price_id').$notNull().as('price_id'),
      isCredit.as('is_credit'),
      ...sliceSumSelections(digits),
    ])
    .groupBy(['i.currency_id', 'il.price_id', isCredit])
    .execute();
}

/** A success announces the intent; a failure the intent (the payer's card) or the invoice (the engine's renewal), never both. */
export const ATTEMPT_SUCCEEDED = 'payment_intent.succeeded';
export const ATTEMPT_FAILED = ['payment_intent.payment_failed', 'invoice.payment_failed'];

export type AttemptDayRow = { type: string; day: number; count: number };

/** Payment attempts per outcome event and UTC day, counted from the events that announce them. */
export async function listAttemptDayRows(db: PaymentDb, range: Range): Promise<AttemptDayRow[]> {
  const day = utcDay('created_at');
  return db
    .selectFrom('events')
    .where('type', 'in', [ATTEMPT_SUCCEEDED, ...ATTEMPT_FAILED])
    .where('livemode', '=', range.livemode ? 1 : 0)
    .where('created_at', '>=', range.from)
    .where('created_at', '<', range.to)
    .select(['type', day.as('day'), sql<number>`count(*)`.as('count')])
    .groupBy(['type', day])
    .execute();
}

export type SubscriptionItemRow = {
  subscription_id: string;
  status: string;
  currency_id: string;
  created_at: number;
  trial_end: number | null;
  ended_at: number | null;
  item_id: string;
  price_id: string;
  quantity: number;
};

/** Every subscription that ever started (not one left incomplete), one row per item. */
export async function listSubscriptionItemRows(
  db: PaymentDb,
  livemode: boolean,
): Promise<SubscriptionItemRow[]> {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('subscription_items as si', 'si.subscription_id', 's.id')
    .where('s.livemode', '=', livemode ? 1 : 0)
    .where('s.status', 'not in', ['incomplete', 'incomplete_expired'])
    .select([
      's.id as subscription_id',
      's.status',
      's.currency_id',
      's.created_at',
      's.trial_end',
      's.ended_at',
      'si.id as item_id',
      'si.price_id',
      'si.quantity',
    ])
    .execute();
}

export type PlanChangeRow = {
  subscription_id: string;
  paid_at: number;
  plan_change: string;
  /** The quantity the unused-time credit names: the item's quantity before the change. */
  credited_quantity: number | null;
};

/** Plan changes that took effect: their invoices were paid (settling one makes the switch). */
export async function listPlanChangeRows(db: PaymentDb, livemode: boolean): Promise<PlanChangeRow[]> {
  return db
    .selectFrom('invoices as i')
    .leftJoin('invoice_lines as il', (join) =>
      join.onRef('il.invoice_id', '=', 'i.id').on('il.proration', '=', 1).on('il.amount', 'like', '-%'),
    )
    .where('i.livemode', '=', livemode ? 1 : 0)
    .where('i.billing_reason', '=', 'subscription_update')
    .where('i.status', '=', 'paid')
    .where('i.plan_change', 'is not', null)
    .select([
      (eb) => eb.ref('i.subscription_id').$notNull().as('subscription_id'),
      (eb) => eb.ref('i.paid_at').$notNull().as('paid_at'),
      (eb) => eb.ref('i.plan_change').$notNull().as('plan_change'),
      'il.quantity as credited_quantity',
    ])
    .orderBy('i.paid_at')
    .execute();
}
