import type { PaymentIntent } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import type { PaymentDeps } from '../deps.ts';
import { recordEvents } from '../modules/events/service.ts';
import { keepOpenInvoicesCard } from '../modules/invoices/repository.ts';
import { updatePaymentIntentFrom } from '../modules/payment-intents/repository.ts';
import { getPaymentIntent, PAYABLE_STATUSES, toPaymentIntent } from '../modules/payment-intents/service.ts';
import { subscriptionNow } from '../modules/subscriptions/access.ts';
import { setSubscriptionCard } from '../modules/subscriptions/repository.ts';
import { getSubscriptionRow } from '../modules/subscriptions/service.ts';
import type { SavedCard } from '../providers/card-network.ts';

/**
 * The payer confirmed a subscription's card setup: the intent succeeds and the card it saved
 * becomes the subscription's, for the invoices to come (open ones keep the card they were billed to), in
 * one transaction with `customer.subscription.updated`. Running it again changes nothing. The
 * intent comes as the caller read it, with the subscription whose card it sets up.
 */
export async function completeCardSetup(
  deps: PaymentDeps,
  input: { intent: PaymentIntent; subscriptionId: string; savedCard: SavedCard | null },
): Promise<PaymentIntent> {
  const { subscriptionId } = input;
  const card = input.savedCard;
  if (!card) {
    throw new AppError(
      'PAYMENT_INTENT_UNEXPECTED_STATE',
      'This payment intent does not save a subscription card',
    );
  }
  const subscription = await getSubscriptionRow(deps.db, subscriptionId);
  const now = await subscriptionNow(deps, subscription);
  const saved = await deps.db.transaction().execute(async (trx) => {
    const intent = await updatePaymentIntentFrom(trx, input.intent.id, PAYABLE_STATUSES, {
      status: 'succeeded',
      last_payment_error: null,
      payment_details: JSON.stringify(card),
      updated_at: now,
    });
    if (!intent) return null;
    const current = await getSubscriptionRow(trx, subscriptionId);
    if (current.payment_card !== null) {
      await keepOpenInvoicesCard(trx, { subscriptionId, card: current.payment_card });
    }
    await setSubscriptionCard(trx, { id: subscriptionId, card: JSON.stringify(card), now });
    await recordEvents(trx, {
      now,
      livemode: current.livemode === 1,
      payloads: [
        {
          type: 'customer.subscription.updated',
          data: { id: current.id, customer_id: current.customer_id, status: current.status },
        },
      ],
    });
    return toPaymentIntent(intent);
  });
  await deps.flushEvents();
  return saved ?? (await getPaymentIntent(deps.db, input.intent.id)).intent;
}
