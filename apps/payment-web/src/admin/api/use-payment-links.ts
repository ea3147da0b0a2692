import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePaymentContext } from '@bazaar/payment-react';
import type { CreatePaymentLinkBody } from '@bazaar/schemas';
import { adminKeys } from './admin-keys.ts';
import { createPaymentLink, listPaymentLinks } from './catalogue-api.ts';

/** One page of the mode's payment links; the last page stays on screen while the next loads. */
export function usePaymentLinkPage(query: Record<string, string>) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: adminKeys.paymentLinkPage(livemode, query),
    queryFn: () => listPaymentLinks(api, { ...query }),
    placeholderData: keepPreviousData,
  });
}

export function useCreatePaymentLink() {
  const { api, livemode } = usePaymentContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreatePaymentLinkBody, 'livemode'>) =>
      createPaymentLink(api, { ...body, livemode }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.paymentLinks(livemode) }),
  });
}
