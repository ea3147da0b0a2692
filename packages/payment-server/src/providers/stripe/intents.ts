import type Stripe from 'stripe';
import type { CardDetails, PaymentError } from '../../modules/payment-intents/service.ts';
import type { SavedCard } from '../card-network.ts';
import { METADATA } from './card-network.ts';

/** A Stripe payment or setup intent, read fresh from Stripe with its payment method. */
export type StripeIntent = Stripe.PaymentIntent | Stripe.SetupIntent;

export function isSetupIntentId(id: string): boolean {
  return id.startsWith('seti_');
}

/**
 * Reads the intent as Stripe holds it now. A webhook's copy may be older than another that came
 * first, so what is applied is always Stripe's current state, never the event's snapshot.
 */
export async function retrieveStripeIntent(stripe: Stripe, id: string): Promise<StripeIntent> {
  const options = { expand: ['payment_method'] };
  return isSetupIntentId(id)
    ? stripe.setupIntents.retrieve(id, options)
    : stripe.paymentIntents.retrieve(id, options);
}

/** Our intent the Stripe intent stands for, as its metadata names it. */
export function ourIntentIdOf(intent: { metadata: Stripe.Metadata | null }): string | null {
  return intent.metadata?.[METADATA.intent] ?? null;
}

/** Whether the billing engine made it (an off-session charge), so the engine records its outcome. */
export function isEngineCharge(intent: { metadata: Stripe.Metadata | null }): boolean {
  return Boolean(intent.metadata?.[METADATA.attempt]);
}

function paymentMethodOf(intent: StripeIntent): Stripe.PaymentMethod | null {
  return typeof intent.payment_method === 'object' ? intent.payment_method : null;
}

/** The card the intent was confirmed with, as our intents show it. */
export function cardOf(intent: StripeIntent): CardDetails | null {
  const card = paymentMethodOf(intent)?.card;
  return card ? { brand: card.brand, last4: card.last4 } : null;
}

/** The card Stripe keeps for off-session charges: one attached to a Stripe customer. */
export function savedCardOf(intent: StripeIntent): SavedCard | null {
  const method = paymentMethodOf(intent);
  return method?.card && method.customer
    ? { card_id: method.id, brand: method.card.brand, last4: method.card.last4 }
    : null;
}

/**
 * Why the last confirmation failed, if it did, and which attempt that was (its charge, or the card
 * it tried), so one failure is told apart from the next.
 */
export function failureOf(intent: StripeIntent): { error: PaymentError; attempt: string } | null {
  const error = 'last_payment_error' in intent ? intent.last_payment_error : intent.last_setup_error;
  if (!error || intent.status !== 'requires_payment_method') return null;
  const code = error.decline_code ?? error.code ?? 'card_declined';
  return {
    error: { code, message: error.message ?? 'Your card was declined.' },
    attempt: error.charge ?? error.payment_method?.id ?? code,
  };
}

export function refundIdOf(refund: Stripe.Refund): string | null {
  return refund.metadata?.[METADATA.refund] ?? null;
}
