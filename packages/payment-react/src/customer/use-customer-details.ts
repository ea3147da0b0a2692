import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateCustomerBody } from '@bazaar/schemas';
import { queryKeys } from '../api/query-keys.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import { updateCustomerMe } from './customer-details-api.ts';

/** Saves the payer's details; what the server kept becomes what the checkout prefills. */
export function useSaveCustomerDetails() {
  const { api, livemode } = usePaymentContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCustomerBody) => updateCustomerMe(api, livemode, body),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.customerMe(saved.did, livemode), saved),
  });
}
