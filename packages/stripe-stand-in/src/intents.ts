import type Stripe from 'stripe';
import { invalidParam, invalidRequest, missingParam, StripeApiError } from './api-error.ts';
import { DECLINES, isExpired, type Decline } from './cards.ts';
import type { ApiContext } from './context.ts';
import { publishableView, withExpansions } from './expand.ts';
import { threeDSecureAction, type PaymentMethodTypes } from './objects.ts';
import { createPaymentMethodFromData, findPaymentMethod } from './payment-methods.ts';
import type { FormFields } from './form-body.ts';
import { readBoolean, readExpand, readHash, readString, readStringList } from './params.ts';
import { cardOf, findOrFail, snapshot, type Store } from './store.ts';

/** What payment and setup intents share: a client secret, a payment method, a status. */
export type Intent = Stripe.PaymentIntent | Stripe.SetupIntent;

/** "payment_intent" or "setup_intent", as error codes are prefixed. */
function kindOf(intent: Intent): string {
  return intent.object;
}

export function nameOf(intent: Intent): string {
  return intent.object === 'payment_intent' ? 'PaymentIntent' : 'SetupIntent';
}

/** The customer's id, the intent holding it as an id unless expanded. */
export function customerIdOf(intent: Intent): string | null {
  return typeof intent.customer === 'string' ? intent.customer : null;
}

/**
 * The payer's browser reaches an intent only with its client secret; a server may send it too, and
 * then it must match as well.
 */
export function checkClientSecret(context: ApiContext, intent: Intent): void {
  const sent = readString(context.params, 'client_secret');
  if (sent === undefined) {
    if (context.access === 'publishable') throw missingParam('client_secret');
    return;
  }
  if (sent !== intent.client_secret) {
    throw invalidRequest(
      `The client_secret provided does not match the client_secret associated with the ${nameOf(intent)}.`,
      { code: `${kindOf(intent)}_invalid_parameter`, param: 'client_secret' },
    );
  }
}

/** The intent as this caller may see it: expanded as asked, and only part of it for a browser. */
export function intentView(context: ApiContext, intent: Intent): Record<string, unknown> {
  const expanded = withExpansions(context.store, intent, readExpand(context.params));
  return context.access === 'publishable'
    ? publishableView(expanded)
    : (expanded as unknown as Record<string, unknown>);
}

/** Stripe's `<kind>_unexpected_state` error, carrying the intent as it is. */
export function unexpectedState(context: ApiContext, intent: Intent, message: string): StripeApiError {
  return invalidRequest(message, {
    code: `${kindOf(intent)}_unexpected_state`,
    [kindOf(intent)]: intentView(context, intent),
  });
}

const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

export function assertConfirmable(context: ApiContext, intent: Intent): void {
  if (CONFIRMABLE.includes(intent.status)) return;
  const name = nameOf(intent);
  throw unexpectedState(
    context,
    intent,
    intent.status === 'succeeded'
      ? `You cannot confirm this ${name} because it has already succeeded after being previously confirmed.`
      : `You cannot confirm this ${name} because it has a status of ${intent.status}. Only a ${name} with one of the following statuses may be confirmed: requires_confirmation, requires_action, requires_payment_method.`,
  );
}

/**
 * The payment method a confirm uses: the card the payer typed (`payment_method_data`, no one's
 * yet), or the one it names or the intent holds, once the intent's customer may use it.
 */
export function paymentMethodForConfirm(context: ApiContext, intent: Intent): Stripe.PaymentMethod {
  const data = readHash(context.params, 'payment_method_data');
  if (data) return createPaymentMethodFromData(context, data);
  const named = readString(context.params, 'payment_method') ?? intent.payment_method;
  if (typeof named === 'string') {
    const method = findPaymentMethod(context.store, named, 'payment_method');
    assertUsableBy(context, customerIdOf(intent), method);
    return method;
  }
  const name = nameOf(intent);
  throw unexpectedState(
    context,
    intent,
    `You cannot confirm this ${name} because it's missing a payment method. You can either update the ${name} with a payment method and then confirm it again, or confirm it again directly with a payment method.`,
  );
}

/**
 * Stripe's rules for reusing a payment method: one attached to a customer is that customer's only,
 * and one used without a customer cannot be used again.
 */
export function assertUsableBy(
  context: ApiContext,
  customer: string | null,
  method: Stripe.PaymentMethod,
): void {
  const owner = typeof method.customer === 'string' ? method.customer : (method.customer?.id ?? null);
  if (owner && customer !== owner) {
    throw invalidRequest(
      customer
        ? `The provided PaymentMethod ${method.id} belongs to a different Customer (${owner}) than the one provided (${customer}).`
        : `The provided PaymentMethod ${method.id} is attached to a Customer. To use it, also pass that Customer's ID with the \`customer\` parameter.`,
      { param: 'payment_method' },
    );
  }
  if (!owner && cardOf(context.store, method.id).usedWithoutCustomer) {
    throw invalidRequest(
      'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
      { param: 'payment_method' },
    );
  }
}

export function findCustomerId(store: Store, id: string): string {
  return findOrFail(store.customers, 'customer', id, 'customer').id;
}

/** The `payment_method` a create or update names, once `customer` may use it; null when none is named. */
export function namedPaymentMethod(
  context: ApiContext,
  customer: string | null,
): Stripe.PaymentMethod | null {
  const id = readString(context.params, 'payment_method');
  const method = id ? findPaymentMethod(context.store, id, 'payment_method') : null;
  if (method) assertUsableBy(context, customer, method);
  return method;
}

/** The `customer` and `payment_method` a new intent is created with. */
export function readCustomerAndMethod(context: ApiContext) {
  const customerParam = readString(context.params, 'customer');
  const customer = customerParam ? findCustomerId(context.store, customerParam) : null;
  return { customer, method: namedPaymentMethod(context, customer) };
}

/**
 * Keeps the card for later, as a successful setup or a saving payment does: attached to the
 * customer (once), and set up for off-session payments when that is what `usage` asks.
 */
export function setUpForLater(
  context: ApiContext,
  customer: string | null,
  method: Stripe.PaymentMethod,
  usage: string | null,
): void {
  if (customer && method.customer !== customer) {
    method.customer = customer;
    context.emit('payment_method.attached', method);
  }
  const card = cardOf(context.store, method.id);
  card.setUpForOffSession = card.setUpForOffSession || usage === 'off_session';
}

/** The issuer wants 3-D Secure: the payer's Stripe.js is sent to the stand-in's challenge. */
export function waitForAuthentication(
  context: ApiContext,
  intent: Intent,
  method: Stripe.PaymentMethod,
): void {
  intent.status = 'requires_action';
  intent.payment_method = method.id;
  intent.next_action = threeDSecureAction(intent.id);
  context.emit(`${kindOf(intent)}.requires_action`, intent);
}

/** What the issuer refuses an attempt with: any expired card, else the card's `decline` for the attempt. */
export function refusalOf(method: Stripe.PaymentMethod, decline: Decline | null): Decline | null {
  const { exp_month, exp_year } = method.card!;
  return isExpired(exp_month, exp_year) ? DECLINES.expiredCard : decline;
}

/** The intent in the answer to a card error: what Stripe.js and the SDK show as `error.payment_intent`. */
export function errorWithIntent(
  context: ApiContext,
  intent: Intent,
  error: { type: 'card_error'; code: string; message: string } & Record<string, unknown>,
): StripeApiError {
  return new StripeApiError(402, { ...snapshot(error), [kindOf(intent)]: intentView(context, intent) });
}

/** Automatic payment methods (Stripe's default) or a fixed list; only cards can be confirmed here. */
export function readPaymentMethodTypes(params: FormFields): PaymentMethodTypes {
  const automatic = readHash(params, 'automatic_payment_methods');
  const types = readStringList(params, 'payment_method_types');
  if (automatic && types) {
    throw invalidParam(
      'automatic_payment_methods',
      'You may only specify one of these parameters: automatic_payment_methods, payment_method_types.',
      'parameters_exclusive',
    );
  }
  const allowed = readStringList(params, 'allowed_payment_method_types') ?? null;
  const enabled = types ? false : automatic ? readBoolean(automatic, 'enabled') !== false : true;
  return { types: types ?? allowed ?? ['card'], allowed, automatic: enabled };
}
