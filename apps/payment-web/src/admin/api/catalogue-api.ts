import type { ApiClient } from '@bazaar/payment-react';
import {
  adminPaymentCurrencySchema,
  adminPaymentLinkSchema,
  adminPriceSchema,
  adminProductSchema,
  paginatedSchema,
  type CreatePaymentLinkBody,
  type CreatePriceBody,
  type UpdatePriceBody,
  type CreateProductBody,
  type UpdatePaymentLinkBody,
  type UpdateProductBody,
} from '@bazaar/schemas';

const productPageSchema = paginatedSchema(adminProductSchema);
const pricePageSchema = paginatedSchema(adminPriceSchema);
const currencyPageSchema = paginatedSchema(adminPaymentCurrencySchema);
const paymentLinkPageSchema = paginatedSchema(adminPaymentLinkSchema);

/** The most a list endpoint answers in one page: enough for a product's prices or a mode's currencies. */
const WHOLE_LIST = { page: '1', pageSize: '100' };

export const listProducts = (api: ApiClient, query: Record<string, string>) =>
  api('/api/products', { query, schema: productPageSchema });

export const retrieveProduct = (api: ApiClient, id: string) =>
  api(`/api/products/${encodeURIComponent(id)}`, { schema: adminProductSchema });

export const createProduct = (api: ApiClient, body: CreateProductBody) =>
  api('/api/products', { method: 'POST', body, schema: adminProductSchema });

export const updateProduct = (api: ApiClient, id: string, body: UpdateProductBody) =>
  api(`/api/products/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: adminProductSchema });

export const listPricesOfProduct = (api: ApiClient, productId: string) =>
  api('/api/prices', { query: { ...WHOLE_LIST, product_id: productId }, schema: pricePageSchema });

export const listPrices = (api: ApiClient, query: Record<string, string>) =>
  api('/api/prices', { query, schema: pricePageSchema });

export const retrievePrice = (api: ApiClient, id: string) =>
  api(`/api/prices/${encodeURIComponent(id)}`, { schema: adminPriceSchema });

export const createPrice = (api: ApiClient, body: CreatePriceBody) =>
  api('/api/prices', { method: 'POST', body, schema: adminPriceSchema });

export const updatePrice = (api: ApiClient, id: string, body: UpdatePriceBody) =>
  api(`/api/prices/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: adminPriceSchema });

export const listCurrencies = (api: ApiClient) =>
  api('/api/payment-currencies', { query: { ...WHOLE_LIST, active: 'true' }, schema: currencyPageSchema });

export const listPaymentLinks = (api: ApiClient, query: Record<string, string>) =>
  api('/api/payment-links', { query, schema: paymentLinkPageSchema });

export const createPaymentLink = (api: ApiClient, body: CreatePaymentLinkBody) =>
  api('/api/payment-links', { method: 'POST', body, schema: adminPaymentLinkSchema });

export const retrievePaymentLink = (api: ApiClient, id: string) =>
  api(`/api/payment-links/${encodeURIComponent(id)}`, { schema: adminPaymentLinkSchema });

export const updatePaymentLink = (api: ApiClient, id: string, body: UpdatePaymentLinkBody) =>
  api(`/api/payment-links/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    schema: adminPaymentLinkSchema,
  });
