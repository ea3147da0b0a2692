import type { ApiClient } from '@bazaar/payment-react';
import { listedSubscriptionSchema, paginatedSchema } from '@bazaar/schemas';

const subscriptionPageSchema = paginatedSchema(listedSubscriptionSchema);

/** A page of every customer's subscriptions, each with whom it belongs to. */
export const listSubscriptions = (api: ApiClient, query: Record<string, string>) =>
  api('/api/subscriptions', { query, schema: subscriptionPageSchema });

export const retrieveSubscription = (api: ApiClient, id: string) =>
  api(`/api/subscriptions/${encodeURIComponent(id)}`, { schema: listedSubscriptionSchema });
