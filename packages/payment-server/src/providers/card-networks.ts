import type { PaymentDb } from '../db/tables.ts';
import { findCurrencyRow, findMethodRow } from '../modules/payment-methods/repository.ts';
import type { CardNetwork } from './card-network.ts';
import { isStripeCardId, stripeNetwork } from './stripe/card-network.ts';
import { toStripeMethod, type StripeClients } from './stripe/client.ts';
import { findStripeIntentRow } from './stripe/repository.ts';

const KEYS_REMOVED = {
  code: 'card_provider_unavailable',
  message: "The card provider's keys were removed from this payment method.",
};

/**
 * The card network of each payment: a `stripe` method with keys pays through Stripe, one without
 * through the built-in test network. A saved card is charged, and a payment refunded, by the
 * network that holds it, even if the method's keys changed since.
 */
export function createCardNetworks(deps: {
  db: PaymentDb;
  clients: StripeClients;
  test: CardNetwork;
}): CardNetwork {
  const { db, test } = deps;
  const stripeDeps = { db, clients: deps.clients };

  async function stripeMethodOf(methodId: string) {
    const row = await findMethodRow(db, methodId);
    return row ? toStripeMethod(row) : null;
  }
  const currencyOf = async (id: string) => (await findCurrencyRow(db, id))!;

  return {
    async prepareIntent(input) {
      const { intent } = input.record;
      const method = await stripeMethodOf(intent.payment_method_id);
      if (!method) return test.prepareIntent(input);
      return stripeNetwork.prepareIntent(stripeDeps, {
        ...input,
        method,
        currency: await currencyOf(intent.currency_id),
      });
    },
    async chargeSavedCard(input) {
      if (!isStripeCardId(input.cardId)) return test.chargeSavedCard(input);
      const method = await stripeMethodOf(input.paymentMethodId);
      if (!method) return { status: 'failed', chargeId: '', error: KEYS_REMOVED };
      return stripeNetwork.chargeSavedCard(stripeDeps, {
        ...input,
        method,
        currency: await currencyOf(input.currencyId),
      });
    },
    async refund(input) {
      const paid = await findStripeIntentRow(db, input.paymentIntentId);
      if (!paid) return test.refund(input);
      const method = await stripeMethodOf(input.paymentMethodId);
      if (!method) return { status: 'failed', refundId: '', message: KEYS_REMOVED.message };
      return stripeNetwork.refund(stripeDeps, {
        ...input,
        method,
        currency: await currencyOf(input.currencyId),
        paid,
      });
    },
  };
}
