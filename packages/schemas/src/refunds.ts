import { z } from 'zod';
import { amountSchema, timestampSchema } from './common.ts';
import { idSchema } from './ids.ts';

/** `stake_return` gives back a stake (the Store's developer staking); `refund` anything else. */
export const REFUND_TYPES = ['refund', 'stake_return'] as const;
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
/** Stripe's reasons an admin may give; the default is `requested_by_admin`. */
export const REFUND_REASONS = [
  'duplicate',
  'requested_by_customer',
  'requested_by_admin',
  'fraudulent',
] as const;

/** The vault's transaction of a chain refund and what mining it cost; card refunds have none. */
export const refundPaymentDetailsSchema = z.object({
  tx_hash: z.string(),
  gas_price: amountSchema.nullable(),
  gas_used: amountSchema.nullable(),
  payment_intent_id: z.string(),
});

export const refundSchema = z.object({
  id: z.string(),
  object: z.literal('refund'),
  type: z.enum(REFUND_TYPES),
  status: z.enum(REFUND_STATUSES),
  reason: z.enum(REFUND_REASONS),
  description: z.string().nullable(),
  amount: amountSchema,
  currency_id: z.string(),
  payment_intent_id: z.string(),
  customer_id: z.string().nullable(),
  invoice_id: z.string().nullable(),
  subscription_id: z.string().nullable(),
  /** Why a failed refund failed, in the provider's words. */
  failure_message: z.string().nullable(),
  payment_details: refundPaymentDetailsSchema.nullable(),
  attempt_count: z.number().int().nonnegative(),
  livemode: z.boolean(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Refund = z.infer<typeof refundSchema>;

/**
 * `POST /refunds`: gives back all that is left of a succeeded payment, or `amount` of it. A
 * payment is named by its intent or by the invoice it paid.
 */
export const createRefundBodySchema = z
  .strictObject({
    payment_intent_id: idSchema('paymentIntent').optional(),
    invoice_id: idSchema('invoice').optional(),
    amount: z
      .string()
      .regex(/^[1-9]\d{0,77}$/, 'Expected an amount of more than 0 in the smallest unit')
      .optional(),
    type: z.enum(REFUND_TYPES).default('refund'),
    reason: z.enum(REFUND_REASONS).default('requested_by_admin'),
    description: z.string().trim().max(500).optional(),
  })
  .refine(
    (body) => (body.payment_intent_id === undefined) !== (body.invoice_id === undefined),
    'Name the payment_intent_id or the invoice_id, not both',
  );
export type CreateRefundInput = z.infer<typeof createRefundBodySchema>;

/** What came back to the payer of an invoice: its succeeded refunds, in the smallest unit. */
export function refundedAmount(invoice: { refunds: readonly Pick<Refund, 'status' | 'amount'>[] }): bigint {
  return invoice.refunds
    .filter((refund) => refund.status === 'succeeded')
    .reduce((sum, refund) => sum + BigInt(refund.amount), 0n);
}
