import { z } from 'zod';
import { customerPaymentSchema, listedRefundSchema, subscriptionSchema, testClockSchema } from './billing.ts';
import { customerSchema, invoiceSchema, paymentCurrencySchema } from './checkout.ts';
import {
  amountSchema,
  paginatedSchema,
  paginationQuerySchema,
  timestampSchema,
  unlessEmpty,
} from './common.ts';
import { SORT_DIRECTIONS, type SortDirection } from './store-catalogue.ts';

/** The admin dashboard's customers: the list with its search, and one customer's page. */

export const CUSTOMER_SORTS = ['created', 'name', 'email'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

/** The direction a sort takes when the query names none: newest first, names and emails A to Z. */
export const DEFAULT_CUSTOMER_SORT_DIRECTIONS: Record<CustomerSort, SortDirection> = {
  created: 'desc',
  name: 'asc',
  email: 'asc',
};

/**
 * `GET /customers` (admin): one mode's customers, 20 a page, newest first unless sorted. `q` finds
 * its text in the name, email or DID, ignoring the case of A–Z. An empty parameter filters nothing.
 */
export const listCustomersQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  sortBy: unlessEmpty(z.enum(CUSTOMER_SORTS)),
  sortDirection: unlessEmpty(z.enum(SORT_DIRECTIONS)),
});
export type ListCustomersQuery = z.input<typeof listCustomersQuerySchema>;
/** `GET /customers/export.csv`: the list's search, every page at once, newest first as every export is. */
export const exportCustomersQuerySchema = listCustomersQuerySchema.omit({
  page: true,
  pageSize: true,
  sortBy: true,
  sortDirection: true,
});

/** A customer as an admin sees them: with the test clock they live in and when they were created. */
export const adminCustomerSchema = customerSchema.extend({
  object: z.literal('customer'),
  test_clock_id: z.string().nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

/** Credit a customer holds in one currency (the smallest unit), which their next invoices use first. */
export const customerCreditSchema = z.object({
  currency_id: z.string(),
  amount: amountSchema,
  currency: paymentCurrencySchema,
});
export type CustomerCredit = z.infer<typeof customerCreditSchema>;

/**
 * `GET /customers/{id}` (admin): the customer and, newest first, the first page of each thing they
 * own (`count` says how many there are in all; the full lists are `GET /subscriptions`,
 * `/invoices`, `/payment-intents`, `/refunds` with `customer_id`), their credit per currency and
 * their test clock.
 */
export const adminCustomerDetailsSchema = adminCustomerSchema.extend({
  subscriptions: paginatedSchema(subscriptionSchema),
  invoices: paginatedSchema(invoiceSchema),
  payments: paginatedSchema(customerPaymentSchema),
  refunds: paginatedSchema(listedRefundSchema),
  credit: z.array(customerCreditSchema),
  test_clock: testClockSchema.nullable(),
});
export type AdminCustomerDetails = z.infer<typeof adminCustomerDetailsSchema>;
