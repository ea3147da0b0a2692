import type Stripe from 'stripe';
import { docUrlOf, invalidRequest, missingParam, StripeApiError } from './api-error.ts';
import { behaviourOf, fullYear, passesLuhn } from './cards.ts';
import { ok, type ApiContext, type Handler } from './context.ts';
import { withExpansions } from './expand.ts';
import type { FormFields } from './form-body.ts';
import { emptyBillingDetails, newCardPaymentMethod, type CardInput } from './objects.ts';
import { assertKnownParams, readExpand, readHash, readString, requireString } from './params.ts';
import { findOrFail, type Store } from './store.ts';

/** Stripe refuses card numbers from a server: they only come from the payer's browser. */
const RAW_CARD_DATA_REFUSED =
  'Sending credit card numbers directly to the Stripe API is generally unsafe. We suggest you use test tokens that map to the test card you are using, see https://stripe.com/docs/testing. To enable testing raw card data APIs, see https://support.stripe.com/questions/enabling-access-to-raw-card-data-apis.';

/** Fields Stripe.js adds to `payment_method_data` besides the card itself. */
const PAYMENT_METHOD_DATA_FIELDS = [
  'type',
  'card',
  'billing_details',
  'metadata',
  'allow_redisplay',
  'payment_user_agent',
  'referrer',
  'time_on_page',
  'guid',
  'muid',
  'sid',
];

/** A card Stripe cannot take at all is a card error before any payment is attempted. */
function invalidCard(code: string, message: string, param: string): StripeApiError {
  return new StripeApiError(402, { type: 'card_error', code, doc_url: docUrlOf(code), message, param });
}

/** `card[number]` at the top level, `payment_method_data[card][number]` inside. */
function nested(prefix: string, name: string): string {
  return prefix ? `${prefix}[${name}]` : name;
}

function readCard(card: FormFields, param: string): CardInput {
  assertKnownParams(card, ['number', 'exp_month', 'exp_year', 'cvc']);
  const number = requireString(card, 'number');
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) {
    throw invalidCard('incorrect_number', 'Your card number is incorrect.', `${param}[number]`);
  }
  const month = Number(requireString(card, 'exp_month'));
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw invalidCard(
      'invalid_expiry_month',
      "Your card's expiration month is invalid.",
      `${param}[exp_month]`,
    );
  }
  const yearText = requireString(card, 'exp_year');
  if (!/^(\d{2}|\d{4})$/.test(yearText)) {
    throw invalidCard('invalid_expiry_year', "Your card's expiration year is invalid.", `${param}[exp_year]`);
  }
  const cvc = readString(card, 'cvc');
  if (cvc !== undefined && !/^\d{3,4}$/.test(cvc)) {
    throw invalidCard('invalid_cvc', "Your card's security code is invalid.", `${param}[cvc]`);
  }
  return { number, expMonth: month, expYear: fullYear(Number(yearText)), behaviour: behaviourOf(number) };
}

function readBillingDetails(fields: FormFields | undefined): Stripe.PaymentMethod.BillingDetails {
  const details = emptyBillingDetails();
  if (!fields) return details;
  assertKnownParams(fields, ['name', 'email', 'phone', 'address', 'tax_id']);
  const address = readHash(fields, 'address');
  return {
    ...details,
    name: readString(fields, 'name') || null,
    email: readString(fields, 'email') || null,
    phone: readString(fields, 'phone') || null,
    address: address
      ? {
          city: readString(address, 'city') || null,
          country: readString(address, 'country') || null,
          line1: readString(address, 'line1') || null,
          line2: readString(address, 'line2') || null,
          postal_code: readString(address, 'postal_code') || null,
          state: readString(address, 'state') || null,
        }
      : null,
  };
}

/**
 * A card payment method made from what the payer typed (`payment_method_data` on a browser
 * confirm, or the body of POST /v1/payment_methods), kept with how its issuer behaves.
 */
export function createCardPaymentMethod(
  context: ApiContext,
  data: FormFields,
  prefix: string,
): Stripe.PaymentMethod {
  const type = requireString(data, 'type');
  if (type !== 'card') {
    throw invalidRequest(`The stand-in only takes cards, not ${type}.`, { param: nested(prefix, 'type') });
  }
  const cardFields = readHash(data, 'card');
  if (!cardFields) throw missingParam(nested(prefix, 'card'));
  if (context.access !== 'publishable') throw invalidRequest(RAW_CARD_DATA_REFUSED);
  const card = readCard(cardFields, nested(prefix, 'card'));
  const method = newCardPaymentMethod(card, readBillingDetails(readHash(data, 'billing_details')));
  context.store.paymentMethods.set(method.id, method);
  context.store.cards.set(method.id, {
    behaviour: card.behaviour,
    setUpForOffSession: false,
    usedWithoutCustomer: false,
  });
  return method;
}

/** `payment_method_data` of a confirm: what Stripe.js sends besides the card itself. */
export function createPaymentMethodFromData(context: ApiContext, data: FormFields): Stripe.PaymentMethod {
  assertKnownParams(data, PAYMENT_METHOD_DATA_FIELDS);
  return createCardPaymentMethod(context, data, 'payment_method_data');
}

export function findPaymentMethod(
  store: Store,
  id: string,
  param: string | null = null,
): Stripe.PaymentMethod {
  return findOrFail(store.paymentMethods, 'PaymentMethod', id, param);
}

/** POST /v1/payment_methods — Stripe.js's createPaymentMethod, with the publishable key. */
export const createPaymentMethod: Handler = (context) => {
  const { params } = context;
  assertKnownParams(params, [...PAYMENT_METHOD_DATA_FIELDS, 'expand']);
  const method = createCardPaymentMethod(context, params, '');
  return ok(withExpansions(context.store, method, readExpand(params)));
};

/** GET /v1/payment_methods/:id */
export const retrievePaymentMethod: Handler = ({ store, params, id }) => {
  assertKnownParams(params, ['expand']);
  return ok(withExpansions(store, findPaymentMethod(store, id), readExpand(params)));
};
