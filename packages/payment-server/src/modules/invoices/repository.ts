import type { ExpressionBuilder, Insertable, Selectable, Updateable } from 'kysely';
import { hasRowLocks } from '../../db/row-locks.ts';
import { newestFirstPage } from '../../db/search.ts';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type InvoiceRow = Selectable<PaymentTables['invoices']>;
export type NewInvoiceRow = Insertable<PaymentTables['invoices']>;
export type InvoiceLineRow = Selectable<PaymentTables['invoice_lines']>;
export type NewInvoiceLineRow = Insertable<PaymentTables['invoice_lines']>;

export async function insertInvoiceRows(
  db: PaymentDb,
  invoice: NewInvoiceRow,
  lines: readonly NewInvoiceLineRow[],
) {
  await db.insertInto('invoices').values(invoice).execute();
  if (lines.length > 0)
    await db
      .insertInto('invoice_lines')
      .values([...lines])
      .execute();
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

/** Overdue: uncollectible, or open past its due date (billing design, "Overdue gating"). */
function isOverdue(now: number) {
  return (eb: ExpressionBuilder<PaymentTables, 'invoices'>) =>
    eb.or([
      eb('status', '=', 'uncollectible'),
      eb.and([eb('status', '=', 'open'), eb('due_date', '<', now)]),
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
  if (lines.length > 0)
    await db
      .insertInto('invoice_lines')
      .values([...lines])
      .execute();
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

/** One page of invoices in one mode, newest first; filters left undefined match all. */
export async function listInvoiceRows(
  db: PaymentDb,
  filter: {
    livemode: boolean;
    customerId?: string | undefined;
    subscriptionId?: string | undefined;
    status?: string | undefined;
    /** Leaves drafts out: only the admins who write them see them. */
    hideDrafts: boolean;
  },
  page: { page: number; pageSize: number },
): Promise<{ rows: InvoiceRow[]; count: number }> {
  let query = db.selectFrom('invoices').where('livemode', '=', filter.livemode ? 1 : 0);
  if (filter.customerId) query = query.where('customer_id', '=', filter.customerId);
  if (filter.subscriptionId) query = query.where('subscription_id', '=', filter.subscriptionId);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.hideDrafts) query = query.where('status', '!=', 'draft');
  return newestFirstPage(query, page);
}
