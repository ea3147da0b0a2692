import { adminKeys } from './admin-keys.ts';

/** The event log's query keys, under the dashboard's so a mode switch or sign-out reaches them too. */
export const eventKeys = {
  all: (livemode: boolean) => [...adminKeys.all(livemode), 'events'] as const,
  pages: (livemode: boolean) => [...eventKeys.all(livemode), 'page'] as const,
  page: (livemode: boolean, query: Record<string, string>) => [...eventKeys.pages(livemode), query] as const,
  event: (livemode: boolean, id: string) => [...eventKeys.all(livemode), id] as const,
  deliveries: (livemode: boolean, id: string) => [...eventKeys.event(livemode, id), 'deliveries'] as const,
};

/** The webhook endpoints' query keys; deliveries hang under their endpoint's, so one invalidation reaches them. */
export const webhookKeys = {
  all: (livemode: boolean) => [...adminKeys.all(livemode), 'webhooks'] as const,
  pages: (livemode: boolean) => [...webhookKeys.all(livemode), 'page'] as const,
  page: (livemode: boolean, query: Record<string, string>) =>
    [...webhookKeys.pages(livemode), query] as const,
  endpoint: (livemode: boolean, id: string) => [...webhookKeys.all(livemode), id] as const,
  deliveries: (livemode: boolean, id: string) =>
    [...webhookKeys.endpoint(livemode, id), 'deliveries'] as const,
  deliveryPage: (livemode: boolean, id: string, query: Record<string, string>) =>
    [...webhookKeys.deliveries(livemode, id), 'page', query] as const,
  failedCount: (livemode: boolean, id: string) =>
    [...webhookKeys.deliveries(livemode, id), 'failed'] as const,
  latestRedelivery: (livemode: boolean, id: string) =>
    [...webhookKeys.endpoint(livemode, id), 'redelivery'] as const,
};
