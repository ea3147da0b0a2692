import type { Subscription, SubscriptionItem } from '@bazaar/schemas';
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
