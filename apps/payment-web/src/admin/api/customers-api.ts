import type { ApiClient } from '@bazaar/payment-react';
import { adminCustomerDetailsSchema, adminCustomerSchema, paginatedSchema } from '@bazaar/schemas';

const customerPageSchema = paginatedSchema(adminCustomerSchema);

export const listCustomers = (api: ApiClient, query: Record<string, string>) =>
  api('/api/customers', { query, schema: customerPageSchema });

export const retrieveCustomerDetails = (api: ApiClient, id: string) =>
  api(`/api/customers/${encodeURIComponent(id)}`, { schema: adminCustomerDetailsSchema });
