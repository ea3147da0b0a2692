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

/** The signed-in payer's customer record, for prefilling the checkout form. */
export function useCustomerMe(did: string | null) {
  const { api } = usePaymentContext();
  return useQuery({
    queryKey: queryKeys.customerMe(did),
    queryFn: () => fetchCustomerMe(api),
    enabled: did !== null,
    staleTime: 60_000,
    retry: false,
  });
}
