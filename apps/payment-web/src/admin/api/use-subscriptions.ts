import { useCallback } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, usePaymentContext } from '@bazaar/payment-react';
import { cancelSubscription, resumeSubscription } from '@bazaar/payment-react/customer';
import type { CancelSubscriptionBody, RelayEvent } from '@bazaar/schemas';
import { adminKeys } from './admin-keys.ts';
import { subscriptionKeys } from './subscription-keys.ts';
import { useLiveRefresh } from './use-live-refresh.ts';
import { listSubscriptions, retrieveSubscription } from './subscriptions-api.ts';

/** One page of the mode's subscriptions; the last page stays on screen while the next loads. */
export function useSubscriptionPage(query: Record<string, string>) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: subscriptionKeys.page(livemode, query),
    queryFn: () => listSubscriptions(api, query),
    placeholderData: keepPreviousData,
  });
}

/** A subscription with its customer. */
export function useSubscriptionDetails(id: string) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: subscriptionKeys.details(livemode, id),
    queryFn: () => retrieveSubscription(api, id),
  });
}

/**
 * After an action, what shows the subscription reads again: its page and lists, its customer's
 * page, the figures, and its invoices (ending it may bill the period's usage; a plan change bills).
 */
export function useSubscriptionChanged(id: string) {
  const { livemode } = usePaymentContext();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.all(livemode) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.subscriptionInvoices(id) }),
    ]);
  }, [queryClient, livemode, id]);
}

export function useCancelSubscription(id: string) {
  const { api } = usePaymentContext();
  const onChanged = useSubscriptionChanged(id);
  return useMutation({
    mutationFn: (body: CancelSubscriptionBody) => cancelSubscription(api, id, body),
    onSuccess: onChanged,
  });
}

export function useResumeSubscription(id: string) {
  const { api } = usePaymentContext();
  const onChanged = useSubscriptionChanged(id);
  return useMutation({ mutationFn: () => resumeSubscription(api, id), onSuccess: onChanged });
}

/** Events that change what the subscription pages show: a subscription's own, or an invoice one writes (a renewal). */
function changesSubscriptions(event: RelayEvent): boolean {
  return event.type.startsWith('customer.subscription.') || event.type.startsWith('invoice.');
}

/** The subscriptions' lists and pages, and every subscription's invoices. */
const subscriptionQueries = (livemode: boolean) => [
  subscriptionKeys.all(livemode),
  [...queryKeys.all, 'subscription'],
];

/**
 * While a subscriptions page is open, what the relay tells of subscriptions and their invoices
 * (a renewal, a test clock's advance, a cancellation in the customer area) reads them again.
 */
export function useSubscriptionsLiveRefresh() {
  useLiveRefresh(subscriptionQueries, changesSubscriptions);
}
