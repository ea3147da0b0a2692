import { subscriptionSchema, type EventPayload } from '@bazaar/schemas';
import type { Clock } from '@bazaar/server-kit';
import { transitionSubscription } from '../billing/subscription-status.ts';
import type { PaymentDb } from '../db/tables.ts';
import { recordEvents } from '../modules/events/service.ts';
import {
  findInvoiceRow,
  hasOverdueSubscriptionInvoice,
  markInvoiceRowPaid,
} from '../modules/invoices/repository.ts';
import { findSubscriptionRowOrThrow, updateSubscriptionFrom } from '../modules/subscriptions/service.ts';

/**
 * An invoice's money arrived (a renewal charge, a retry, or the payer on the invoice page): the
 * invoice is paid, a past_due subscription with nothing else overdue is active again, and
 * `invoice.paid` is written — all in the caller's transaction. False (and nothing written)
 * when the invoice was already paid or void, so a repeated settlement changes nothing.
 */
export async function settleInvoice(
  db: PaymentDb,
  clock: Clock,
  input: { invoiceId: string; paymentIntentId: string | null; now: number },
): Promise<boolean> {
  if (!(await markInvoiceRowPaid(db, { id: input.invoiceId, ...input }))) return false;
  const invoice = (await findInvoiceRow(db, input.invoiceId))!;
  const events: EventPayload[] = [
    {
      type: 'invoice.paid',
      data: { id: invoice.id, customer_id: invoice.customer_id, subscription_id: invoice.subscription_id },
    },
  ];
  if (invoice.subscription_id) {
    const subscription = await findSubscriptionRowOrThrow(db, invoice.subscription_id);
    const status = subscriptionSchema.shape.status.parse(subscription.status);
    if (status === 'past_due') {
      const hasOtherOverdue = await hasOverdueSubscriptionInvoice(db, {
        subscriptionId: subscription.id,
        now: input.now,
      });
      const next = transitionSubscription(status, { type: 'overdue_paid', hasOtherOverdue });
      if (
        next &&
        next !== status &&
        (await updateSubscriptionFrom(db, subscription.id, [status], { status: next, updated_at: input.now }))
      ) {
        events.push({
          type: 'customer.subscription.updated',
          data: { id: subscription.id, customer_id: subscription.customer_id, status: next },
        });
      }
    }
  }
  await recordEvents(db, clock, { payloads: events, livemode: invoice.livemode === 1 });
  return true;
}
