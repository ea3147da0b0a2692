import { useQuery } from '@tanstack/react-query';
import { usePaymentContext } from '../provider/payment-context.ts';
import { loadCheckout } from './checkout-api.ts';
import { queryKeys } from './query-keys.ts';

/**
 * Starts (plink_) or reads (cs_) a checkout session. The query key de-duplicates concurrent
 * mounts, so a double render starts one session; the answer never goes stale on its own.
 */
export function useCheckout(id: string, extraParams: Record<string, string> = {}) {
  const { api } = usePaymentContext();
  return useQuery({
    queryKey: queryKeys.checkout(id),
    queryFn: () => loadCheckout(api, id, extraParams),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
