import type Stripe from 'stripe';
import { resourceMissing } from './api-error.ts';
import type { CardBehaviour } from './cards.ts';
import type { StripeEvent } from './types.ts';

/** What Stripe knows of a card beyond its payment method: how the issuer treats it. */
export interface CardOnFile {
  behaviour: CardBehaviour;
  /** Set up for later off-session payments (a setup intent, or a payment with setup_future_usage). */
  setUpForOffSession: boolean;
  /** Paid with once while attached to no customer: Stripe refuses to use it again. */
  usedWithoutCustomer: boolean;
}

/**
 * The stand-in's state. The objects are kept live, changed in place as the API changes them, so a
 * test holding one sees its current state; what is answered or sent is always a copy.
 */
export interface Store {
  customers: Map<string, Stripe.Customer>;
  paymentIntents: Map<string, Stripe.PaymentIntent>;
  setupIntents: Map<string, Stripe.SetupIntent>;
  paymentMethods: Map<string, Stripe.PaymentMethod>;
  charges: Map<string, Stripe.Charge>;
  refunds: Map<string, Stripe.Refund>;
  /** By payment method id. */
  cards: Map<string, CardOnFile>;
  /** Refunds whose test card settles them "later" (advanceRefunds), and how. */
  unsettledRefunds: Map<string, 'succeed' | 'fail'>;
  events: StripeEvent[];
}

export function createStore(): Store {
  return {
    customers: new Map(),
    paymentIntents: new Map(),
    setupIntents: new Map(),
    paymentMethods: new Map(),
    charges: new Map(),
    refunds: new Map(),
    cards: new Map(),
    unsettledRefunds: new Map(),
    events: [],
  };
}

/** A snapshot: answers and events must not change when the live object does later. */
export function snapshot<T>(value: T): T {
  return structuredClone(value);
}

/**
 * The object `id` names in `map`, or Stripe's resource_missing error: 404 when the path named it,
 * 400 with `param` when a parameter did.
 */
export function findOrFail<T>(
  map: Map<string, T>,
  objectName: string,
  id: string,
  param: string | null = null,
): T {
  const found = map.get(id);
  if (!found) throw resourceMissing(objectName, id, param);
  return found;
}

export function cardOf(store: Store, paymentMethodId: string): CardOnFile {
  const card = store.cards.get(paymentMethodId);
  if (!card) throw new Error(`The stand-in lost the card of ${paymentMethodId}`);
  return card;
}
