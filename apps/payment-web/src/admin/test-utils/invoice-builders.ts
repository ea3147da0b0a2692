import type {
  AdminInvoice,
  AdminPaymentCurrency,
  AdminPrice,
  ListedInvoice,
  PaymentCurrency,
} from '@bazaar/schemas';
import { makePrice } from '@bazaar/payment-react/testing';
import { makeInvoice, MIDDAY } from './customer-builders.ts';

/** Test builders: valid answers of the admin's invoice, price and currency endpoints. */

/** An invoice as the admin routes answer it (with a draft's terms), paid by card unless changed. */
export function makeAdminInvoice(overrides: Partial<AdminInvoice> = {}): AdminInvoice {
  return { ...makeInvoice(), days_until_due: null, finalized_at: MIDDAY, ...overrides };
}

/** An invoice as the invoice list answers it: Ada's paid $19.99 unless changed. */
export function makeListedInvoice(overrides: Partial<ListedInvoice> = {}): ListedInvoice {
  return {
    ...makeInvoice(),
    customer: { id: 'cus_1', name: 'Ada Lovelace', email: 'ada@example.com', did: 'did:abt:z1ada' },
    ...overrides,
  };
}

/** A currency as the admin's currency list answers it. */
export const adminCurrency = (currency: PaymentCurrency): AdminPaymentCurrency => ({
  ...currency,
  object: 'payment_currency',
  created_at: MIDDAY,
});

/** A price as the admin's price list answers it: the checkout's test price (a $19.99 T-shirt) unless changed. */
export function makeAdminPrice(overrides: Partial<AdminPrice> = {}): AdminPrice {
  return { ...makePrice(), object: 'price', created_at: MIDDAY, ...overrides };
}
