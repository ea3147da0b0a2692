import type { ApiClient } from '@bazaar/payment-react';
import {
  adminPaymentSchema,
  listedPaymentSchema,
  listedRefundSchema,
  paginatedSchema,
  refundSchema,
  type CreateRefundInput,
} from '@bazaar/schemas';

const paymentPageSchema = paginatedSchema(listedPaymentSchema);
const refundPageSchema = paginatedSchema(listedRefundSchema);

/** The body of `POST /refunds` as the dashboard sends it: always naming the payment. */
export type RefundBody = Pick<CreateRefundInput, 'amount' | 'reason' | 'description'> & {
  payment_intent_id: string;
};

/** A page of every customer's payments that were attempted. */
export const listPayments = (api: ApiClient, query: Record<string, string>) =>
  api('/api/payment-intents', { query, schema: paymentPageSchema });

export const retrievePayment = (api: ApiClient, id: string) =>
  api(`/api/payment-intents/${encodeURIComponent(id)}`, { schema: adminPaymentSchema });

export const listRefunds = (api: ApiClient, query: Record<string, string>) =>
  api('/api/refunds', { query, schema: refundPageSchema });

/**
 * Gives back all or part of a payment. The key makes a request the network repeated count once;
 * a new submit is a new refund.
 */
export const createRefund = (api: ApiClient, body: RefundBody) =>
  api('/api/refunds', {
    method: 'POST',
    body,
    headers: { 'idempotency-key': crypto.randomUUID() },
    schema: refundSchema,
  });
