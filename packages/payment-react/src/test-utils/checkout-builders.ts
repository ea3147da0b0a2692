import type { LineItem, PaymentMethod, Price, StartCheckoutResponse } from '@bazaar/schemas';

/** Test builders: valid objects of the checkout contract, with just the fields a test cares about changed. */

// Pages that read again on the relay's events are tested with its stand-in.
export { installFakeRelay } from './fake-relay.ts';

export const USD = {
  id: 'pc_test_usd',
  payment_method_id: 'pm_test_card',
  symbol: '$',
  name: 'US Dollar',
  logo: '',
  decimal: 2,
  maximum_precision: 2,
  active: true,
  contract: null,
  livemode: false,
};

/** A chain token: 18 decimals, shown to 6. */
export const ABT = {
  ...USD,
  id: 'pc_test_abt',
  payment_method_id: 'pm_test_arcblock',
  symbol: 'ABT',
  name: 'ArcBlock Token',
  decimal: 18,
  maximum_precision: 6,
};

export function makePaymentMethod(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    id: 'pm_test_card',
    type: 'stripe',
    name: 'Card',
    logo: '',
    active: true,
    livemode: false,
    settings: {},
    default_currency_id: USD.id,
    payment_currencies: [USD],
    ...overrides,
  };
}

export function makePrice(overrides: Partial<Price> = {}): Price {
  return {
    id: 'price_demo',
    product_id: 'prod_demo',
    product: {
      id: 'prod_demo',
      name: 'Bazaar T-shirt',
      description: 'Organic cotton',
      images: [],
      unit_label: null,
      statement_descriptor: null,
      active: true,
    },
    active: true,
    type: 'one_time',
    currency_id: USD.id,
    unit_amount: '1999',
    custom_unit_amount: null,
    currency_options: [],
    billing_scheme: 'per_unit',
    tiers_mode: null,
    tiers: null,
    upsell: null,
    nickname: '',
    metadata: {},
    recurring: null,
    quantity_available: 100,
    quantity_sold: 0,
    quantity_limit_per_checkout: 5,
    livemode: false,
    ...overrides,
  };
}

export function makeLineItem(overrides: Partial<LineItem> = {}): LineItem {
  const price = overrides.price ?? makePrice();
  return {
    price_id: price.id,
    price,
    quantity: 1,
    custom_amount: null,
    amount_subtotal: price.unit_amount ?? '0',
    upsell_price_id: null,
    upsell_price: null,
    upsell_offer: null,
    cross_sell: false,
    ...overrides,
  };
}

type SessionOverrides = Partial<StartCheckoutResponse['checkoutSession']>;
type SubscriptionData = NonNullable<StartCheckoutResponse['checkoutSession']['subscription_data']>;

/** A session's subscription terms: no trial and no staking threshold unless a test says so. */
export function makeSubscriptionData(overrides: Partial<SubscriptionData> = {}): SubscriptionData {
  return {
    trial_period_days: 0,
    trial_end: null,
    trial_currency: '',
    billing_threshold_amount: '0',
    min_stake_amount: '0',
    ...overrides,
  };
}

export function makeCheckout(
  session: SessionOverrides = {},
  rest: Partial<Omit<StartCheckoutResponse, 'checkoutSession'>> = {},
): StartCheckoutResponse {
  const lineItems = session.line_items ?? [makeLineItem()];
  return {
    checkoutSession: {
      id: 'cs_test_1',
      object: 'checkout_session',
      payment_link_id: 'plink_demo_onetime',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      submit_type: 'pay',
      livemode: false,
      currency_id: USD.id,
      line_items: lineItems,
      amount_subtotal: '1999',
      amount_total: '1999',
      amount_due_now: '1999',
      amount_renewal: '0',
      trial: null,
      currency_amounts: [{ currency_id: USD.id, amount_due_now: '1999', amount_renewal: '0' }],
      customer_id: null,
      invoice_id: null,
      subscription_id: null,
      payment_intent_id: null,
      phone_number_collection: { enabled: false },
      billing_address_collection: 'auto',
      cross_sell_behavior: 'auto',
      subscription_data: null,
      success_url: null,
      expires_at: 4_102_444_800,
      created_at: 1_700_000_000,
      metadata: {},
      client_secret: null,
      ...session,
    },
    paymentMethods: [makePaymentMethod()],
    paymentIntent: null,
    paymentLink: null,
    customer: null,
    ...rest,
  };
}

/** A donation session for a pay-what-you-want price (presets $1, $5, $10) at `amount` cents. */
export function makeDonationCheckout(amount: string, session: SessionOverrides = {}): StartCheckoutResponse {
  const price = makePrice({
    id: 'price_donation',
    unit_amount: null,
    custom_unit_amount: { preset: null, presets: ['100', '500', '1000'], minimum: '100', maximum: '100000' },
    quantity_available: 0,
    quantity_limit_per_checkout: 0,
  });
  return makeCheckout({
    submit_type: 'donate',
    line_items: [makeLineItem({ price, custom_amount: amount, amount_subtotal: amount })],
    amount_due_now: amount,
    currency_amounts: [{ currency_id: 'pc_test_usd', amount_due_now: amount, amount_renewal: '0' }],
    ...session,
  });
}
