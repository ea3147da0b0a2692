import { sql } from 'kysely';
import { hasRowLocks } from '../../db/row-locks.ts';
import type { PaymentDb } from '../../db/tables.ts';
import { DAY_SECONDS } from './buckets.ts';
import { exactSumSelections, type ExactSum } from './exact-sum.ts';

/**
 * The dashboard's figures are a read model over the tables of payments, refunds, invoices,
 * subscriptions and events: they are read here, grouped in the database by currency and UTC day
 * so a year of 100,000 payments leaves it as a few hundred rows. The owning modules write them.
 * The two largest are rolled up per UTC day into tables of their own, written by
 * `flows/roll-up-metrics.ts`: succeeded payments (`metrics_payment_days`) and what paid invoices
 * billed per price (`metrics_price_days`); read per request, they were a year of payments, and a
 * join of every paid invoice of the range to its lines.
 */

interface Range {
  livemode: boolean;
  from: number;
  to: number;
}

/** The UTC day of a unix-seconds column: integer division, which both databases do alike. */
const utcDay = (column: string) => sql<number>`(${sql.ref(column)} / ${sql.lit(DAY_SECONDS)})`;

export type PaymentDayRow = ExactSum & { currency_id: string; day: number; count: number };

/**
 * The whole UTC days of a range, `[firstDay, endDay)`, which the rollups answer for; null when
 * the range holds none. The cut days at either end are read from the rows themselves.
 */
function wholeDaysOf(range: Range): { firstDay: number; endDay: number } | null {
  const firstDay = Math.ceil(range.from / DAY_SECONDS);
  const endDay = Math.floor(range.to / DAY_SECONDS);
  return firstDay < endDay ? { firstDay, endDay } : null;
}

/**
 * Succeeded payments per currency and UTC day; a (day, currency) may come in several rows, to be
 * added up. Whole days come from their rollup (`metrics_payment_days`) plus the payments still
 * waiting to be added to it, the range's cut first and last days from the payments, in one
 * statement, so a rollup committing meanwhile is seen wholly or not at all.
 */
export async function listPaymentDayRows(db: PaymentDb, range: Range): Promise<PaymentDayRow[]> {
  const whole = wholeDaysOf(range);
  if (!whole) return succeededPaymentDays(db, range, range).execute();
  const wholeFrom = whole.firstDay * DAY_SECONDS;
  const wholeTo = whole.endDay * DAY_SECONDS;
  return db
    .selectFrom('metrics_payment_days')
    .where('livemode', '=', range.livemode ? 1 : 0)
    .where('day', '>=', whole.firstDay)
    .where('day', '<', whole.endDay)
    .select([
      'day',
      'currency_id',
      sql<number>`sum(${sql.ref('count')})`.as('count'),
      ...exactSumSelections(db, sql`${sql.ref('amount')}`),
    ])
    .groupBy(['day', 'currency_id'])
    .unionAll(succeededPaymentDays(db, range, { from: wholeFrom, to: wholeTo, waitingOnly: true }))
    .unionAll(succeededPaymentDays(db, range, { from: range.from, to: wholeFrom }))
    .unionAll(succeededPaymentDays(db, range, { from: wholeTo, to: range.to }))
    .execute();
}

/**
 * The mode's payments that succeeded from `from` (included) to `to`, per UTC day and currency. A
 * succeeded intent never moves again, so its `updated_at` is when it succeeded. An intent of 0
 * only saved a card (a trial's setup): it took no money and is no payment.
 */
function succeededPaymentDays(
  db: PaymentDb,
  range: Range,
  succeeded: { from: number; to: number; waitingOnly?: boolean },
) {
  // Ranging over the day as well lets the database read payment_intents_metrics_idx in the
  // order it groups by; the exact bounds then trim the first and last day.
  const day = utcDay('updated_at');
  return db
    .selectFrom('payment_intents')
    .where('livemode', '=', range.livemode ? 1 : 0)
    .where('status', '=', sql.lit('succeeded'))
    .$if(succeeded.waitingOnly === true, (query) => query.where('volume_rolled_up', '=', sql.lit(0)))
    .where(day, '>=', Math.floor(succeeded.from / DAY_SECONDS))
    .where(day, '<=', Math.floor((succeeded.to - 1) / DAY_SECONDS))
    .where('updated_at', '>=', succeeded.from)
    .where('updated_at', '<', succeeded.to)
    .where('amount_received', '!=', '0')
    .select([
      day.as('day'),
      'currency_id',
      sql<number>`count(*)`.as('count'),
      ...exactSumSelections(db, sql`${sql.ref('amount_received')}`),
    ])
    .groupBy([day, 'currency_id']);
}

export type PaymentDayKey = { livemode: number; day: number; currency_id: string };

/** These (succeeded) payments per mode, UTC day and currency: how many took money, and how much. */
export async function sumPaymentDaysOfIntents(
  db: PaymentDb,
  intentIds: readonly string[],
): Promise<(PaymentDayKey & ExactSum & { count: number })[]> {
  const day = utcDay('updated_at');
  return db
    .selectFrom('payment_intents')
    .where('id', 'in', intentIds)
    .where('amount_received', '!=', '0')
    .select([
      'livemode',
      day.as('day'),
      'currency_id',
      sql<number>`count(*)`.as('count'),
      ...exactSumSelections(db, sql`${sql.ref('amount_received')}`),
    ])
    .groupBy(['livemode', day, 'currency_id'])
    .execute();
}

/** Adds payments to their day, locked from reading to writing as `addToPriceDay` is. */
export async function addToPaymentDay(
  db: PaymentDb,
  row: PaymentDayKey & { count: number; amount: bigint },
): Promise<void> {
  const key = { livemode: row.livemode, day: row.day, currency_id: row.currency_id };
  await db
    .insertInto('metrics_payment_days')
    .values({ ...key, count: 0, amount: '0' })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  const current = await db
    .selectFrom('metrics_payment_days')
    .select(['count', 'amount'])
    .where((eb) => eb.and(key))
    .$if(hasRowLocks(db), (query) => query.forUpdate())
    .executeTakeFirstOrThrow();
  await db
    .updateTable('metrics_payment_days')
    .set({
      count: Number(current.count) + Number(row.count),
      amount: (BigInt(current.amount) + row.amount).toString(),
    })
    .where((eb) => eb.and(key))
    .execute();
}

/**
 * The same for payments through donation checkouts, read from the sessions' side: donations are
 * a few of all checkouts, so this reads those rather than joining every payment to its session.
 */
export async function listDonationDayRows(db: PaymentDb, range: Range): Promise<PaymentDayRow[]> {
  const day = utcDay('pi.updated_at');
  return db
    .selectFrom('checkout_sessions as cs')
    .innerJoin('payment_intents as pi', 'pi.id', 'cs.payment_intent_id')
    .where('cs.submit_type', '=', 'donate')
    .where('cs.livemode', '=', range.livemode ? 1 : 0)
    .where('pi.status', '=', 'succeeded')
    .where('pi.updated_at', '>=', range.from)
    .where('pi.updated_at', '<', range.to)
    .select([
      'pi.currency_id',
      day.as('day'),
      sql<number>`count(*)`.as('count'),
      ...exactSumSelections(db, sql`${sql.ref('pi.amount_received')}`),
    ])
    .groupBy(['pi.currency_id', day])
    .execute();
}

export type RefundDayRow = ExactSum & { currency_id: string; day: number; count: number };

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
      ...exactSumSelections(db, sql`${sql.ref('amount')}`),
    ])
    .groupBy(['currency_id', day])
    .execute();
}

export type PriceRevenueRow = ExactSum & { currency_id: string; price_id: string; is_credit: number };

/** A line amount's sign and digits: credits (a plan change's unused time) are negative. */
const lineIsCredit = sql<number>`case when ${sql.ref('il.amount')} like '-%' then 1 else 0 end`;
const lineDigits = sql<string>`ltrim(${sql.ref('il.amount')}, '-')`;

/**
 * What the lines of invoices paid in the range billed per currency and price, credits summed
 * apart so every sum adds non-negative digits; a (currency, price, credit) may come in several
 * rows, to be added up. Whole UTC days come from their rollup (`metrics_price_days`) plus the
 * invoices still waiting to be added to it; the range's cut first and last days from their
 * invoices. One statement, so a rollup committing meanwhile is seen wholly or not at all.
 */
export async function listPriceRevenueRows(db: PaymentDb, range: Range): Promise<PriceRevenueRow[]> {
  const whole = wholeDaysOf(range);
  if (!whole) return paidLineRevenue(db, range, range).execute();
  const wholeFrom = whole.firstDay * DAY_SECONDS;
  const wholeTo = whole.endDay * DAY_SECONDS;
  return db
    .selectFrom('metrics_price_days')
    .where('livemode', '=', range.livemode ? 1 : 0)
    .where('day', '>=', whole.firstDay)
    .where('day', '<', whole.endDay)
    .select(['currency_id', 'price_id', 'is_credit', ...exactSumSelections(db, sql`${sql.ref('amount')}`)])
    .groupBy(['currency_id', 'price_id', 'is_credit'])
    .unionAll(paidLineRevenue(db, range, { from: wholeFrom, to: wholeTo, waitingOnly: true }))
    .unionAll(paidLineRevenue(db, range, { from: range.from, to: wholeFrom }))
    .unionAll(paidLineRevenue(db, range, { from: wholeTo, to: range.to }))
    .execute();
}

/** The lines of the mode's invoices paid from `from` (included) to `to`, summed per currency and price. */
function paidLineRevenue(
  db: PaymentDb,
  range: Range,
  paid: { from: number; to: number; waitingOnly?: boolean },
) {
  return (
    db
      .selectFrom('invoices as i')
      .innerJoin('invoice_lines as il', 'il.invoice_id', 'i.id')
      // Literals, which the partial indexes of paid invoices (migrations 0022, 0023) answer to.
      .where('i.status', '=', sql.lit('paid'))
      .$if(paid.waitingOnly === true, (query) => query.where('i.revenue_rolled_up', '=', sql.lit(0)))
      .where('i.livemode', '=', range.livemode ? 1 : 0)
      .where('i.paid_at', '>=', paid.from)
      .where('i.paid_at', '<', paid.to)
      .where('il.price_id', 'is not', null)
      .select([
        'i.currency_id',
        (eb) => eb.ref('il.price_id').$notNull().as('price_id'),
        lineIsCredit.as('is_credit'),
        ...exactSumSelections(db, lineDigits),
      ])
      .groupBy(['i.currency_id', 'il.price_id', lineIsCredit])
  );
}

export type PriceDayRow = ExactSum & {
  livemode: number;
  currency_id: string;
  day: number;
  price_id: string;
  is_credit: number;
};

/** What the lines of these (paid) invoices billed per mode, currency, UTC day of payment and price. */
export async function sumPriceDaysOfInvoices(
  db: PaymentDb,
  invoiceIds: readonly string[],
): Promise<PriceDayRow[]> {
  const day = utcDay('i.paid_at');
  return db
    .selectFrom('invoices as i')
    .innerJoin('invoice_lines as il', 'il.invoice_id', 'i.id')
    .where('i.id', 'in', invoiceIds)
    .where('il.price_id', 'is not', null)
    .select([
      'i.livemode',
      'i.currency_id',
      day.as('day'),
      (eb) => eb.ref('il.price_id').$notNull().as('price_id'),
      lineIsCredit.as('is_credit'),
      ...exactSumSelections(db, lineDigits),
    ])
    .groupBy(['i.livemode', 'i.currency_id', day, 'il.price_id', lineIsCredit])
    .execute();
}

/**
 * Adds `amount` to a price's day. The sum is added here with bigint (SQLite cannot add numbers
 * of 30 digits), so the row is locked from reading to writing; callers add in key order.
 */
export async function addToPriceDay(
  db: PaymentDb,
  row: Omit<PriceDayRow, keyof ExactSum> & { amount: bigint },
): Promise<void> {
  const key = {
    livemode: row.livemode,
    currency_id: row.currency_id,
    day: row.day,
    price_id: row.price_id,
    is_credit: row.is_credit,
  };
  await db
    .insertInto('metrics_price_days')
    .values({ ...key, amount: '0' })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  const current = await db
    .selectFrom('metrics_price_days')
    .select('amount')
    .where((eb) => eb.and(key))
    .$if(hasRowLocks(db), (query) => query.forUpdate())
    .executeTakeFirstOrThrow();
  await db
    .updateTable('metrics_price_days')
    .set({ amount: (BigInt(current.amount) + row.amount).toString() })
    .where((eb) => eb.and(key))
    .execute();
}

export type FailureDayRow = { day: number; count: number };

/**
 * The events announcing a failed payment attempt: the payer's card fails on the intent, the
 * engine's renewal on the invoice, never both for one attempt. They are the only record of a
 * failure, so the event log's pruning keeps them (`flows/prune-event-log.ts`).
 */
export const FAILED_ATTEMPT_EVENT_TYPES = ['payment_intent.payment_failed', 'invoice.payment_failed'];

/**
 * Failed payment attempts per UTC day, from the events announcing them. Succeeded attempts are
 * the payments.
 */
export async function listFailureDayRows(db: PaymentDb, range: Range): Promise<FailureDayRow[]> {
  const day = utcDay('created_at');
  return db
    .selectFrom('events')
    .where('livemode', '=', range.livemode ? 1 : 0)
    .where('type', 'in', FAILED_ATTEMPT_EVENT_TYPES)
    .where('created_at', '>=', range.from)
    .where('created_at', '<', range.to)
    .select([day.as('day'), sql<number>`count(*)`.as('count')])
    .groupBy(day)
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
  return (
    db
      .selectFrom('invoices as i')
      .leftJoin('invoice_lines as il', (join) =>
        join.onRef('il.invoice_id', '=', 'i.id').on('il.proration', '=', 1).on('il.amount', 'like', '-%'),
      )
      .where('i.livemode', '=', livemode ? 1 : 0)
      .where('i.billing_reason', '=', 'subscription_update')
      // A literal, which the partial indexes of paid invoices (migration 0022) answer to.
      .where('i.status', '=', sql.lit('paid'))
      .where('i.plan_change', 'is not', null)
      .select([
        (eb) => eb.ref('i.subscription_id').$notNull().as('subscription_id'),
        (eb) => eb.ref('i.paid_at').$notNull().as('paid_at'),
        (eb) => eb.ref('i.plan_change').$notNull().as('plan_change'),
        'il.quantity as credited_quantity',
      ])
      .execute()
  );
}
