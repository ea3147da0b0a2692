import type { PaymentIntent } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import type { PaymentDeps } from '../deps.ts';
import { recordEvents } from '../modules/events/service.ts';
import { updatePaymentIntentFrom } from '../modules/payment-intents/repository.ts';
import { getPaymentIntent, PAYABLE_STATUSES } from '../modules/payment-intents/service.ts';
import { subscriptionNow } from '../modules/subscriptions/access.ts';
import { findCardSetupSubscription } from '../modules/subscriptions/change-payment-method.ts';
import { replaceSubscriptionCard } from '../modules/subscriptions/repository.ts';
import { findSubscriptionRowOrThrow } from '../modules/subscriptions/service.ts';
import type { SavedCard } from '../providers/card-network.ts';

/**
 * The payer confirmed a subscription's card setup: the intent succeeds and the card it saved
 * becomes the subscription's, for the invoices to come (open ones keep the card they had), in
 * one transaction with `customer.subscription.updated`. Running it again changes nothing.
 */
export async function completeCardSetup(
  deps: PaymentDeps,
  input: { paymentIntentId: string; savedCard: SavedCard | null },
): Promise<PaymentIntent> {
  const subscriptionId = await findCardSetupSubscription(deps.db, input.paymentIntentId);
  const card = input.savedCard;
  if (!subscriptionId || !card) {
    throw new AppError(
      'PAYMENT_INTENT_UNEXPECTED_STATE',
      'This payment intent does not save a subscription card',
    );
  }
  const subscription = await findSubscriptionRowOrThrow(deps.db, subscriptionId);
  const now = await subscriptionNow(deps, subscription);
  await deps.db.transaction().execute(async (trx) => {
    const isNewlySaved = await updatePaymentIntentFrom(trx, input.paymentIntentId, PAYABLE_STATUSES, {
      status: 'succeeded',
      last_payment_error: null,
      payment_details: JSON.stringify(card),
      updated_at: now,
    });
    if (!isNewlySaved) return;
    const current = await findSubscriptionRowOrThrow(trx, subscriptionId);
    await replaceSubscriptionCard(trx, {
      id: subscriptionId,
      previousCard: current.payment_card,
      card: JSON.stringify(card),
      now,
    });
    await recordEvents(trx, deps.clock, {
      livemode: current.livemode === 1,
      payloads: [
        {
          type: 'customer.subscription.updated',
          data: { id: current.id, customer_id: current.customer_id, status: current.status },
        },
      ],
    });
  });
  await deps.flushEvents();
  return (await getPaymentIntent(deps.db, input.paymentIntentId)).intent;
}
