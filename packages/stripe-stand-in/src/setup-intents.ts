import type Stripe from 'stripe';
import { docUrlOf } from './api-error.ts';
import { ok, type ApiContext, type Handler } from './context.ts';
import { newId } from './ids.ts';
import { cancelIntent, intentToConfirm, readAuthentication, retrieveIntent } from './intent-endpoints.ts';
import {
  customerIdOf,
  errorWithIntent,
  intentView,
  paymentMethodForConfirm,
  readCustomerAndMethod,
  readPaymentMethodTypes,
  refusalOf,
  setUpForLater,
  waitForAuthentication,
} from './intents.ts';
import { declineError, newSetupIntent } from './objects.ts';
import { findPaymentMethod } from './payment-methods.ts';
import { applyMetadata, assertKnownParams, readBoolean, readEnum, readString } from './params.ts';
import { cardOf, findOrFail, snapshot, type Store } from './store.ts';

const CREATE_PARAMS = [
  'customer',
  'usage',
  'metadata',
  'description',
  'payment_method',
  'payment_method_types',
  'automatic_payment_methods',
  'allowed_payment_method_types',
  'confirm',
  'return_url',
  'expand',
];
const CANCELLATION_REASONS = ['abandoned', 'duplicate', 'requested_by_customer'] as const;
const CANCELABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

export function findSetupIntent(store: Store, id: string): Stripe.SetupIntent {
  // Stripe's own wording for a missing setup intent.
  return findOrFail(store.setupIntents, 'setupintent', id);
}

function succeedSetup(context: ApiContext, intent: Stripe.SetupIntent, method: Stripe.PaymentMethod): void {
  setUpForLater(context, customerIdOf(intent), method, intent.usage);
  intent.status = 'succeeded';
  intent.payment_method = method.id;
  intent.next_action = null;
  intent.last_setup_error = null;
  context.emit('setup_intent.succeeded', intent);
}

function failSetup(
  context: ApiContext,
  intent: Stripe.SetupIntent,
  error: Stripe.SetupIntent.LastSetupError,
): void {
  intent.status = 'requires_payment_method';
  intent.payment_method = null;
  intent.next_action = null;
  intent.last_setup_error = error;
  context.emit('setup_intent.setup_failed', intent);
}

/**
 * The issuer's side of setting a card up: 3-D Secure for any card that ever asks for it, then the
 * card's verification (declining cards fail it; 4000000000000341 passes and declines later charges).
 */
function attemptSetup(
  context: ApiContext,
  intent: Stripe.SetupIntent,
  method: Stripe.PaymentMethod,
  authenticated: boolean,
): ReturnType<typeof declineError> | null {
  intent.latest_attempt = newId('setatt');
  const card = cardOf(context.store, method.id);
  if (!authenticated && card.behaviour.authentication !== 'none') {
    waitForAuthentication(context, intent, method);
    return null;
  }
  const refusal = refusalOf(method, card.behaviour.setupDecline);
  if (!refusal) {
    succeedSetup(context, intent, method);
    return null;
  }
  const error = declineError(refusal, { method: snapshot(method) });
  failSetup(context, intent, error as Stripe.SetupIntent.LastSetupError);
  return error;
}

function confirmSetup(context: ApiContext, intent: Stripe.SetupIntent): void {
  const method = paymentMethodForConfirm(context, intent);
  const declined = attemptSetup(context, intent, method, false);
  if (declined) throw errorWithIntent(context, intent, declined);
}

/** POST /v1/setup_intents */
export const createSetupIntent: Handler = (context) => {
  const { params, store } = context;
  assertKnownParams(params, CREATE_PARAMS);
  const { customer, method } = readCustomerAndMethod(context);
  const intent = newSetupIntent({
    customer,
    description: readString(params, 'description') ?? null,
    metadata: applyMetadata({}, params),
    usage: readEnum(params, 'usage', ['off_session', 'on_session']) ?? 'off_session',
    paymentMethodTypes: readPaymentMethodTypes(params),
  });
  if (method) {
    intent.payment_method = method.id;
    intent.status = 'requires_confirmation';
  }
  store.setupIntents.set(intent.id, intent);
  context.emit('setup_intent.created', intent);
  if (readBoolean(params, 'confirm')) confirmSetup(context, intent);
  return ok(intentView(context, intent));
};

/** GET /v1/setup_intents/:id */
export const retrieveSetupIntent: Handler = (context) => retrieveIntent(context, findSetupIntent);

/** POST /v1/setup_intents/:id/confirm */
export const confirmSetupIntent: Handler = (context) => {
  const intent = intentToConfirm(context, findSetupIntent);
  confirmSetup(context, intent);
  return ok(intentView(context, intent));
};

/** POST /v1/setup_intents/:id/cancel */
export const cancelSetupIntent: Handler = (context) =>
  cancelIntent(context, findSetupIntent, CANCELLATION_REASONS, CANCELABLE);

/** POST /v1/setup_intents/:id/test_authenticate — the stand-in's 3-D Secure page for a setup. */
export const authenticateSetupIntent: Handler = (context) => {
  const { intent, outcome, paymentMethod } = readAuthentication(context, findSetupIntent);
  const method = findPaymentMethod(context.store, paymentMethod);
  if (outcome === 'approve') {
    attemptSetup(context, intent, method, true);
  } else {
    failSetup(context, intent, {
      code: 'setup_intent_authentication_failure',
      doc_url: docUrlOf('setup_intent_authentication_failure'),
      message:
        'The latest attempt to set up the payment method has failed because authentication failed. Provide a new payment method to attempt to set up again.',
      payment_method: snapshot(method),
      type: 'invalid_request_error',
    });
  }
  return ok(intentView(context, intent));
};
