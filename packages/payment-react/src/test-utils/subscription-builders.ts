import type {
  PlanChangeOption,
  PlanChangePreview,
  Price,
  Subscription,
  SubscriptionItem,
} from '@bazaar/schemas';
import { makePrice, USD } from './checkout-builders.ts';

/** 2027-01-15 12:00 UTC: midday, so the date reads the same in every time zone a test runs in. */
export const SUBSCRIBED_AT = 1_800_014_400;
const DAY = 86_400;

/** The monthly membership at $9.99 as a subscription item. */
export function makeSubscriptionItem(overrides: Partial<SubscriptionItem> = {}): SubscriptionItem {
  const price =
    overrides.price ??
    makePrice({
      id: 'price_monthly',
      type: 'recurring',
      unit_amount: '999',
      recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
      product: { ...makePrice().product, id: 'prod_club', name: 'Bazaar Club membership' },
    });
  return { id: 'si_1', object: 'subscription_item', price_id: price.id, price, quantity: 1, ...overrides };
}

/** A valid subscription (trialing for 7 days on the monthly membership, paid by Visa 4242). */
export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  const trialEnd = SUBSCRIBED_AT + 7 * DAY;
  return {
    id: 'sub_1',
    object: 'subscription',
    status: 'trialing',
    customer_id: 'cus_1',
    currency_id: USD.id,
    currency: USD,
    default_payment_method_id: 'pm_test_card',
    payment_card: { brand: 'visa', last4: '4242' },
    payer_address: null,
    items: [makeSubscriptionItem()],
    billing_cycle_anchor: trialEnd,
    current_period_start: SUBSCRIBED_AT,
    current_period_end: trialEnd,
    trial_start: SUBSCRIBED_AT,
    trial_end: trialEnd,
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    cancelation_details: null,
    billing_threshold_amount: '0',
    latest_invoice_id: 'in_1',
    checkout_session_id: 'cs_1',
    test_clock_id: null,
    livemode: false,
    metadata: {},
    created_at: SUBSCRIBED_AT,
    ...overrides,
  };
}

/** A plan the subscription may move to: the membership at $99.99 a year unless overridden. */
export function makePlanOption(overrides: Partial<Price> = {}, amount = '9999'): PlanChangeOption {
  const { price } = makeSubscriptionItem();
  return {
    price: {
      ...price,
      id: 'price_yearly',
      unit_amount: amount,
      recurring: { interval: 'year', interval_count: 1, usage_type: 'licensed' },
      ...overrides,
    },
    amount,
  };
}

/** An upgrade mid-period: $5.00 of unused time, $15.00 for the new plan, $10.00 due today. */
export function makePlanChangePreview(overrides: Partial<PlanChangePreview> = {}): PlanChangePreview {
  return {
    price_id: 'price_yearly',
    quantity: 1,
    unused_credit: '500',
    new_charge: '1500',
    applied_credit: '500',
    amount_due_today: '1000',
    new_credit: '0',
    next_invoice_amount: '9999',
    next_invoice_at: SUBSCRIBED_AT + 30 * DAY,
    period_start: SUBSCRIBED_AT,
    period_end: SUBSCRIBED_AT + 30 * DAY,
    ...overrides,
  };
}
