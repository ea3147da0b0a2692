import type {
  AdminCustomer,
  AdminCustomerDetails,
  CustomerPayment,
  Invoice,
  ListedRefund,
  Subscription,
} from '@bazaar/schemas';
import { makeSubscription as makeCheckoutSubscription, USD } from '@bazaar/payment-react/testing';

/** Test builders: valid answers of the admin's customer endpoints, with just the fields a test cares about changed. */

// The currencies are the checkout's test currencies: one definition for every test.
export { ABT, USD } from '@bazaar/payment-react/testing';

/** 2027-01-15 12:00 UTC: midday, so a date reads the same in every time zone a test runs in. */
export const MIDDAY = 1_800_014_400;

const CARD = { id: 'pm_test_card', type: 'stripe', name: 'Card' } as const;

export function makeAdminCustomer(overrides: Partial<AdminCustomer> = {}): AdminCustomer {
  return {
    id: 'cus_1',
    object: 'customer',
    did: 'did:abt:z1ada',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '',
    address: { country: '', state: '', city: '', line1: '', line2: '', postal_code: '' },
    livemode: false,
    metadata: {},
    test_clock_id: null,
    created_at: MIDDAY,
    updated_at: MIDDAY,
    ...overrides,
  };
}

/** An active subscription to the $9.99 monthly membership, a month into its first period. */
export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return makeCheckoutSubscription({
    status: 'active',
    billing_cycle_anchor: MIDDAY,
    current_period_start: MIDDAY,
    current_period_end: MIDDAY + 31 * 86_400,
    trial_start: null,
    trial_end: null,
    created_at: MIDDAY,
    ...overrides,
  });
}

export function makeInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 'in_1',
    object: 'invoice',
    number: 'BZR-0001',
    status: 'paid',
    billing_reason: 'manual',
    customer_id: 'cus_1',
    subscription_id: null,
    checkout_session_id: 'cs_1',
    payment_intent_id: 'pi_1',
    currency_id: USD.id,
    currency: USD,
    description: '',
    lines: [],
    subtotal: '1999',
    total: '1999',
    amount_applied: '0',
    amount_due: '1999',
    amount_paid: '1999',
    amount_remaining: '0',
    period_start: null,
    period_end: null,
    due_date: null,
    attempt_count: 0,
    next_payment_attempt: null,
    payment_method_id: CARD.id,
    payment_method: CARD,
    payment_details: { brand: 'visa', last4: '4242' },
    refunds: [],
    livemode: false,
    created_at: MIDDAY,
    paid_at: MIDDAY,
    ...overrides,
  };
}

export function makePayment(overrides: Partial<CustomerPayment> = {}): CustomerPayment {
  return {
    id: 'pi_1',
    object: 'payment_intent',
    status: 'succeeded',
    amount: '1999',
    amount_received: '1999',
    currency_id: USD.id,
    payment_method_id: CARD.id,
    customer_id: 'cus_1',
    invoice_id: 'in_1',
    livemode: false,
    last_payment_error: null,
    payment_details: { brand: 'visa', last4: '4242' },
    created_at: MIDDAY,
    currency: USD,
    payment_method: CARD,
    ...overrides,
  };
}

export function makeRefund(overrides: Partial<ListedRefund> = {}): ListedRefund {
  return {
    id: 're_1',
    object: 'refund',
    type: 'refund',
    status: 'succeeded',
    reason: 'requested_by_admin',
    description: null,
    amount: '500',
    currency_id: USD.id,
    payment_intent_id: 'pi_1',
    customer_id: 'cus_1',
    invoice_id: 'in_1',
    subscription_id: null,
    failure_message: null,
    payment_details: null,
    attempt_count: 1,
    livemode: false,
    created_at: MIDDAY,
    updated_at: MIDDAY,
    currency: USD,
    ...overrides,
  };
}

/** A customer who owns nothing yet: every section empty. */
export function makeCustomerDetails(overrides: Partial<AdminCustomerDetails> = {}): AdminCustomerDetails {
  const none = { list: [], count: 0 };
  return {
    ...makeAdminCustomer(),
    subscriptions: none,
    invoices: none,
    payments: none,
    refunds: none,
    credit: [],
    test_clock: null,
    ...overrides,
  };
}
