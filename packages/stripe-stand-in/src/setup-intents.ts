import type Stripe from 'stripe';
import { docUrlOf, missingParam } from './api-error.ts';
import { DECLINES, isExpired } from './cards.ts';
import { ok, type ApiContext, type Handler } from './context.ts';
import { newId } from './ids.ts';
import {
  assertConfirmable,
  assertUsableBy,
  attachTo,
  checkClientSecret,
  errorWithIntent,
  intentView,
  paymentMethodForConfirm,
  readPaymentMethodTypes,
  unexpectedState,
} from './intents.ts';
import { declineError, newSetupIntent, threeDSecureAction } from './objects.ts';
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
const SECRET_CONFIRM_PARAMS = [
  'payment_method',
  'payment_method_data',
  'return_url',
  'use_stripe_sdk',
  'client_secret',
  'expand',
];
const PUBLISHABLE_CONFIRM_PARAMS = [
  'client_secret',
  'payment_method',
  'payment_method_data',
  'expected_payment_method_type',
  'return_url',
  'use_stripe_sdk',
  'expand',
];
const CANCELABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

export function findSetupIntent(store: Store, id: string): Stripe.SetupIntent {
  // Stripe's own wording for a missing setup intent.
  return findOrFail(store.setupIntents, 'setupintent', id);
}

function succeedSetup(context: ApiContext, intent: Stripe.SetupIntent, method: Stripe.PaymentMethod): void {
  const customer = typeof intent.customer === 'string' ? intent.customer : null;
  if (customer) attachTo(context, customer, method);
  const card = cardOf(context.store, method.id);
  card.setUpForOffSession = card.setUpForOffSession || intent.usage === 'off_session';
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
    intent.status = 'requires_action';
    intent.payment_method = method.id;
    intent.next_action = threeDSecureAction(intent.id);
    context.emit('setup_intent.requires_action', intent);
    return null;
  }
  const { exp_month, exp_year } = method.card!;
  const refusal = isExpired(exp_month, exp_year) ? DECLINES.expiredCard : card.behaviour.setupDecline;
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
  assertUsableBy(context, typeof intent.customer === 'string' ? intent.customer : null, method);
  const declined = attemptSetup(context, intent, method, false);
  if (declined) throw errorWithIntent(context, intent, declined);
}

/** POST /v1/setup_intents */
export const createSetupIntent: Handler = (context) => {
  const { params, store } = context;
  assertKnownParams(params, CREATE_PARAMS);
  const customerParam = readString(params, 'customer');
  const customer = customerParam
    ? findOrFail(store.customers, 'customer', customerParam, 'customer').id
    : null;
  const methodParam = readString(params, 'payment_method');
  const method = methodParam ? findPaymentMethod(store, methodParam, 'payment_method') : null;
  if (method) assertUsableBy(context, customer, method);
  const types = readPaymentMethodTypes(params);
  const intent = newSetupIntent({
    customer,
    description: readString(params, 'description') ?? null,
    metadata: applyMetadata({}, params),
    usage: readEnum(params, 'usage', ['off_session', 'on_session']) ?? 'off_session',
    paymentMethodTypes: types.types,
    allowedPaymentMethodTypes: types.allowed,
    automatic: types.automatic,
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

/** GET /v1/setup_intents/:id — the browser's read needs the client secret. */
export const retrieveSetupIntent: Handler = (context) => {
  assertKnownParams(context.params, ['client_secret', 'expand']);
  const intent = findSetupIntent(context.store, context.id);
  checkClientSecret(context, intent);
  return ok(intentView(context, intent));
};

/** POST /v1/setup_intents/:id/confirm */
export const confirmSetupIntent: Handler = (context) => {
  const publishable = context.access === 'publishable';
  assertKnownParams(context.params, publishable ? PUBLISHABLE_CONFIRM_PARAMS : SECRET_CONFIRM_PARAMS);
  const intent = findSetupIntent(context.store, context.id);
  checkClientSecret(context, intent);
  assertConfirmable(context, intent);
  confirmSetup(context, intent);
  return ok(intentView(context, intent));
};

/** POST /v1/setup_intents/:id/cancel */
export const cancelSetupIntent: Handler = (context) => {
  assertKnownParams(context.params, ['cancellation_reason', 'expand']);
  const intent = findSetupIntent(context.store, context.id);
  const reason = readEnum(context.params, 'cancellation_reason', [
    'abandoned',
    'duplicate',
    'requested_by_customer',
  ]);
  if (!CANCELABLE.includes(intent.status)) {
    throw unexpectedState(
      context,
      intent,
      `You cannot cancel this SetupIntent because it has a status of ${intent.status}. Only a SetupIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
    );
  }
  intent.status = 'canceled';
  intent.cancellation_reason = reason ?? null;
  intent.next_action = null;
  context.emit('setup_intent.canceled', intent);
  return ok(intentView(context, intent));
};

/** POST /v1/setup_intents/:id/test_authenticate — the stand-in's 3-D Secure page for a setup. */
export const authenticateSetupIntent: Handler = (context) => {
  assertKnownParams(context.params, ['client_secret', 'outcome', 'expand']);
  const intent = findSetupIntent(context.store, context.id);
  if (readString(context.params, 'client_secret') === undefined) throw missingParam('client_secret');
  checkClientSecret(context, intent);
  const outcome = readEnum(context.params, 'outcome', ['approve', 'fail']);
  if (!outcome) throw missingParam('outcome');
  if (intent.status !== 'requires_action' || typeof intent.payment_method !== 'string') {
    throw unexpectedState(context, intent, 'This SetupIntent is not waiting for 3D Secure authentication.');
  }
  const method = findPaymentMethod(context.store, intent.payment_method);
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
