import type Stripe from 'stripe';
import { docUrlOf } from './api-error.ts';
import { DECLINES, type Decline } from './cards.ts';
import type { ApiContext } from './context.ts';
import { customerIdOf, refusalOf, setUpForLater, waitForAuthentication } from './intents.ts';
import { declineError, newCharge } from './objects.ts';
import { cardOf, snapshot, type CardOnFile } from './store.ts';

/** How one attempt to pay an intent ended; a decline carries Stripe's error for the 402. */
export type AttemptOutcome =
  | { status: 'succeeded' }
  | { status: 'requires_action' }
  | { status: 'declined'; error: ReturnType<typeof declineError> };

/** Whether the issuer wants 3-D Secure for this payment (see cards.ts for the test cards). */
function needsAuthentication(card: CardOnFile, offSession: boolean): boolean {
  switch (card.behaviour.authentication) {
    case 'none':
      return false;
    case 'always':
      return true;
    case 'unless_set_up':
      return !offSession || !card.setUpForOffSession;
  }
}

/** A failed attempt leaves the intent waiting for another payment method, with why it failed. */
function failPayment(
  context: ApiContext,
  intent: Stripe.PaymentIntent,
  error: Stripe.PaymentIntent.LastPaymentError,
): void {
  intent.status = 'requires_payment_method';
  intent.payment_method = null;
  intent.next_action = null;
  intent.last_payment_error = error;
  context.emit('payment_intent.payment_failed', intent);
}

/** A refused payment leaves a failed charge and the intent waiting for another payment method. */
function decline(
  context: ApiContext,
  intent: Stripe.PaymentIntent,
  method: Stripe.PaymentMethod,
  reason: Decline,
  authenticated: boolean,
): AttemptOutcome {
  const charge = newCharge({ intent, method, decline: reason, authenticated });
  context.store.charges.set(charge.id, charge);
  const error = declineError(reason, { charge: charge.id, method: snapshot(method) });
  intent.latest_charge = charge.id;
  context.emit('charge.failed', charge);
  failPayment(context, intent, error as Stripe.PaymentIntent.LastPaymentError);
  return { status: 'declined', error };
}

/** The money is taken: a succeeded charge, and the card kept for later when the intent asked for it. */
function succeed(
  context: ApiContext,
  intent: Stripe.PaymentIntent,
  method: Stripe.PaymentMethod,
  authenticated: boolean,
): AttemptOutcome {
  const customer = customerIdOf(intent);
  if (intent.setup_future_usage && customer) {
    setUpForLater(context, customer, method, intent.setup_future_usage);
  } else if (!method.customer) {
    cardOf(context.store, method.id).usedWithoutCustomer = true;
  }
  const charge = newCharge({ intent, method, decline: null, authenticated });
  context.store.charges.set(charge.id, charge);
  intent.status = 'succeeded';
  intent.amount_received = intent.amount;
  intent.latest_charge = charge.id;
  intent.payment_method = method.id;
  intent.next_action = null;
  intent.last_payment_error = null;
  context.emit('charge.succeeded', charge);
  context.emit('payment_intent.succeeded', intent);
  return { status: 'succeeded' };
}

/**
 * The issuer's side of a confirm, as Stripe's test cards behave: 3-D Secure when the card asks for
 * it (refused outright off-session, where no payer is there to answer), then a decline or the money.
 */
export function attemptPayment(
  context: ApiContext,
  intent: Stripe.PaymentIntent,
  method: Stripe.PaymentMethod,
  options: { offSession: boolean; authenticated: boolean },
): AttemptOutcome {
  const card = cardOf(context.store, method.id);
  if (!options.authenticated && needsAuthentication(card, options.offSession)) {
    if (options.offSession) return decline(context, intent, method, DECLINES.authenticationRequired, false);
    intent.last_payment_error = null;
    waitForAuthentication(context, intent, method);
    return { status: 'requires_action' };
  }
  const refusal = refusalOf(method, card.behaviour.chargeDecline);
  if (refusal) return decline(context, intent, method, refusal, options.authenticated);
  return succeed(context, intent, method, options.authenticated);
}

/** The payer failed 3-D Secure: no charge, and the intent waits for another payment method. */
export function failPaymentAuthentication(context: ApiContext, intent: Stripe.PaymentIntent): void {
  const method =
    typeof intent.payment_method === 'string'
      ? context.store.paymentMethods.get(intent.payment_method)
      : null;
  failPayment(context, intent, {
    code: 'payment_intent_authentication_failure',
    doc_url: docUrlOf('payment_intent_authentication_failure'),
    message:
      'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
    ...(method && { payment_method: snapshot(method) }),
    type: 'invalid_request_error',
  });
}
