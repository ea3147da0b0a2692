import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CancelSubscriptionBody, ChangePlanBody, Subscription } from '@bazaar/schemas';
import { queryKeys } from '../api/query-keys.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import {
  cancelSubscription,
  changePlan,
  fetchPlanChangeOptions,
  previewPlanChange,
  resumeSubscription,
} from './subscription-actions-api.ts';

/** The page shows the subscription the server answered, and reads its invoices again. */
function useSubscriptionChanged() {
  const queryClient = useQueryClient();
  return useCallback(
    (subscription: Subscription) => {
      queryClient.setQueryData(queryKeys.subscription(subscription.id), subscription);
      void queryClient.invalidateQueries({ queryKey: queryKeys.subscriptionInvoices(subscription.id) });
    },
    [queryClient],
  );
}

export function useCancelSubscription(id: string) {
  const { api } = usePaymentContext();
  const onChanged = useSubscriptionChanged();
  return useMutation({
    mutationFn: (body: CancelSubscriptionBody) => cancelSubscription(api, id, body),
    onSuccess: onChanged,
  });
}

export function useResumeSubscription(id: string) {
  const { api } = usePaymentContext();
  const onChanged = useSubscriptionChanged();
  return useMutation({ mutationFn: () => resumeSubscription(api, id), onSuccess: onChanged });
}

/** The plans the subscription may move to, read when the dialog opens (prices change). */
export function usePlanChangeOptions(id: string, isEnabled: boolean) {
  const { api } = usePaymentContext();
  return useQuery({
    queryKey: [...queryKeys.subscription(id), 'plan-options'],
    queryFn: () => fetchPlanChangeOptions(api, id),
    enabled: isEnabled,
    staleTime: 0,
    retry: false,
  });
}

/** What moving to `body` costs today and later; null asks nothing. Never cached: time moves it. */
export function usePlanChangePreview(id: string, body: ChangePlanBody | null) {
  const { api } = usePaymentContext();
  return useQuery({
    queryKey: [...queryKeys.subscription(id), 'plan-preview', body?.price_id, body?.quantity],
    queryFn: () => previewPlanChange(api, id, body!),
    enabled: body !== null,
    gcTime: 0,
    retry: false,
  });
}

/** Applies a plan change; the caller's key keeps a repeated confirm from charging twice. */
export function useChangePlan(id: string) {
  const { api } = usePaymentContext();
  const onChanged = useSubscriptionChanged();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: ChangePlanBody; idempotencyKey: string }) =>
      changePlan(api, id, body, idempotencyKey),
    onSuccess: (result) => onChanged(result.subscription),
  });
}
