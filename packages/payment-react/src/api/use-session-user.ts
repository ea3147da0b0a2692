import { useQuery } from '@tanstack/react-query';
import { usePaymentContext } from '../provider/payment-context.ts';
import { queryKeys } from './query-keys.ts';
import { fetchCustomerMe, fetchSessionUser } from './session-api.ts';

/** `data` is the signed-in user, `null` for a guest. */
export function useSessionUser() {
  const { fetch, platformUrl } = usePaymentContext();
  return useQuery({
    queryKey: queryKeys.sessionUser(),
    queryFn: () => fetchSessionUser(fetch, platformUrl),
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * The signed-in payer's customer record for prefilling. Customers exist per mode, so the
 * checkout asks in its session's mode rather than the host's.
 */
export function useCustomerMe(did: string | null, livemode: boolean) {
  const { api } = usePaymentContext();
  return useQuery({
    queryKey: queryKeys.customerMe(did, livemode),
    queryFn: () => fetchCustomerMe(api, livemode),
    enabled: did !== null,
    staleTime: 60_000,
    retry: false,
  });
}
