import type Stripe from 'stripe';
import { invalidParam, missingParam } from './api-error.ts';
import { ok, type ApiContext, type Handler } from './context.ts';
import { cancelIntent, intentToConfirm, readAuthentication, retrieveIntent } from './intent-endpoints.ts';
import {
  errorWithIntent,
  findCustomerId,
  intentView,
  namedPaymentMethod,
  paymentMethodForConfirm,
  readCustomerAndMethod,
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
/** What a payment's confirm takes besides any confirm's; off_session only from a server, never Stripe.js. */
const PAYMENT_CONFIRM_PARAMS = ['setup_future_usage', 'receipt_email'];
const SERVER_ONLY_CONFIRM_PARAMS = ['off_session'];
/** Only these statuses let amount, currency, customer or payment method change (metadata may change any time). */
const UPDATABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
const CANCELLATION_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'] as const;
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
  const { customer, method } = readCustomerAndMethod(context);
  const confirm = readBoolean(params, 'confirm') ?? false;
  const offSession = readOffSession(params);
  if (offSession && !confirm) {
    throw invalidParam('off_session', 'You can only set off_session when confirm is set to true.');
  }
  const intent = newPaymentIntent({
    amount,
    currency,
    customer,
    description: readString(params, 'description') ?? null,
    metadata: applyMetadata({}, params),
    paymentMethod: method?.id ?? null,
    setupFutureUsage: readSetupFutureUsage(params) ?? null,
    paymentMethodTypes: readPaymentMethodTypes(params),
    receiptEmail: readString(params, 'receipt_email') ?? null,
  });
  store.paymentIntents.set(intent.id, intent);
  context.emit('payment_intent.created', intent);
  if (confirm) confirmIntent(context, intent, offSession);
  return ok(intentView(context, intent));
};

/** GET /v1/payment_intents/:id */
export const retrievePaymentIntent: Handler = (context) => retrieveIntent(context, findPaymentIntent);

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
  const method = namedPaymentMethod(context, typeof customer === 'string' ? customer : null);
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
  const intent = intentToConfirm(
    context,
    findPaymentIntent,
    PAYMENT_CONFIRM_PARAMS,
    SERVER_ONLY_CONFIRM_PARAMS,
  );
  const setupFutureUsage = readSetupFutureUsage(params);
  if (setupFutureUsage !== undefined) intent.setup_future_usage = setupFutureUsage;
  const receiptEmail = readNullableString(params, 'receipt_email');
  if (receiptEmail !== undefined) intent.receipt_email = receiptEmail;
  confirmIntent(context, intent, context.access !== 'publishable' && readOffSession(params));
  return ok(intentView(context, intent));
};

/** POST /v1/payment_intents/:id/cancel */
export const cancelPaymentIntent: Handler = (context) =>
  cancelIntent(context, findPaymentIntent, CANCELLATION_REASONS, CANCELABLE);

/**
 * POST /v1/payment_intents/:id/test_authenticate — the stand-in's 3-D Secure page: the payer
 * approves (the payment goes on to the issuer) or fails the challenge.
 */
export const authenticatePaymentIntent: Handler = (context) => {
  const { intent, outcome, paymentMethod } = readAuthentication(context, findPaymentIntent);
  if (outcome === 'fail') {
    failPaymentAuthentication(context, intent);
  } else {
    const method = findPaymentMethod(context.store, paymentMethod);
    attemptPayment(context, intent, method, { offSession: false, authenticated: true });
  }
  return ok(intentView(context, intent));
};
