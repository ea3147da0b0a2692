import type { ApiClient } from '@bazaar/payment-react';
import { invoiceSchema, paginatedSchema } from '@bazaar/schemas';

const invoicePageSchema = paginatedSchema(invoiceSchema);

/** A page of every customer's invoices (an admin's list holds drafts too). */
export const listInvoices = (api: ApiClient, query: Record<string, string>) =>
  api('/api/invoices', { query, schema: invoicePageSchema });
