import type { SubscriptionStatus } from '@bazaar/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import { listPayments, listRefunds, listSubscriptions, type PageQuery } from './customer-lists-api.ts';

/** A page of the customer's payments; the page shown stays while the next loads. */
export function usePaymentHistory(query: PageQuery) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: queryKeys.paymentHistory(livemode, query.page, query.pageSize),
    queryFn: () => listPayments(api, query),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** A page of the customer's subscriptions. */
export function useSubscriptionList(query: PageQuery, statuses?: readonly SubscriptionStatus[]) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: queryKeys.subscriptionList(livemode, query.page, query.pageSize, statuses),
    queryFn: () => listSubscriptions(api, query, statuses),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** A page of the customer's refunds. */
export function useRefundHistory(query: PageQuery) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: queryKeys.refundHistory(livemode, query.page, query.pageSize),
    queryFn: () => listRefunds(api, query),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
