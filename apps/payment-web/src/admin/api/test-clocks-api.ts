import type { ApiClient } from '@bazaar/payment-react';
import {
  adminTestClockDetailsSchema,
  adminTestClockSchema,
  invoiceSchema,
  paginatedSchema,
} from '@bazaar/schemas';

const testClockPageSchema = paginatedSchema(adminTestClockSchema);
const invoicePageSchema = paginatedSchema(invoiceSchema);

/** How many of an advance's invoices its page lists. */
export const ADVANCE_INVOICES_SHOWN = 20;

const clockPath = (id: string) => `/api/test-clocks/${encodeURIComponent(id)}`;

export const listTestClocks = (api: ApiClient, query: Record<string, string>) =>
  api('/api/test-clocks', { query, schema: testClockPageSchema });

export const retrieveTestClock = (api: ApiClient, id: string) =>
  api(clockPath(id), { schema: adminTestClockDetailsSchema });

export const createTestClock = (api: ApiClient, body: { name: string; frozen_time: number }) =>
  api('/api/test-clocks', { method: 'POST', body, schema: adminTestClockSchema });

export const attachTestClockCustomer = (api: ApiClient, id: string, customerId: string) =>
  api(`${clockPath(id)}/customers`, {
    method: 'POST',
    body: { customer_id: customerId },
    schema: adminTestClockSchema,
  });

export const advanceTestClock = (api: ApiClient, id: string, frozenTime: number) =>
  api(`${clockPath(id)}/advance`, {
    method: 'POST',
    body: { frozen_time: frozenTime },
    schema: adminTestClockSchema,
  });

export const listAdvanceInvoices = (api: ApiClient, id: string) =>
  api(`${clockPath(id)}/invoices`, {
    query: { page: '1', pageSize: String(ADVANCE_INVOICES_SHOWN) },
    schema: invoicePageSchema,
  });
