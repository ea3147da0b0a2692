import type { ApiClient } from '@bazaar/payment-react';
import { eventObjectSchema, paginatedSchema, webhookDeliverySchema } from '@bazaar/schemas';

const eventPageSchema = paginatedSchema(eventObjectSchema);
const deliveryPageSchema = paginatedSchema(webhookDeliverySchema);

export const listEvents = (api: ApiClient, query: Record<string, string>) =>
  api('/api/events', { query, schema: eventPageSchema });

export const retrieveEvent = (api: ApiClient, id: string) =>
  api(`/api/events/${encodeURIComponent(id)}`, { schema: eventObjectSchema });

/** Where an event went: one delivery per endpoint, few enough for one page. */
export const listEventDeliveries = (api: ApiClient, id: string) =>
  api(`/api/events/${encodeURIComponent(id)}/deliveries`, {
    query: { page: '1', pageSize: '100' },
    schema: deliveryPageSchema,
  });
