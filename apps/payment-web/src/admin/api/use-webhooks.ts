import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePaymentContext } from '@bazaar/payment-react';
import type {
  CreateWebhookEndpointBody,
  CreateWebhookRedeliveryBody,
  EventType,
  UpdateWebhookEndpointBody,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookRedelivery,
} from '@bazaar/schemas';
import { eventKeys, webhookKeys } from './events-keys.ts';
import {
  createWebhookEndpoint,
  createWebhookRedelivery,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  redeliverWebhook,
  retrieveLatestRedelivery,
  retrieveWebhookEndpoint,
  rollWebhookSecret,
  sendTestWebhook,
  updateWebhookEndpoint,
} from './webhooks-api.ts';

/** How often a running redelivery's progress is read. */
export const REDELIVERY_POLL_MS = 1_000;
/** How often a list showing a delivery about to be sent reads it again. */
const DUE_DELIVERY_POLL_MS = 2_000;

/**
 * Whether a delivery on screen is pending and due now (the sender takes it within a second or
 * two): the list then reads again until it settles. One waiting hours for its next retry is not.
 */
export function dueDeliveryPollMs(page: { list: readonly WebhookDelivery[] } | undefined): number | false {
  const soon = Date.now() / 1000 + DUE_DELIVERY_POLL_MS / 1000;
  const isDue = (delivery: WebhookDelivery) =>
    delivery.status === 'pending' && (delivery.next_attempt_at ?? 0) <= soon;
  return page?.list.some(isDue) ? DUE_DELIVERY_POLL_MS : false;
}

export function useWebhookEndpointPage(query: Record<string, string>) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: webhookKeys.page(livemode, query),
    queryFn: () => listWebhookEndpoints(api, { ...query }),
    placeholderData: keepPreviousData,
  });
}

export function useWebhookEndpoint(id: string) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: webhookKeys.endpoint(livemode, id),
    queryFn: () => retrieveWebhookEndpoint(api, id),
  });
}

export function useWebhookDeliveryPage(id: string, query: Record<string, string>) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: webhookKeys.deliveryPage(livemode, id, query),
    queryFn: () => listWebhookDeliveries(api, id, { ...query }),
    placeholderData: keepPreviousData,
    refetchInterval: (loaded) => dueDeliveryPollMs(loaded.state.data),
  });
}

/** How many of the endpoint's deliveries gave up: what "Redeliver failed" would send again. */
export function useFailedDeliveryCount(id: string) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: webhookKeys.failedCount(livemode, id),
    queryFn: async () =>
      (await listWebhookDeliveries(api, id, { status: 'failed', page: '1', pageSize: '1' })).count,
  });
}

/**
 * The endpoint's latest redelivery, read again every second while any of its deliveries is
 * pending, so its progress moves; the server keeps it, so a reload finds it where it was.
 */
export function useLatestRedelivery(id: string) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: webhookKeys.latestRedelivery(livemode, id),
    queryFn: () => retrieveLatestRedelivery(api, id),
    refetchInterval: (query) => (isRunning(query.state.data) ? REDELIVERY_POLL_MS : false),
  });
}

export const isRunning = (redelivery: WebhookRedelivery | null | undefined) =>
  Boolean(redelivery && redelivery.pending > 0);

export function useCreateWebhookEndpoint() {
  const { api, livemode } = usePaymentContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreateWebhookEndpointBody, 'livemode'>) =>
      createWebhookEndpoint(api, { ...body, livemode }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.pages(livemode) }),
  });
}

/** Changes to an endpoint: its page shows the answer at once, the list reads it again. */
function useEndpointSaved(id: string) {
  const { livemode } = usePaymentContext();
  const queryClient = useQueryClient();
  return (endpoint: WebhookEndpoint) => {
    queryClient.setQueryData(webhookKeys.endpoint(livemode, id), endpoint);
    void queryClient.invalidateQueries({ queryKey: webhookKeys.pages(livemode) });
  };
}

export function useUpdateWebhookEndpoint(id: string) {
  const { api } = usePaymentContext();
  const saved = useEndpointSaved(id);
  return useMutation({
    mutationFn: (body: UpdateWebhookEndpointBody) => updateWebhookEndpoint(api, id, body),
    onSuccess: saved,
  });
}

export function useRollWebhookSecret(id: string) {
  const { api } = usePaymentContext();
  const saved = useEndpointSaved(id);
  return useMutation({
    mutationFn: (expiresInSeconds: number) => rollWebhookSecret(api, id, expiresInSeconds),
    onSuccess: ({ secret: _secret, ...endpoint }) => saved(endpoint),
  });
}

export function useDeleteWebhookEndpoint(id: string) {
  const { api, livemode } = usePaymentContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteWebhookEndpoint(api, id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: webhookKeys.endpoint(livemode, id) });
      void queryClient.invalidateQueries({ queryKey: webhookKeys.pages(livemode) });
    },
  });
}

export function useSendTestWebhook(id: string) {
  const { api, livemode } = usePaymentContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: EventType) => sendTestWebhook(api, id, type),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(livemode, id) }),
  });
}

/** Sends one delivery again; the lists that show it (its endpoint's, its event's) read it again. */
export function useRedeliverWebhook() {
  const { api, livemode } = usePaymentContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => redeliverWebhook(api, deliveryId),
    onSuccess: (delivery) => {
      void queryClient.invalidateQueries({
        queryKey: webhookKeys.deliveries(livemode, delivery.endpoint_id),
      });
      void queryClient.invalidateQueries({ queryKey: eventKeys.deliveries(livemode, delivery.event_id) });
    },
  });
}

export function useCreateWebhookRedelivery(id: string) {
  const { api, livemode } = usePaymentContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookRedeliveryBody) => createWebhookRedelivery(api, id, body),
    onSuccess: (redelivery) => {
      queryClient.setQueryData(webhookKeys.latestRedelivery(livemode, id), redelivery);
      void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(livemode, id) });
    },
  });
}
