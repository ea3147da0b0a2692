import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import { docUrlOf } from './api-error.ts';
import { brandOf, type CardBehaviour, type Decline } from './cards.ts';
import { newClientSecret, newId, randomAlphanumeric, unixNow } from './ids.ts';

/**
 * Stripe's objects as its API answers them, typed with the SDK's own definitions so that a field
 * Stripe always sends cannot be left out.
 */

/** The version the pinned SDK (stripe@23.1.0) sends and expects events in. */
export const API_VERSION = '2026-10-28.endive';

export type Metadata = Record<string, string>;

export function newCustomer(input: {
  email: string | null;
  name: string | null;
  description: string | null;
  phone: string | null;
  metadata: Metadata;
}): Stripe.Customer {
  return {
    id: newId('cus'),
    object: 'customer',
    address: null,
    balance: 0,
    created: unixNow(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: input.description,
    discount: null,
    email: input.email,
    invoice_prefix: randomAlphanumeric(8).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: input.metadata,
    name: input.name,
    next_invoice_sequence: 1,
    phone: input.phone,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

/** The same number always has the same fingerprint, as Stripe's do (for spotting a card used twice). */
function fingerprintOf(number: string): string {
  return createHash('sha256').update(`stripe-stand-in:${number}`).digest('base64url').slice(0, 16);
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  behaviour: CardBehaviour;
}

export function newCardPaymentMethod(
  card: CardInput,
  billingDetails: Stripe.PaymentMethod.BillingDetails,
): Stripe.PaymentMethod {
  const brand = brandOf(card.number);
  return {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: billingDetails,
    card: {
      brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'unchecked' },
      country: 'US',
      display_brand: brand,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      fingerprint: fingerprintOf(card.number),
      funding: card.behaviour.funding,
      generated_from: null,
      last4: card.number.slice(-4),
      networks: { available: [brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: unixNow(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

export function emptyBillingDetails(): Stripe.PaymentMethod.BillingDetails {
  return { address: null, email: null, name: null, phone: null, tax_id: null };
}

/** Automatic payment methods (Stripe's default) or a fixed list, as a create reads them. */
export interface PaymentMethodTypes {
  types: string[];
  allowed: string[] | null;
  automatic: boolean;
}

/** What payment and setup intents are both created with. */
export interface NewIntent {
  customer: string | null;
  description: string | null;
  metadata: Metadata;
  paymentMethodTypes: PaymentMethodTypes;
}

export interface NewPaymentIntent extends NewIntent {
  amount: number;
  currency: string;
  paymentMethod: string | null;
  setupFutureUsage: Stripe.PaymentIntent.SetupFutureUsage | null;
  receiptEmail: string | null;
}

export interface NewSetupIntent extends NewIntent {
  usage: 'off_session' | 'on_session';
}

/**
 * Stripe answers `id` and `object` first, then the fields in alphabetical order; an object built
 * from shared fields and its own gets that order back here.
 */
function inStripeOrder<T extends { id: string; object: string }>(fields: T): T {
  const { id, object, ...rest } = fields;
  const sorted = Object.entries(rest).sort(([a], [b]) => (a < b ? -1 : 1));
  return { id, object, ...Object.fromEntries(sorted) } as T;
}

/** The fields a new payment or setup intent has alike; `prefix` is its id's (pi, seti). */
function newIntentFields<I extends Stripe.PaymentIntent | Stripe.SetupIntent>(
  prefix: string,
  object: I['object'],
  input: NewIntent,
) {
  const id = newId(prefix);
  const { types, allowed, automatic } = input.paymentMethodTypes;
  return {
    id,
    object,
    allowed_payment_method_types: allowed as I['allowed_payment_method_types'],
    application: null,
    automatic_payment_methods: automatic ? { allow_redirects: 'always' as const, enabled: true } : null,
    cancellation_reason: null,
    client_secret: newClientSecret(id),
    created: unixNow(),
    customer: input.customer,
    customer_account: null,
    description: input.description,
    excluded_payment_method_types: null,
    livemode: false,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method_configuration_details: null,
    payment_method_types: types,
  };
}

export function newPaymentIntent(input: NewPaymentIntent): Stripe.PaymentIntent {
  return inStripeOrder<Stripe.PaymentIntent>({
    ...newIntentFields<Stripe.PaymentIntent>('pi', 'payment_intent', input),
    amount: input.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application_fee_amount: null,
    canceled_at: null,
    capture_method: 'automatic_async',
    confirmation_method: 'automatic',
    currency: input.currency,
    last_payment_error: null,
    latest_charge: null,
    managed_payments: null,
    payment_method: input.paymentMethod,
    payment_method_options: {
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_record: null,
    processing: null,
    receipt_email: input.receiptEmail,
    review: null,
    setup_future_usage: input.setupFutureUsage,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: input.paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  });
}

export function newSetupIntent(input: NewSetupIntent): Stripe.SetupIntent {
  return inStripeOrder<Stripe.SetupIntent>({
    ...newIntentFields<Stripe.SetupIntent>('seti', 'setup_intent', input),
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    mandate: null,
    payment_method: null,
    payment_method_options: {
      card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    single_use_mandate: null,
    status: 'requires_payment_method',
    usage: input.usage,
  });
}

/** What Stripe.js is told to do when the issuer wants 3-D Secure. */
export function threeDSecureAction(intentId: string) {
  return {
    type: 'use_stripe_sdk' as const,
    use_stripe_sdk: {
      type: 'three_d_secure_redirect',
      stripe_js: `/v1/3ds/${intentId}`,
      source: newId('src'),
    },
  };
}

function chargeOutcome(decline: Decline | null): Stripe.Charge.Outcome {
  if (!decline) {
    return {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: 'approved_by_network',
      reason: null,
      risk_level: 'normal',
      risk_score: 32,
      seller_message: 'Payment complete.',
      type: 'authorized',
    };
  }
  return {
    advice_code: null,
    network_advice_code: null,
    network_decline_code: null,
    network_status: 'declined_by_network',
    reason: decline.declineCode,
    risk_level: 'normal',
    risk_score: 32,
    seller_message: 'The bank did not return any further details with this decline.',
    type: 'issuer_declined',
  };
}

/** A charge for one attempt to pay the intent with the method; `decline` makes it a failed one. */
export function newCharge(input: {
  intent: Stripe.PaymentIntent;
  method: Stripe.PaymentMethod;
  decline: Decline | null;
  authenticated: boolean;
}): Stripe.Charge {
  const { intent, method, decline } = input;
  const card = method.card!;
  const succeeded = decline === null;
  return {
    id: newId('ch'),
    object: 'charge',
    amount: intent.amount,
    amount_captured: succeeded ? intent.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: succeeded ? newId('txn') : null,
    billing_details: method.billing_details,
    calculated_statement_descriptor: 'STRIPE STAND-IN',
    captured: succeeded,
    created: unixNow(),
    currency: intent.currency,
    customer: intent.customer,
    description: intent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: decline?.code ?? null,
    failure_message: decline?.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: { ...intent.metadata },
    on_behalf_of: null,
    outcome: chargeOutcome(decline),
    paid: succeeded,
    payment_intent: intent.id,
    payment_method: method.id,
    payment_method_details: {
      card: {
        amount_authorized: succeeded ? intent.amount : null,
        authorization_code: succeeded ? randomAlphanumeric(6).toUpperCase() : null,
        brand: card.brand,
        checks: card.checks,
        country: card.country,
        electronic_commerce_indicator: input.authenticated ? '05' : null,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        extended_authorization: { status: 'disabled' },
        fingerprint: card.fingerprint ?? null,
        funding: card.funding,
        incremental_authorization: { status: 'unavailable' },
        installments: null,
        last4: card.last4,
        mandate: null,
        multicapture: { status: 'unavailable' },
        network: card.brand,
        network_token: { used: false },
        network_transaction_id: succeeded ? randomAlphanumeric(15) : null,
        overcapture: { maximum_amount_capturable: intent.amount, status: 'unavailable' },
        regulated_status: 'unregulated',
        three_d_secure: input.authenticated
          ? {
              authentication_flow: 'challenge',
              electronic_commerce_indicator: '05',
              exemption_indicator: null,
              result: 'authenticated',
              result_reason: null,
              transaction_id: crypto.randomUUID(),
              version: '2.2.0',
            }
          : null,
        transaction_link_id: null,
        wallet: null,
      },
      type: 'card',
    },
    receipt_email: intent.receipt_email,
    receipt_number: null,
    receipt_url: succeeded ? `https://pay.stripe.com/receipts/payment/${randomAlphanumeric(48)}` : null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: succeeded ? 'succeeded' : 'failed',
    transfer_data: null,
    transfer_group: null,
  };
}

export function newRefund(input: {
  charge: Stripe.Charge;
  amount: number;
  reason: Stripe.Refund.Reason | null;
  metadata: Metadata;
  status: 'pending' | 'succeeded';
}): Stripe.Refund {
  const { charge } = input;
  return {
    id: newId('re'),
    object: 'refund',
    amount: input.amount,
    balance_transaction: newId('txn'),
    charge: charge.id,
    created: unixNow(),
    currency: charge.currency,
    customer: charge.customer,
    customer_account: null,
    destination_details: {
      card: {
        reference: input.status === 'succeeded' ? randomAlphanumeric(23) : undefined,
        reference_status: input.status === 'succeeded' ? 'available' : 'pending',
        reference_type: 'acquirer_reference_number',
        type: 'refund',
      },
      type: 'card',
    },
    metadata: input.metadata,
    payment_intent: typeof charge.payment_intent === 'string' ? charge.payment_intent : null,
    payment_method: charge.payment_method,
    reason: input.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: input.status,
    transfer_reversal: null,
  };
}

/** Stripe's error object for a declined attempt, as `last_payment_error` and the 402 body carry it. */
export function declineError(decline: Decline, extra: { charge?: string; method: Stripe.PaymentMethod }) {
  return {
    type: 'card_error' as const,
    code: decline.code,
    ...(decline.declineCode && { decline_code: decline.declineCode }),
    doc_url: docUrlOf(decline.code),
    message: decline.message,
    ...(extra.charge && { charge: extra.charge }),
    payment_method: extra.method,
  };
}

export interface ListObject<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

export function listOf<T>(data: T[], url: string, hasMore = false): ListObject<T> {
  return { object: 'list', data, has_more: hasMore, url };
}
