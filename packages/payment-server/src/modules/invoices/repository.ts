import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type InvoiceRow = PaymentTables['invoices'];
export type InvoiceLineRow = PaymentTables['invoice_lines'];

export async function insertInvoiceRows(
  db: PaymentDb,
  invoice: InvoiceRow,
  lines: readonly InvoiceLineRow[],
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
