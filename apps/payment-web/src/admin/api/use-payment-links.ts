import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePaymentContext } from '@bazaar/payment-react';
import type { AdminPaymentLink, CreatePaymentLinkBody, UpdatePaymentLinkBody } from '@bazaar/schemas';
import { adminKeys } from './admin-keys.ts';
import {
  createPaymentLink,
  listPaymentLinks,
  retrievePaymentLink,
  updatePaymentLink,
} from './catalogue-api.ts';

/** One page of the mode's payment links; the last page stays on screen while the next loads. */
export function usePaymentLinkPage(query: Record<string, string>) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: adminKeys.paymentLinkPage(livemode, query),
    queryFn: () => listPaymentLinks(api, { ...query }),
    placeholderData: keepPreviousData,
  });
}

export function usePaymentLink(id: string) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: adminKeys.paymentLink(livemode, id),
    queryFn: () => retrievePaymentLink(api, id),
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

/** Saves a link's changes (deactivating is `{ active: false }`); its page shows the answer at once. */
export function useUpdatePaymentLink(id: string) {
  const { api, livemode } = usePaymentContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePaymentLinkBody) => updatePaymentLink(api, id, body),
    onSuccess: (link: AdminPaymentLink) => {
      queryClient.setQueryData(adminKeys.paymentLink(livemode, id), link);
      void queryClient.invalidateQueries({ queryKey: adminKeys.paymentLinks(livemode) });
    },
  });
}
