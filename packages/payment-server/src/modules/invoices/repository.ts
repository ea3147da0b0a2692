import type { Insertable, Selectable } from 'kysely';
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

/** Whether the customer has an open or uncollectible invoice whose due date has passed. */
export async function hasPastDueInvoiceRow(
  db: PaymentDb,
  input: { customerId: string; livemode: boolean; now: number },
): Promise<boolean> {
  const row = await db
    .selectFrom('invoices')
    .select('id')
    .where('customer_id', '=', input.customerId)
    .where('livemode', '=', input.livemode ? 1 : 0)
    .where('status', 'in', ['open', 'uncollectible'])
    .where('due_date', '<', input.now)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
