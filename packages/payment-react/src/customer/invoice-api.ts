import {
  invoiceSchema,
  paginatedSchema,
  payInvoiceResponseSchema,
  subscriptionSchema,
  type Invoice,
} from '@bazaar/schemas';
import type { z } from 'zod';
import type { ApiClient } from '../api/api-client.ts';

export function fetchInvoice(api: ApiClient, id: string) {
  return api(`/api/invoices/${encodeURIComponent(id)}`, { schema: invoiceSchema });
}

/** Readies the invoice's card payment; one key per attempt, so a retried request does it once. */
export function startInvoicePayment(api: ApiClient, invoiceId: string, idempotencyKey: string) {
  return api(`/api/invoices/${encodeURIComponent(invoiceId)}/pay`, {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: payInvoiceResponseSchema,
  });
}

/** `GET /api/invoices`: a page of invoices, with the subscription when filtered by one. */
export const invoiceListResponseSchema = paginatedSchema(invoiceSchema).extend({
  subscription: subscriptionSchema.optional(),
});
export type InvoiceListResponse = z.infer<typeof invoiceListResponseSchema>;

/** What `GET /api/invoices` filters by; page and page size count from 1 and default to 1 and 10. */
export interface InvoiceListQuery {
  page?: number;
  pageSize?: number;
  status?: Invoice['status'];
  customer_id?: string;
  currency_id?: string;
  subscription_id?: string;
  /** Stakes, returned stakes and recoveries are bookkeeping, left out unless asked for. */
  include_staking?: boolean;
  include_return_staking?: boolean;
  include_recovered_from?: boolean;
  /** Leaves out invoices whose total is zero; on unless set false. */
  ignore_zero?: boolean;
}

/**
 * The query string of a list: only what filters something, since a parameter sent empty or false
 * asks the same as none, and keying the cache on what is sent makes equal filter sets share it.
 */
export function invoiceListParams({
  ignore_zero = true,
  ...query
}: InvoiceListQuery): Record<string, string> {
  // The customer's lists are their own account, an admin's too.
  const params: Record<string, string> = { own: 'true' };
  for (const [name, value] of Object.entries({ ...query, ignore_zero })) {
    if (value) params[name] = String(value);
  }
  return params;
}

export function listInvoices(api: ApiClient, query: InvoiceListQuery = {}) {
  return api('/api/invoices', { query: invoiceListParams(query), schema: invoiceListResponseSchema });
}
