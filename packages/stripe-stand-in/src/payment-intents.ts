import type Stripe from 'stripe';
import { invalidParam, missingParam } from './api-error.ts';
import { ok, type ApiContext, type Handler } from './context.ts';
import {
  assertConfirmable,
  assertUsableBy,
  checkClientSecret,
  errorWithIntent,
  intentView,
  paymentMethodForConfirm,
  readPaymentMethodTypes,
  unexpectedState,
} from './intents.ts';
import { assertChargeableAmount, readCurrency } from './money.ts';
import { newPaymentIntent } from './objects.ts';
import { attemptPayment, failPaymentAuthentication } from './payment-attempt.ts';
import { findPaymentMethod } from './payment-methods.ts';
import {
  applyMetadata,
  assertKnownParams,
  readBoolean,
  readEnum,
  readInteger,
  readNullableString,
  readString,
  requireString,
} from './params.ts';
import { findOrFail, type Store } from './store.ts';
import type { FormFields } from './form-body.ts';

const CREATE_PARAMS = [
  'amount',
  'currency',
  'customer',
  'payment_method',
  'confirm',
  'off_session',
  'setup_future_usage',
  'metadata',
  'description',
  'automatic_payment_methods',
  'payment_method_types',
  'allowed_payment_method_types',
  'receipt_email',
  'capture_method',
  'return_url',
  'expand',
];
const UPDATE_PARAMS = [
  'amount',
  'currency',
  'customer',
  'description',
  'metadata',
  'payment_method',
  'receipt_email',
  'setup_future_usage',
  'expand',
];
const SECRET_CONFIRM_PARAMS = [
  'payment_method',
  // Known, so that card data from a server gets Stripe's refusal rather than "unknown parameter".
  'payment_method_data',
  'off_session',
  'setup_future_usage',
  'receipt_email',
  'return_url',
  'use_stripe_sdk',
  'client_secret',
  'expand',
];
/** What Stripe.js may send with the publishable key: the typed card, never off_session. */
const PUBLISHABLE_CONFIRM_PARAMS = [
  'client_secret',
  'payment_method',
  'payment_method_data',
  'expected_payment_method_type',
  'setup_future_usage',
  'receipt_email',
  'return_url',
  'use_stripe_sdk',
  'expand',
];
/** Only these statuses let amount, currency, customer or payment method change (metadata may change any time). */
const UPDATABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
const CANCELABLE = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];
const SETUP_FUTURE_USAGE = ['on_session', 'off_session'] as const;

export function findPaymentIntent(
  store: Store,
  id: string,
  param: string | null = null,
): Stripe.PaymentIntent {
  return findOrFail(store.paymentIntents, 'payment_intent', id, param);
}

function findCustomerId(store: Store, id: string): string {
  return findOrFail(store.customers, 'customer', id, 'customer').id;
}

/** `off_session` is a boolean, or 'one_off'/'recurring' for the kind of merchant-initiated payment. */
function readOffSession(params: FormFields): boolean {
  const value = readString(params, 'off_session');
  if (value === 'one_off' || value === 'recurring') return true;
  return readBoolean(params, 'off_session') ?? false;
}

function readSetupFutureUsage(params: FormFields): Stripe.PaymentIntent.SetupFutureUsage | null | undefined {
  if (readNullableString(params, 'setup_future_usage') === null) return null;
  return readEnum(params, 'setup_future_usage', SETUP_FUTURE_USAGE);
}

/** Payments are captured at once; holding funds for a later capture is not something the stand-in does. */
function assertAutomaticCapture(params: FormFields): void {
  const capture = readString(params, 'capture_method');
  if (capture !== undefined && capture !== 'automatic' && capture !== 'automatic_async') {
    throw invalidParam('capture_method', `The Stripe stand-in does not support capture_method=${capture}.`);
  }
}

/**
 * Confirms with the payment method the confirm names (or the intent holds): a declined attempt is
 * Stripe's 402 card error, with the intent as it is now.
 */
function confirmIntent(context: ApiContext, intent: Stripe.PaymentIntent, offSession: boolean) {
  const method = paymentMethodForConfirm(context, intent);
  assertUsableBy(context, typeof intent.customer === 'string' ? intent.customer : null, method);
  const outcome = attemptPayment(context, intent, method, { offSession, authenticated: false });
  if (outcome.status === 'declined') throw errorWithIntent(context, intent, outcome.error);
}

/** POST /v1/payment_intents */
export const createPaymentIntent: Handler = (context) => {
  const { params, store } = context;
  assertKnownParams(params, CREATE_PARAMS);
  const amount = readInteger(params, 'amount');
  if (amount === undefined) throw missingParam('amount');
  const currency = readCurrency(requireString(params, 'currency'));
  assertChargeableAmount(amount, currency);
  assertAutomaticCapture(params);
  const customerParam = readString(params, 'customer');
  const customer = customerParam ? findCustomerId(store, customerParam) : null;
  const methodParam = readString(params, 'payment_method');
  const method = methodParam ? findPaymentMethod(store, methodParam, 'payment_method') : null;
  if (method) assertUsableBy(context, customer, method);
  const confirm = readBoolean(params, 'confirm') ?? false;
  const offSession = readOffSession(params);
  if (offSession && !confirm) {
    throw invalidParam('off_session', 'You can only set off_session when confirm is set to true.');
  }
  const types = readPaymentMethodTypes(params);
  const intent = newPaymentIntent({
    amount,
    currency,
    customer,
    description: readString(params, 'description') ?? null,
    metadata: applyMetadata({}, params),
    paymentMethod: method?.id ?? null,
    setupFutureUsage: readSetupFutureUsage(params) ?? null,
    paymentMethodTypes: types.types,
    allowedPaymentMethodTypes: types.allowed,
    automatic: types.automatic,
    receiptEmail: readString(params, 'receipt_email') ?? null,
  });
  store.paymentIntents.set(intent.id, intent);
  context.emit('payment_intent.created', intent);
  if (confirm) confirmIntent(context, intent, offSession);
  return ok(intentView(context, intent));
};

/** GET /v1/payment_intents/:id — the browser's read needs the client secret. */
export const retrievePaymentIntent: Handler = (context) => {
  assertKnownParams(context.params, ['client_secret', 'expand']);
  const intent = findPaymentIntent(context.store, context.id);
  checkClientSecret(context, intent);
  return ok(intentView(context, intent));
};

function assertUpdatable(context: ApiContext, intent: Stripe.PaymentIntent): void {
  if (UPDATABLE.includes(intent.status)) return;
  throw unexpectedState(
    context,
    intent,
    `You cannot update this PaymentIntent because it has a status of ${intent.status}. Updates are only allowed when the PaymentIntent has one of the following statuses: requires_payment_method, requires_confirmation, requires_action.`,
  );
}

/** The terms of payment: changing them needs an intent not yet paid, and a new confirm. */
function updateTerms(context: ApiContext, intent: Stripe.PaymentIntent): void {
  const { params, store } = context;
  const amountParam = readInteger(params, 'amount');
  const currencyParam = readString(params, 'currency');
  const customerParam = readString(params, 'customer');
  const methodParam = readString(params, 'payment_method');
  const setupFutureUsage = readSetupFutureUsage(params);
  const changes = [amountParam, currencyParam, customerParam, methodParam, setupFutureUsage];
  if (changes.every((value) => value === undefined)) return;
  assertUpdatable(context, intent);
  const amount = amountParam ?? intent.amount;
  const currency = currencyParam ? readCurrency(currencyParam) : intent.currency;
  assertChargeableAmount(amount, currency);
  const customer = customerParam ? findCustomerId(store, customerParam) : intent.customer;
  if (intent.customer && customer !== intent.customer) {
    throw invalidParam('customer', 'You cannot change the customer of a PaymentIntent once it has one.');
  }
  const method = methodParam ? findPaymentMethod(store, methodParam, 'payment_method') : null;
  if (method) assertUsableBy(context, typeof customer === 'string' ? customer : null, method);
  intent.amount = amount;
  intent.currency = currency;
  intent.customer = customer;
  if (method) intent.payment_method = method.id;
  if (setupFutureUsage !== undefined) intent.setup_future_usage = setupFutureUsage;
  // What the payer authenticated or was about to confirm no longer stands: it must be confirmed anew.
  intent.next_action = null;
  intent.status = intent.payment_method ? 'requires_confirmation' : 'requires_payment_method';
}

/** POST /v1/payment_intents/:id */
export const updatePaymentIntent: Handler = (context) => {
  const { params } = context;
  assertKnownParams(params, UPDATE_PARAMS);
  const intent = findPaymentIntent(context.store, context.id);
  const metadata = applyMetadata(intent.metadata, params);
  const description = readNullableString(params, 'description');
  const receiptEmail = readNullableString(params, 'receipt_email');
  updateTerms(context, intent);
  intent.metadata = metadata;
  if (description !== undefined) intent.description = description;
  if (receiptEmail !== undefined) intent.receipt_email = receiptEmail;
  return ok(intentView(context, intent));
};

/** POST /v1/payment_intents/:id/confirm — by the merchant's server, or by Stripe.js with the card typed. */
export const confirmPaymentIntent: Handler = (context) => {
  const { params } = context;
  const publishable = context.access === 'publishable';
  assertKnownParams(params, publishable ? PUBLISHABLE_CONFIRM_PARAMS : SECRET_CONFIRM_PARAMS);
  const intent = findPaymentIntent(context.store, context.id);
  checkClientSecret(context, intent);
  assertConfirmable(context, intent);
  const setupFutureUsage = readSetupFutureUsage(params);
  if (setupFutureUsage !== undefined) intent.setup_future_usage = setupFutureUsage;
  const receiptEmail = readNullableString(params, 'receipt_email');
  if (receiptEmail !== undefined) intent.receipt_email = receiptEmail;
  confirmIntent(context, intent, !publishable && readOffSession(params));
  return ok(intentView(context, intent));
};

/** POST /v1/payment_intents/:id/cancel */
export const cancelPaymentIntent: Handler = (context) => {
  assertKnownParams(context.params, ['cancellation_reason', 'expand']);
  const intent = findPaymentIntent(context.store, context.id);
  const reason = readEnum(context.params, 'cancellation_reason', [
    'duplicate',
    'fraudulent',
    'requested_by_customer',
    'abandoned',
  ]);
  if (!CANCELABLE.includes(intent.status)) {
    throw unexpectedState(
      context,
      intent,
      `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
    );
  }
  intent.status = 'canceled';
  intent.canceled_at = Math.floor(Date.now() / 1000);
  intent.cancellation_reason = reason ?? null;
  intent.next_action = null;
  context.emit('payment_intent.canceled', intent);
  return ok(intentView(context, intent));
};

/**
 * POST /v1/payment_intents/:id/test_authenticate — the stand-in's 3-D Secure page: the payer
 * approves (the payment goes on to the issuer) or fails the challenge.
 */
export const authenticatePaymentIntent: Handler = (context) => {
  assertKnownParams(context.params, ['client_secret', 'outcome', 'expand']);
  const intent = findPaymentIntent(context.store, context.id);
  if (readString(context.params, 'client_secret') === undefined) throw missingParam('client_secret');
  checkClientSecret(context, intent);
  const outcome = readEnum(context.params, 'outcome', ['approve', 'fail']);
  if (!outcome) throw missingParam('outcome');
  if (intent.status !== 'requires_action' || typeof intent.payment_method !== 'string') {
    throw unexpectedState(context, intent, 'This PaymentIntent is not waiting for 3D Secure authentication.');
  }
  if (outcome === 'fail') {
    failPaymentAuthentication(context, intent);
  } else {
    const method = findPaymentMethod(context.store, intent.payment_method);
    attemptPayment(context, intent, method, { offSession: false, authenticated: true });
  }
  return ok(intentView(context, intent));
};
