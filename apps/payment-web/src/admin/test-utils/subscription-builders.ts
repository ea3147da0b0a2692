import type { ListedSubscription, PlanChangeOption, PlanChangePreview, Subscription } from '@bazaar/schemas';
import {
  makePlanChangePreview as makeCustomerPlanChangePreview,
  makePlanOption as makeCustomerPlanOption,
} from '@bazaar/payment-react/testing';
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
  return makeCustomerPlanOption({ nickname: 'Yearly' }, amount);
}

/** An upgrade mid-period to the yearly plan: $5.00 of unused time, $15.00 for the new plan, $10.00 due today. */
export function makePlanChangePreview(overrides: Partial<PlanChangePreview> = {}): PlanChangePreview {
  return makeCustomerPlanChangePreview({
    next_invoice_at: MIDDAY + 365 * DAY,
    period_start: MIDDAY,
    period_end: MIDDAY + 365 * DAY,
    ...overrides,
  });
}
