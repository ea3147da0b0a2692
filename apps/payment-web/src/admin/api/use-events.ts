import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { usePaymentContext } from '@bazaar/payment-react';
import { eventKeys } from './events-keys.ts';
import { listEventDeliveries, listEvents, retrieveEvent } from './events-api.ts';
import { dueDeliveryPollMs } from './use-webhooks.ts';

/** One page of the mode's event log; the last page stays on screen while the next loads. */
export function useEventPage(query: Record<string, string>) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: eventKeys.page(livemode, query),
    queryFn: () => listEvents(api, { ...query }),
    placeholderData: keepPreviousData,
  });
}

export function useEvent(id: string) {
  const { api, livemode } = usePaymentContext();
  return useQuery({ queryKey: eventKeys.event(livemode, id), queryFn: () => retrieveEvent(api, id) });
}

export function useEventDeliveries(id: string) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: eventKeys.deliveries(livemode, id),
    queryFn: () => listEventDeliveries(api, id),
    refetchInterval: (loaded) => dueDeliveryPollMs(loaded.state.data),
  });
}
