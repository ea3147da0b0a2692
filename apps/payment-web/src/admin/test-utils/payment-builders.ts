import type { AdminPayment, ListedPayment, Refund } from '@bazaar/schemas';
import { makePayment, makeRefund } from './customer-builders.ts';

/** Test builders: valid answers of the admin's payment endpoints, with just the fields a test cares about changed. */

/** A refund as a payment's page lists it: without the currency its payment carries. */
export function makePaymentRefund(overrides: Partial<Refund> = {}): Refund {
  const { currency: _currency, ...refund } = makeRefund(overrides);
  return refund;
}

/** Ada's $19.99 card payment of invoice BZR-0001, as the payments list shows it. */
export function makeListedPayment(overrides: Partial<ListedPayment> = {}): ListedPayment {
  return {
    ...makePayment(),
    customer: { id: 'cus_1', name: 'Ada Lovelace', email: 'ada@example.com', did: 'did:abt:z1ada' },
    ...overrides,
  };
}

/** Ada's $19.99 card payment of invoice BZR-0001, nothing refunded yet. */
export function makeAdminPayment(overrides: Partial<AdminPayment> = {}): AdminPayment {
  return {
    ...makeListedPayment(),
    invoice: { id: 'in_1', number: 'BZR-0001', status: 'paid' },
    checkout_session_id: 'cs_1',
    provider: null,
    chain: null,
    amount_refunded: '0',
    amount_refundable: '1999',
    refunds: [],
    ...overrides,
  };
}
