import { z } from 'zod';
import { customerPaymentSchema } from './billing.ts';
import { customerSchema, invoiceSchema } from './checkout.ts';
import { amountSchema, SORT_DIRECTIONS, unlessEmpty } from './common.ts';
import { refundSchema } from './refunds.ts';

/** The admin dashboard's payments: the list's search and order, and one payment's page. */

/**
 * What `GET /payment-intents` takes beside its filters: `q` finds a payment by its own id, its
 * invoice's or its customer's id, or by text in its customer's name or email (A–Z in any case);
 * `sortBy=created` orders by creation, newest first unless `sortDirection=asc`. Amounts are not
 * a sort: the payments of a list are in several currencies, which no order compares.
 */
export const paymentSearchQuerySchema = z.object({
  q: unlessEmpty(z.string().trim().max(100)),
  sortBy: unlessEmpty(z.enum(['created'])),
  sortDirection: unlessEmpty(z.enum(SORT_DIRECTIONS)),
});
export type PaymentSearchQuery = z.output<typeof paymentSearchQuerySchema>;

/** The card provider's own record of a payment the kit took through it, and its page there. */
export const paymentProviderSchema = z.object({
  name: z.literal('stripe'),
  /** Stripe's payment intent (`pi_…`). */
  payment_intent_id: z.string(),
  /** The payment in Stripe's dashboard, of the mode the payment is in. */
  dashboard_url: z.string(),
});
export type PaymentProvider = z.infer<typeof paymentProviderSchema>;

/** The chain a payment was made on, and its transaction once the payer sent one. */
export const paymentChainSchema = z.object({
  chain_id: z.number().int(),
  /** The explorer transactions are linked to (`{explorer_host}/tx/{hash}`); empty when the chain has none. */
  explorer_host: z.string(),
  tx_hash: z.string().nullable(),
  /** The wallet the payment came from, which a refund goes back to. */
  payer: z.string().nullable(),
});
export type PaymentChain = z.infer<typeof paymentChainSchema>;

/** A payment as `GET /payment-intents` lists it: with who paid, so a list names them without a request per row. */
export const listedPaymentSchema = customerPaymentSchema.extend({
  customer: customerSchema.pick({ id: true, name: true, email: true, did: true }).nullable(),
});
export type ListedPayment = z.infer<typeof listedPaymentSchema>;

/**
 * `GET /payment-intents/{id}` (admin): a payment with what it paid for, who paid, where the money
 * went through, and what of it was given back. `amount_refunded` is what refunds returned;
 * `amount_refundable` what a new refund may still take (refunds still being sent hold their part).
 */
export const adminPaymentSchema = listedPaymentSchema.extend({
  invoice: invoiceSchema.pick({ id: true, number: true, status: true }).nullable(),
  checkout_session_id: z.string().nullable(),
  provider: paymentProviderSchema.nullable(),
  chain: paymentChainSchema.nullable(),
  amount_refunded: amountSchema,
  amount_refundable: amountSchema,
  /** Oldest first. */
  refunds: z.array(refundSchema),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
