import type { Updateable } from 'kysely';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

type InvoiceChanges = Updateable<PaymentTables['invoices']>;

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
 * Records one collection attempt on an open invoice only if nobody recorded it first: the
 * attempt count read before charging must still be the count. True when this call recorded it.
 */
export async function recordInvoiceAttempt(
  db: PaymentDb,
  input: { invoiceId: string; readAttemptCount: number; changes: InvoiceChanges },
): Promise<boolean> {
  const result = await db
    .updateTable('invoices')
    .set({ ...input.changes, attempt_count: input.readAttemptCount + 1 })
    .where('id', '=', input.invoiceId)
    .where('status', '=', 'open')
    .where('attempt_count', '=', input.readAttemptCount)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
