import type { ExpressionBuilder, Insertable, Selectable } from 'kysely';
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

export async function listInvoiceLineRows(db: PaymentDb, invoiceId: string): Promise<InvoiceLineRow[]> {
  return db
    .selectFrom('invoice_lines')
    .selectAll()
    .where('invoice_id', '=', invoiceId)
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

/**
 * Marks open or uncollectible invoices paid in full, each naming the intent that paid it when
 * one is given (null keeps the intent it names); answers the rows that changed, leaving
 * invoices that were not payable as they are. One statement per distinct intent.
 */
export async function markInvoiceRowsPaid(
  db: PaymentDb,
  input: { invoices: readonly { id: string; paymentIntentId: string | null }[]; now: number },
): Promise<Pick<InvoiceRow, 'id' | 'customer_id' | 'subscription_id' | 'livemode'>[]> {
  const byIntent = new Map<string | null, string[]>();
  for (const invoice of input.invoices) {
    byIntent.set(invoice.paymentIntentId, [...(byIntent.get(invoice.paymentIntentId) ?? []), invoice.id]);
  }
  const paid: Pick<InvoiceRow, 'id' | 'customer_id' | 'subscription_id' | 'livemode'>[] = [];
  for (const [paymentIntentId, ids] of byIntent) {
    const rows = await db
      .updateTable('invoices')
      .set((eb) => ({
        status: 'paid',
        amount_paid: eb.ref('amount_due'),
        amount_remaining: '0',
        paid_at: input.now,
        next_payment_attempt: null,
        ...(paymentIntentId ? { payment_intent_id: paymentIntentId } : {}),
      }))
      .where('id', 'in', ids)
      .where('status', 'in', ['open', 'uncollectible'])
      .returning(['id', 'customer_id', 'subscription_id', 'livemode'])
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

/** Voids an invoice nobody paid; false when it was not open (paid meanwhile, or voided already). */
export async function voidOpenInvoiceRow(db: PaymentDb, id: string): Promise<boolean> {
  const result = await db
    .updateTable('invoices')
    .set({ status: 'void', amount_remaining: '0', next_payment_attempt: null })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Whether a subscription has an open invoice of this reason (a plan change still being paid). */
export async function hasOpenInvoiceOfReason(
  db: PaymentDb,
  input: { subscriptionId: string; billingReason: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('invoices')
    .select('id')
    .where('subscription_id', '=', input.subscriptionId)
    .where('billing_reason', '=', input.billingReason)
    .where('status', '=', 'open')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** One page of invoices in one mode, newest first; filters left undefined match all. */
export async function listInvoiceRows(
  db: PaymentDb,
  filter: {
    livemode: boolean;
    customerId?: string | undefined;
    subscriptionId?: string | undefined;
    status?: string | undefined;
  },
  page: { page: number; pageSize: number },
): Promise<{ rows: InvoiceRow[]; count: number }> {
  let query = db.selectFrom('invoices').where('livemode', '=', filter.livemode ? 1 : 0);
  if (filter.customerId) query = query.where('customer_id', '=', filter.customerId);
  if (filter.subscriptionId) query = query.where('subscription_id', '=', filter.subscriptionId);
  if (filter.status) query = query.where('status', '=', filter.status);
  return newestFirstPage(query, page);
}
