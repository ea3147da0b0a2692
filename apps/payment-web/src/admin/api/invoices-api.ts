import type { ApiClient } from '@bazaar/payment-react';
import {
  adminInvoiceSchema,
  listedInvoiceSchema,
  paginatedSchema,
  type CreateInvoiceBody,
  type UpdateInvoiceBody,
} from '@bazaar/schemas';

const invoicePageSchema = paginatedSchema(listedInvoiceSchema);
const invoicePath = (id: string) => `/api/invoices/${encodeURIComponent(id)}`;

/** A page of every customer's invoices, each with whom it bills (an admin's list holds drafts too). */
export const listInvoices = (api: ApiClient, query: Record<string, string>) =>
  api('/api/invoices', { query, schema: invoicePageSchema });

/** An invoice with the terms a draft keeps, as an admin reads it. */
export const retrieveInvoice = (api: ApiClient, id: string) =>
  api(invoicePath(id), { schema: adminInvoiceSchema });

export const createInvoice = (api: ApiClient, body: CreateInvoiceBody) =>
  api('/api/invoices', { method: 'POST', body, schema: adminInvoiceSchema });

export const updateInvoice = (api: ApiClient, id: string, body: UpdateInvoiceBody) =>
  api(invoicePath(id), { method: 'PUT', body, schema: adminInvoiceSchema });

/** The moves an admin makes of an invoice, by the API's path for each. */
export type InvoiceMove = 'finalize' | 'void' | 'mark-uncollectible';

export const moveInvoice = (api: ApiClient, id: string, move: InvoiceMove) =>
  api(`${invoicePath(id)}/${move}`, { method: 'POST', schema: adminInvoiceSchema });

/** Where the invoice's PDF is downloaded (`locale` in the query chooses its language). */
export const invoicePdfPath = (id: string) => `${invoicePath(id)}/pdf`;
