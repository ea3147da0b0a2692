import type { ListedSubscription, PlanChangeOption, PlanChangePreview, Subscription } from '@bazaar/schemas';
import { makeSubscription, MIDDAY } from './customer-builders.ts';

/** Test builders: valid answers of the subscription endpoints an admin's pages call. */

const DAY = 86_400;

/** A subscription as `GET /subscriptions` lists it: Ada's $9.99 monthly membership unless overridden. */
export function makeListedSubscription(
  overrides: Partial<Subscription> = {},
  customer: Partial<ListedSubscription['customer']> = {},
): ListedSubscription {
  return {
    ...makeSubscription(overrides),
    customer: {
      id: overrides.customer_id ?? 'cus_1',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      did: 'did:abt:z1ada',
      ...customer,
    },
  };
}

/** The membership billed yearly at `amount` (smallest unit): a plan the monthly one may move to. */
export function makePlanOption(amount = '9999'): PlanChangeOption {
  const { price } = makeSubscription().items[0]!;
  return {
    price: {
      ...price,
      id: 'price_yearly',
      nickname: 'Yearly',
      unit_amount: amount,
      recurring: { interval: 'year', interval_count: 1, usage_type: 'licensed' },
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
    next_invoice_at: MIDDAY + 365 * DAY,
    period_start: MIDDAY,
    period_end: MIDDAY + 365 * DAY,
    ...overrides,
  };
}
