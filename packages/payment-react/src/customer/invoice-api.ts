import { invoiceSchema, payInvoiceResponseSchema } from '@bazaar/schemas';
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
