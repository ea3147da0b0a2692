import { subscriptionSchema, type EventPayload } from '@bazaar/schemas';
import { transitionSubscription } from '../billing/subscription-status.ts';
import type { PaymentDb } from '../db/tables.ts';
import type { EventToRecord } from '../modules/events/service.ts';
import { hasOverdueSubscriptionInvoice } from '../modules/invoices/repository.ts';
import { listSubscriptionRowsById } from '../modules/subscriptions/repository.ts';
import { updateSubscriptionFrom, type SubscriptionRow } from '../modules/subscriptions/service.ts';

/**
 * The subscriptions of invoices that are no longer owed — paid, or voided by the merchant: a
 * past_due one with nothing else overdue is active again. Run it in the transaction that settled
 * the invoices; answers the `customer.subscription.updated` events to record there.
 */
export async function reactivateSubscriptions(
  trx: PaymentDb,
  input: { subscriptionIds: readonly string[]; now: number },
): Promise<EventToRecord[]> {
  const events: EventToRecord[] = [];
  for (const subscription of await listSubscriptionRowsById(trx, input.subscriptionIds)) {
    const status = subscriptionSchema.shape.status.parse(subscription.status);
    if (status !== 'past_due') continue;
    const hasOtherOverdue = await hasOverdueSubscriptionInvoice(trx, {
      subscriptionId: subscription.id,
      now: input.now,
    });
    // A voided debt clears the way a paid one does: the transition has one event for both.
    const next = transitionSubscription(status, { type: 'overdue_paid', hasOtherOverdue });
    const event =
      next && (await moveSubscription(trx, { subscription, from: status, to: next, now: input.now }));
    if (event) events.push({ livemode: subscription.livemode === 1, payload: event });
  }
  return events;
}

/**
 * An invoice of `subscription` will not be collected — the engine's last retry failed, or the
 * merchant marked it uncollectible: the subscription goes past_due. Run it in that change's
 * transaction; answers the event to record there, or null when the status stays.
 */
export async function markSubscriptionPastDue(
  trx: PaymentDb,
  input: { subscription: SubscriptionRow; now: number },
): Promise<EventPayload | null> {
  const status = subscriptionSchema.shape.status.parse(input.subscription.status);
  const next = transitionSubscription(status, { type: 'payment_uncollectible' });
  return (
    next &&
    moveSubscription(trx, { subscription: input.subscription, from: status, to: next, now: input.now })
  );
}

/** Moves a subscription still in `from` to `to`; the event when it moved, null when it did not. */
async function moveSubscription(
  trx: PaymentDb,
  input: { subscription: SubscriptionRow; from: string; to: string; now: number },
): Promise<EventPayload | null> {
  const { subscription, from, to } = input;
  if (from === to) return null;
  const moved = await updateSubscriptionFrom(trx, subscription.id, [from], {
    status: to,
    updated_at: input.now,
  });
  if (!moved) return null;
  return {
    type: 'customer.subscription.updated',
    data: { id: subscription.id, customer_id: subscription.customer_id, status: to },
  };
}
