import { useQuery } from '@tanstack/react-query';
import type { Subscription } from '@bazaar/schemas';
import { queryKeys } from '../api/query-keys.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import { fetchSubscription, fetchSubscriptionInvoices } from './subscription-api.ts';

/** One of the signed-in customer's subscriptions: `GET /api/subscriptions/{id}`. */
export function useSubscription(id: string) {
  const { api } = usePaymentContext();
  return useQuery({
    queryKey: queryKeys.subscription(id),
    queryFn: () => fetchSubscription(api, id),
    retry: false,
  });
}

/** The subscription's newest invoices, once the subscription is known. */
export function useSubscriptionInvoices(subscription: Subscription | undefined) {
  const { api } = usePaymentContext();
  return useQuery({
    queryKey: queryKeys.subscriptionInvoices(subscription?.id ?? ''),
    queryFn: () => fetchSubscriptionInvoices(api, subscription!),
    enabled: subscription !== undefined,
    retry: false,
  });
}
