import type { ApiClient } from '@bazaar/payment-react';
import {
  paginatedSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  webhookRedeliverySchema,
  type CreateWebhookEndpointBody,
  type CreateWebhookRedeliveryBody,
  type EventType,
  type UpdateWebhookEndpointBody,
} from '@bazaar/schemas';

const endpointPageSchema = paginatedSchema(webhookEndpointSchema);
const deliveryPageSchema = paginatedSchema(webhookDeliverySchema);
const redeliveryPageSchema = paginatedSchema(webhookRedeliverySchema);

const endpointPath = (id: string) => `/api/webhook-endpoints/${encodeURIComponent(id)}`;

export const listWebhookEndpoints = (api: ApiClient, query: Record<string, string>) =>
  api('/api/webhook-endpoints', { query, schema: endpointPageSchema });

export const retrieveWebhookEndpoint = (api: ApiClient, id: string) =>
  api(endpointPath(id), { schema: webhookEndpointSchema });

/** The only answers that hold the signing secret: creating an endpoint and rolling its secret. */
export const createWebhookEndpoint = (api: ApiClient, body: CreateWebhookEndpointBody) =>
  api('/api/webhook-endpoints', { method: 'POST', body, schema: webhookEndpointWithSecretSchema });

export const rollWebhookSecret = (api: ApiClient, id: string, expiresInSeconds: number) =>
  api(`${endpointPath(id)}/roll-secret`, {
    method: 'POST',
    body: { expires_in_seconds: expiresInSeconds },
    schema: webhookEndpointWithSecretSchema,
  });

export const updateWebhookEndpoint = (api: ApiClient, id: string, body: UpdateWebhookEndpointBody) =>
  api(endpointPath(id), { method: 'PUT', body, schema: webhookEndpointSchema });

export const deleteWebhookEndpoint = (api: ApiClient, id: string) =>
  api(endpointPath(id), { method: 'DELETE', schema: webhookEndpointSchema.pick({ id: true }) });

export const listWebhookDeliveries = (api: ApiClient, id: string, query: Record<string, string>) =>
  api(`${endpointPath(id)}/deliveries`, { query, schema: deliveryPageSchema });

export const sendTestWebhook = (api: ApiClient, id: string, type: EventType) =>
  api(`${endpointPath(id)}/test`, { method: 'POST', body: { type }, schema: webhookDeliverySchema });

export const redeliverWebhook = (api: ApiClient, deliveryId: string) =>
  api(`/api/webhook-deliveries/${encodeURIComponent(deliveryId)}/redeliver`, {
    method: 'POST',
    schema: webhookDeliverySchema,
  });

export const createWebhookRedelivery = (api: ApiClient, id: string, body: CreateWebhookRedeliveryBody) =>
  api(`${endpointPath(id)}/redeliveries`, { method: 'POST', body, schema: webhookRedeliverySchema });

/** The endpoint's latest redelivery, the one whose progress the endpoint's page shows. */
export const retrieveLatestRedelivery = async (api: ApiClient, id: string) => {
  const page = await api(`${endpointPath(id)}/redeliveries`, {
    query: { page: '1', pageSize: '1' },
    schema: redeliveryPageSchema,
  });
  return page.list[0] ?? null;
};
