import { newId, randomToken } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import type { PaymentDb } from '../db/tables.ts';
import { findInvoiceRow, linkInvoiceIntent, type InvoiceRow } from '../modules/invoices/repository.ts';
import {
  findPaymentIntentRow,
  insertPaymentIntentRows,
  type PaymentIntentRow,
} from '../modules/payment-intents/repository.ts';
import type { SubscriptionRow } from '../modules/subscriptions/service.ts';

/**
 * The one intent that collects an invoice, made on the first attempt and reused by every retry
 * (and by the payer on the invoice page), so the invoice's payments show in one place.
 */
export async function ensureInvoiceIntent(
  db: PaymentDb,
  input: { invoice: InvoiceRow; subscription: SubscriptionRow | null; now: number },
): Promise<PaymentIntentRow> {
  const { invoice } = input;
  const existing = invoice.payment_intent_id && (await findPaymentIntentRow(db, invoice.payment_intent_id));
  if (existing) return existing;
  const methodId = invoice.payment_method_id ?? input.subscription?.default_payment_method_id;
  if (!methodId) {
    throw new AppError(
      'INVOICE_UNEXPECTED_STATE',
      `Invoice ${invoice.id} names no payment method to collect with`,
    );
  }
  const row = invoiceIntentRow({ ...invoice, payment_method_id: methodId }, input.now);
  const linked = await db.transaction().execute(async (trx) => {
    await insertPaymentIntentRows(trx, [row]);
    return linkInvoiceIntent(trx, { invoiceId: invoice.id, paymentIntentId: row.id });
  });
  if (linked) return row;
  // Another caller linked its intent first (and ours is unused): use theirs.
  const current = (await findInvoiceRow(db, invoice.id))!;
  return (await findPaymentIntentRow(db, current.payment_intent_id!))!;
}

/** The intent that collects `invoice`, before its first attempt: no session, no card yet. */
export function invoiceIntentRow(
  invoice: Pick<InvoiceRow, 'id' | 'amount_remaining' | 'currency_id' | 'customer_id' | 'livemode'> & {
    payment_method_id: string;
  },
  now: number,
): PaymentIntentRow {
  const id = newId('paymentIntent');
  return {
    id,
    status: 'requires_payment_method',
    amount: invoice.amount_remaining,
    amount_received: '0',
    currency_id: invoice.currency_id,
    payment_method_id: invoice.payment_method_id,
    customer_id: invoice.customer_id,
    invoice_id: invoice.id,
    checkout_session_id: null,
    client_secret: `${id}_secret_${randomToken()}`,
    livemode: invoice.livemode,
    last_payment_error: null,
    payment_details: null,
    created_at: now,
    updated_at: now,
    volume_rolled_up: 0,
  };
}
