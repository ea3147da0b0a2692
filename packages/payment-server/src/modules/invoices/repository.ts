import { exportNewestFirst, insertRows, newestFirstPage, type ListExport } from '@bazaar/server-kit';
import { sql, type ExpressionBuilder, type Insertable, type Selectable, type Updateable } from 'kysely';
import { insertChunks } from '../../db/insert-chunks.ts';
import { hasRowLocks } from '../../db/row-locks.ts';
import { inClock } from '../../db/test-clock-scope.ts';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type InvoiceRow = Selectable<PaymentTables['invoices']>;
export type NewInvoiceRow = Insertable<PaymentTables['invoices']>;
export type InvoiceLineRow = Selectable<PaymentTables['invoice_lines']>;
export type NewInvoiceLineRow = Insertable<PaymentTables['invoice_lines']>;

/** New invoices and their lines, a multi-row insert per table (a renewal batch writes hundreds). */
export async function insertInvoiceRows(
  db: PaymentDb,
  rows: { invoices: readonly NewInvoiceRow[]; lines: readonly NewInvoiceLineRow[] },
): Promise<void> {
  for (const chunk of insertChunks(rows.invoices)) await insertRows(db, 'invoices', chunk);
  for (const chunk of insertChunks(rows.lines)) await insertRows(db, 'invoice_lines', chunk);
}

export async function findInvoiceRow(db: PaymentDb, id: string): Promise<InvoiceRow | undefined> {
  return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Reads an invoice for a change that must not race the engine's collection: on PostgreSQL the
 * row stays locked until the caller's transaction ends, so a claim waits (or skips it); SQLite's
 * single writer gives the same guarantee.
 */
export async function lockInvoiceRow(db: PaymentDb, id: string): Promise<InvoiceRow | undefined> {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('id', '=', id)
    .$if(hasRowLocks(db), (query) => query.forUpdate())
    .executeTakeFirst();
}

/** Who collects an invoice while its lease runs (`invoices.collection_lease_holder`). */
export type LeaseHolder = 'engine' | 'payer';

/** What a recorded outcome, a payment or a void writes: nobody collects the invoice any more. */
export const NO_LEASE = { collection_lease_until: null, collection_lease_holder: null } as const;

/** Nobody holds the lease: never taken, or run out (its holder crashed or walked away). */
export function isLeaseFree(now: number) {
  return (eb: ExpressionBuilder<PaymentTables, 'invoices'>) =>
    eb.or([eb('collection_lease_until', 'is', null), eb('collection_lease_until', '<=', now)]);
}

/**
 * Leases one invoice in one of `statuses` to `holder` until `until` when its lease is free. The
 * payer may also renew a lease of their own (the invoice page reloaded); the engine never takes
 * a lease that runs, not even its own (another worker's charge may be in flight). Answers the
 * leased row, or undefined when someone else holds it or the status did not match.
 */
export async function leaseInvoiceRow(
  db: PaymentDb,
  input: { id: string; holder: LeaseHolder; now: number; until: number; statuses: readonly string[] },
): Promise<InvoiceRow | undefined> {
  return db
    .updateTable('invoices')
    .set({ collection_lease_until: input.until, collection_lease_holder: input.holder })
    .where('id', '=', input.id)
    .where('status', 'in', [...input.statuses])
    .where((eb) =>
      input.holder === 'payer'
        ? eb.or([isLeaseFree(input.now)(eb), eb('collection_lease_holder', '=', 'payer')])
        : isLeaseFree(input.now)(eb),
    )
    .returningAll()
    .executeTakeFirst();
}

/** Who holds the invoice's collection lease at `now`; null when it is free. */
export function collectionLeaseHolder(row: InvoiceRow, now: number): LeaseHolder | null {
  if (row.collection_lease_until === null || row.collection_lease_until <= now) return null;
  return row.collection_lease_holder === 'payer' ? 'payer' : 'engine';
}

/**
 * Whether the engine leased the invoice and never recorded the attempt (recording clears the
 * lease), even when the lease has run out: its worker may have died after the card was charged.
 */
export function hasEngineLease(row: InvoiceRow): boolean {
  return row.collection_lease_until !== null && row.collection_lease_holder !== 'payer';
}

/** Ends `holder`'s lease on an invoice (a declined payer); someone else's stays. */
export async function releaseInvoiceLease(
  db: PaymentDb,
  input: { id: string; holder: LeaseHolder },
): Promise<void> {
  await db
    .updateTable('invoices')
    .set(NO_LEASE)
    .where('id', '=', input.id)
    .where('collection_lease_holder', '=', input.holder)
    .execute();
}

/** The lines of the invoices `invoiceIds` in one query, each invoice's in position order. */
export async function listInvoiceLineRows(
  db: PaymentDb,
  invoiceIds: readonly string[],
): Promise<InvoiceLineRow[]> {
  if (invoiceIds.length === 0) return [];
  return db
    .selectFrom('invoice_lines')
    .selectAll()
    .where('invoice_id', 'in', invoiceIds)
    .orderBy('position')
    .execute();
}

/** Whether the customer has an overdue invoice at `now`, the customer's own time (`customerNow`). */
export async function hasPastDueInvoiceRow(
  db: PaymentDb,
  input: { customerId: string; livemode: boolean; now: number },
): Promise<boolean> {
  const row = await db
    .selectFrom('invoices')
    .select('id')
    .where('customer_id', '=', input.customerId)
    .where('livemode', '=', input.livemode ? 1 : 0)
    .where(isOverdue(input.now))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export type PaidInvoice = Pick<
  InvoiceRow,
  'id' | 'customer_id' | 'subscription_id' | 'livemode' | 'plan_change'
>;

export async function setInvoicePlanChange(
  db: PaymentDb,
  input: { invoiceId: string; planChange: string },
): Promise<void> {
  await db
    .updateTable('invoices')
    .set({ plan_change: input.planChange })
    .where('id', '=', input.invoiceId)
    .execute();
}

/**
 * Marks open or uncollectible invoices paid in full, each naming the intent that paid it when
 * one is given (null keeps the intent it names); answers the rows that changed, leaving
 * invoices that were not payable as they are. One statement per distinct intent.
 */
export async function markInvoiceRowsPaid(
  db: PaymentDb,
  input: { invoices: readonly { id: string; paymentIntentId: string | null }[]; now: number },
): Promise<PaidInvoice[]> {
  const byIntent = new Map<string | null, string[]>();
  for (const invoice of input.invoices) {
    byIntent.set(invoice.paymentIntentId, [...(byIntent.get(invoice.paymentIntentId) ?? []), invoice.id]);
  }
  const paid: PaidInvoice[] = [];
  for (const [paymentIntentId, ids] of byIntent) {
    const rows = await db
      .updateTable('invoices')
      .set((eb) => ({
        status: 'paid',
        amount_paid: eb.ref('amount_due'),
        amount_remaining: '0',
        paid_at: input.now,
        next_payment_attempt: null,
        ...NO_LEASE,
        ...(paymentIntentId ? { payment_intent_id: paymentIntentId } : {}),
      }))
      .where('id', 'in', ids)
      .where('status', 'in', ['open', 'uncollectible'])
      .returning(['id', 'customer_id', 'subscription_id', 'livemode', 'plan_change'])
      .execute();
    paid.push(...rows);
  }
  return paid;
}

/**
 * Overdue: uncollectible, or open past its due date (billing design, "Overdue gating"). The
 * status list comes first so the (customer_id, status) index seeks the two statuses; an OR alone
 * made SQLite walk every invoice the customer ever paid.
 */
function isOverdue(now: number) {
  return (eb: ExpressionBuilder<PaymentTables, 'invoices'>) =>
    eb.and([
      eb('status', 'in', ['uncollectible', 'open']),
      eb.or([eb('status', '=', 'uncollectible'), eb('due_date', '<', now)]),
    ]);
}

/** Whether a subscription still has an invoice that is uncollectible or open past its due date. */
export async function hasOverdueSubscriptionInvoice(
  db: PaymentDb,
  input: { subscriptionId: string; now: number },
): Promise<boolean> {
  const row = await db
    .selectFrom('invoices')
    .select('id')
    .where('subscription_id', '=', input.subscriptionId)
    .where(isOverdue(input.now))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The overdue invoices of one customer or one subscription, oldest first. */
export async function listOverdueInvoiceRows(
  db: PaymentDb,
  input: { by: 'customer_id' | 'subscription_id'; id: string; now: number },
): Promise<InvoiceRow[]> {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where(input.by, '=', input.id)
    .where(isOverdue(input.now))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Changes an invoice only while its status is one of `from`, so a move decided on a row read
 * earlier never overwrites one that happened meanwhile; false when the status had moved on.
 */
export async function updateInvoiceRowFrom(
  db: PaymentDb,
  input: { id: string; from: readonly string[]; changes: Updateable<PaymentTables['invoices']> },
): Promise<boolean> {
  const result = await db
    .updateTable('invoices')
    .set(input.changes)
    .where('id', '=', input.id)
    .where('status', 'in', [...input.from])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Replaces every line of an invoice (a draft being edited). */
export async function replaceInvoiceLineRows(
  db: PaymentDb,
  invoiceId: string,
  lines: readonly NewInvoiceLineRow[],
): Promise<void> {
  await db.deleteFrom('invoice_lines').where('invoice_id', '=', invoiceId).execute();
  await insertRows(db, 'invoice_lines', lines);
}

/** A subscription's open invoice of this reason (a plan change still being paid), if any. */
export async function findOpenInvoiceOfReason(
  db: PaymentDb,
  input: { subscriptionId: string; billingReason: string },
): Promise<InvoiceRow | undefined> {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('subscription_id', '=', input.subscriptionId)
    .where('billing_reason', '=', input.billingReason)
    .where('status', '=', 'open')
    .limit(1)
    .executeTakeFirst();
}

/** Which invoices of one mode a list or an export holds; filters left undefined match all. */
export interface InvoiceListFilter {
  livemode: boolean;
  customerId?: string | undefined;
  subscriptionId?: string | undefined;
  currencyId?: string | undefined;
  status?: string | undefined;
  /** Leaves drafts out: only the admins who write them see them. */
  hideDrafts: boolean;
  /** Billing reasons left out. */
  hiddenReasons: readonly string[];
  /** Leaves out invoices whose total is nothing. */
  ignoreZero: boolean;
}

function invoiceListQuery(db: PaymentDb, filter: InvoiceListFilter) {
  let query = db.selectFrom('invoices').where('livemode', '=', filter.livemode ? 1 : 0);
  if (filter.customerId) query = query.where('customer_id', '=', filter.customerId);
  if (filter.subscriptionId) query = query.where('subscription_id', '=', filter.subscriptionId);
  if (filter.currencyId) query = query.where('currency_id', '=', filter.currencyId);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.hideDrafts) query = query.where('status', '!=', 'draft');
  if (filter.hiddenReasons.length > 0) query = query.where('billing_reason', 'not in', filter.hiddenReasons);
  if (filter.ignoreZero) query = query.where('total', '!=', '0');
  return query;
}

/** One page of the filter's invoices, newest first. */
export async function listInvoiceRows(
  db: PaymentDb,
  filter: InvoiceListFilter,
  page: { page: number; pageSize: number },
): Promise<{ rows: InvoiceRow[]; count: number }> {
  return newestFirstPage(invoiceListQuery(db, filter), page);
}

/** Every invoice of the filter, newest first, a batch at a time, and how many there are. */
export function exportInvoiceRows(db: PaymentDb, filter: InvoiceListFilter): Promise<ListExport<InvoiceRow>> {
  return exportNewestFirst(invoiceListQuery(db, filter));
}

/** Links an invoice to the intent that collects it, unless another already does; true when linked. */
export async function linkInvoiceIntent(
  db: PaymentDb,
  input: { invoiceId: string; paymentIntentId: string },
): Promise<boolean> {
  const result = await db
    .updateTable('invoices')
    .set({ payment_intent_id: input.paymentIntentId })
    .where('id', '=', input.invoiceId)
    .where('payment_intent_id', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Records one collection attempt on each open invoice, only where nobody recorded it first: the
 * attempt count read before charging must still be the count. The collection lease ends with
 * it. One statement per distinct count read; answers the ids this call recorded.
 */
export async function recordInvoiceAttempts(
  db: PaymentDb,
  input: {
    invoices: readonly { id: string; readAttemptCount: number }[];
    changes: Updateable<PaymentTables['invoices']>;
  },
): Promise<Set<string>> {
  const byCount = new Map<number, string[]>();
  for (const invoice of input.invoices) {
    byCount.set(invoice.readAttemptCount, [...(byCount.get(invoice.readAttemptCount) ?? []), invoice.id]);
  }
  const recorded = new Set<string>();
  for (const [count, ids] of byCount) {
    const rows = await db
      .updateTable('invoices')
      .set({ ...input.changes, attempt_count: count + 1, ...NO_LEASE })
      .where('id', 'in', ids)
      .where('status', '=', 'open')
      .where('attempt_count', '=', count)
      .returning('id')
      .execute();
    for (const row of rows) recorded.add(row.id);
  }
  return recorded;
}

/**
 * Open invoices due for a collection attempt whose lease is free, leased to the engine until
 * `leaseUntil`: another worker (or a later run) leaves them alone while this one charges, and so
 * does the payer's invoice page. Their next attempt stays as scheduled; recording the outcome
 * ends the lease. Run it in a transaction of its own.
 */
export async function claimDueInvoiceRows(
  db: PaymentDb,
  input: { now: number; testClockId: string | null; limit: number; leaseUntil: number },
): Promise<InvoiceRow[]> {
  const rows = await db
    .selectFrom('invoices')
    .selectAll()
    .where('test_clock_id', ...inClock(input.testClockId))
    .where('status', '=', 'open')
    .where('next_payment_attempt', '<=', input.now)
    .where(isLeaseFree(input.now))
    // The index's own order: a tie-breaker would sort every due invoice for each batch.
    .orderBy('next_payment_attempt')
    .limit(input.limit)
    .$if(hasRowLocks(db), (query) => query.forUpdate().skipLocked())
    .execute();
  if (rows.length > 0) {
    await db
      .updateTable('invoices')
      .set({ collection_lease_until: input.leaseUntil, collection_lease_holder: 'engine' })
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
  }
  return rows;
}

/**
 * Open invoices of a subscription keep the card they were billed to (`card`) unless they already
 * hold one: a new card of the subscription is for the invoices to come.
 */
export async function keepOpenInvoicesCard(
  db: PaymentDb,
  input: { subscriptionId: string; card: string },
): Promise<void> {
  await db
    .updateTable('invoices')
    .set({ payment_card: input.card })
    .where('subscription_id', '=', input.subscriptionId)
    .where('status', 'in', ['open', 'uncollectible'])
    .where('payment_card', 'is', null)
    .execute();
}

/** A customer's open invoices move into the test clock's time with them. */
export async function moveOpenInvoicesToClock(
  db: PaymentDb,
  input: { customerId: string; testClockId: string },
): Promise<void> {
  await db
    .updateTable('invoices')
    .set({ test_clock_id: input.testClockId })
    .where('customer_id', '=', input.customerId)
    .where('status', '=', 'open')
    .execute();
}

/**
 * The clock's earliest due collection attempt, not before its lease runs out (a leased invoice
 * is not collected while the lease runs); null when none is open.
 */
export async function findNextCollectionMoment(db: PaymentDb, testClockId: string): Promise<number | null> {
  const row = await db
    .selectFrom('invoices')
    .select((eb) =>
      eb.fn
        .min(
          eb
            .case()
            .when('collection_lease_until', '>', eb.ref('next_payment_attempt'))
            .then(eb.ref('collection_lease_until'))
            .else(eb.ref('next_payment_attempt'))
            .end(),
        )
        .as('at'),
    )
    .where('test_clock_id', '=', testClockId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}

/**
 * A page of the invoices a test clock's advance made: dated after `after` up to `until` in the
 * clock's time (what the engine dates them), newest first.
 */
export async function listClockInvoiceRows(
  db: PaymentDb,
  filter: { testClockId: string; after: number; until: number },
  page: { page: number; pageSize: number },
): Promise<{ rows: InvoiceRow[]; count: number }> {
  return newestFirstPage(
    db
      .selectFrom('invoices')
      .where('test_clock_id', '=', filter.testClockId)
      .where('created_at', '>', filter.after)
      .where('created_at', '<=', filter.until),
    page,
  );
}

/** What one invoice line billed of a metered price's usage in one period. */
export interface InvoicedUsageRow {
  subscription_id: string;
  price_id: string;
  period_start: number;
  quantity: number;
  amount: string;
}

/**
 * The lines of the subscriptions' invoices (not voided) for periods starting at one of
 * `periodStarts`: what was already invoiced of each price's usage there. A usage line carries
 * its usage period; a licensed line bills another price, so it never counts.
 */
export async function listInvoicedUsageRows(
  db: PaymentDb,
  input: { subscriptionIds: readonly string[]; periodStarts: readonly number[] },
): Promise<InvoicedUsageRow[]> {
  if (input.subscriptionIds.length === 0 || input.periodStarts.length === 0) return [];
  const rows = await db
    .selectFrom('invoice_lines as line')
    .innerJoin('invoices as invoice', 'invoice.id', 'line.invoice_id')
    .select(['invoice.subscription_id', 'line.price_id', 'line.period_start', 'line.quantity', 'line.amount'])
    .where('invoice.subscription_id', 'in', [...new Set(input.subscriptionIds)])
    .where('invoice.status', '!=', 'void')
    .where('line.period_start', 'in', [...new Set(input.periodStarts)])
    .execute();
  return rows.flatMap(({ subscription_id, price_id, period_start, quantity, amount }) =>
    subscription_id && price_id && period_start !== null
      ? [{ subscription_id, price_id, period_start, quantity, amount }]
      : [],
  );
}

/** Whether an invoice ever billed the price: past invoices must keep rendering it. */
export async function isPriceOnAnyInvoice(db: PaymentDb, priceId: string): Promise<boolean> {
  const hit = await db
    .selectFrom('invoice_lines')
    .select('id')
    .where('price_id', '=', priceId)
    .limit(1)
    .executeTakeFirst();
  return hit !== undefined;
}

/**
 * Marks up to `limit` paid invoices whose revenue waits to be rolled up (`metrics_price_days`)
 * as rolled up and answers their ids, oldest paid first so one batch touches few days. Invoices
 * another node's rollup is taking are left to it.
 */
export async function takePaidInvoicesToRollUp(db: PaymentDb, limit: number): Promise<string[]> {
  const waiting = await db
    .selectFrom('invoices')
    .select('id')
    // Literals, which the partial index of waiting invoices (migration 0023) answers to.
    .where('status', '=', sql.lit('paid'))
    .where('revenue_rolled_up', '=', sql.lit(0))
    .orderBy('livemode')
    .orderBy('paid_at')
    .limit(limit)
    .$if(hasRowLocks(db), (query) => query.forUpdate().skipLocked())
    .execute();
  const ids = waiting.map((row) => row.id);
  if (ids.length > 0) {
    await db.updateTable('invoices').set({ revenue_rolled_up: 1 }).where('id', 'in', ids).execute();
  }
  return ids;
}
