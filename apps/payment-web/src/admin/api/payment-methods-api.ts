import type { ApiClient } from '@bazaar/payment-react';
import {
  adminPaymentCurrencySchema,
  adminPaymentMethodSchema,
  paginatedSchema,
  type CreatePaymentCurrencyBody,
  type CreatePaymentMethodBody,
  type UpdatePaymentCurrencyBody,
  type UpdatePaymentMethodBody,
} from '@bazaar/schemas';

const methodPageSchema = paginatedSchema(adminPaymentMethodSchema);

/** Every method of the mode with all its currencies, active or not: a mode has a handful. */
export const listPaymentMethods = (api: ApiClient) =>
  api('/api/payment-methods', { query: { page: '1', pageSize: '100' }, schema: methodPageSchema });

export const createPaymentMethod = (api: ApiClient, body: CreatePaymentMethodBody) =>
  api('/api/payment-methods', { method: 'POST', body, schema: adminPaymentMethodSchema });

export const updatePaymentMethod = (api: ApiClient, id: string, body: UpdatePaymentMethodBody) =>
  api(`/api/payment-methods/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    schema: adminPaymentMethodSchema,
  });

export const createPaymentCurrency = (api: ApiClient, body: CreatePaymentCurrencyBody) =>
  api('/api/payment-currencies', { method: 'POST', body, schema: adminPaymentCurrencySchema });

export const updatePaymentCurrency = (api: ApiClient, id: string, body: UpdatePaymentCurrencyBody) =>
  api(`/api/payment-currencies/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    schema: adminPaymentCurrencySchema,
  });
