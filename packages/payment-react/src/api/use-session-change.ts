import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StartCheckoutResponse } from '@bazaar/schemas';
import { useReportError } from '../events/use-report-error.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import { queryKeys } from './query-keys.ts';
import { changeSession, fetchCrossSellOffer, type SessionChange } from './session-changes-api.ts';

/**
 * Changes an open session (upsell, downsell, cross-sell, amount). Every answer replaces the
 * cached session, so the summary, the totals and the currency amounts all read the server's
 * figures; a failure is broadcast (and toasted). `savingsPercent` is the last upsell answer's.
 */
export function useSessionChange(checkoutQueryId: string, sessionId: string) {
  const { api } = usePaymentContext();
  const queryClient = useQueryClient();
  const reportError = useReportError();
  const [savingsPercent, setSavingsPercent] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (change: SessionChange) => changeSession(api, sessionId, change),
    onSuccess: (answer) => {
      queryClient.setQueryData<StartCheckoutResponse>(queryKeys.checkout(checkoutQueryId), (cached) =>
        cached ? { ...cached, checkoutSession: answer.checkoutSession } : cached,
      );
      if (answer.savings_percent !== null) setSavingsPercent(answer.savings_percent);
      // A change of lines changes what the link can still offer as an add-on.
      return queryClient.invalidateQueries({ queryKey: queryKeys.crossSell(sessionId) });
    },
    onError: reportError,
  });
  return { change: mutation.mutate, isChanging: mutation.isPending, savingsPercent };
}

/** The link's add-on for this session, or null when the server has none to offer. */
export function useCrossSellOffer(sessionId: string, isEnabled: boolean) {
  const { api } = usePaymentContext();
  return useQuery({
    queryKey: queryKeys.crossSell(sessionId),
    queryFn: async () => {
      const offer = await fetchCrossSellOffer(api, sessionId);
      return 'error' in offer ? null : offer;
    },
    enabled: isEnabled,
    staleTime: Infinity,
    retry: false,
  });
}
