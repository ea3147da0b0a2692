import type { Clock } from '@bazaar/server-kit';
import { canTransitionInvoice, INVOICE_STATUSES } from '../billing/invoice-status.ts';
import type { PaymentDb } from '../db/tables.ts';
import { recordBalanceTransactions } from '../modules/customer-balance/service.ts';
import { recordEvents } from '../modules/events/service.ts';
import { lockInvoiceRow, NO_LEASE, updateInvoiceRowFrom } from '../modules/invoices/repository.ts';
import { cancelPayableIntent } from '../modules/payment-intents/service.ts';
import { reactivateSubscriptions } from './subscription-overdue.ts';

const VOIDABLE_STATUSES = INVOICE_STATUSES.filter((status) => canTransitionInvoice(status, 'void'));

/**
 * Voids an invoice that will not be paid (a declined plan change, or the merchant's decision),
 * in the caller's transaction: nothing is left to pay and nobody collects it any more, its
 * intent can no longer be confirmed, the credit it used goes back to the customer, a past_due
 * subscription it kept overdue is active again when nothing else is, and `invoice.voided` is
 * written. False (and nothing written) when it was paid or voided meanwhile.
 */
export async function voidInvoice(
  trx: PaymentDb,
  clock: Clock,
  input: { invoiceId: string; now: number },
): Promise<boolean> {
  const { now } = input;
  const invoice = await lockInvoiceRow(trx, input.invoiceId);
  if (!invoice) return false;
  const isVoided = await updateInvoiceRowFrom(trx, {
    id: invoice.id,
    from: VOIDABLE_STATUSES,
    changes: { status: 'void', amount_remaining: '0', next_payment_attempt: null, ...NO_LEASE },
  });
  if (!isVoided) return false;
  const livemode = invoice.livemode === 1;
  await recordBalanceTransactions(
    trx,
    { customerId: invoice.customer_id, currencyId: invoice.currency_id, livemode },
    [
      {
        amount: -BigInt(invoice.amount_applied),
        type: 'unapplied_from_invoice',
        invoiceId: invoice.id,
        subscriptionId: invoice.subscription_id,
        now,
      },
    ],
  );
  if (invoice.payment_intent_id) await cancelPayableIntent({ db: trx, clock }, invoice.payment_intent_id);
  const reactivated = await reactivateSubscriptions(trx, {
    subscriptionIds: invoice.subscription_id ? [invoice.subscription_id] : [],
    now,
  });
  await recordEvents(trx, {
    now,
    livemode,
    payloads: [
      {
        type: 'invoice.voided',
        data: { id: invoice.id, customer_id: invoice.customer_id, subscription_id: invoice.subscription_id },
      },
      ...reactivated.map((event) => event.payload),
    ],
  });
  return true;
}
