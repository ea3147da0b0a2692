import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePaymentContext } from '@bazaar/payment-react';
import type { CreatePriceBody } from '@bazaar/schemas';
import { adminKeys } from './admin-keys.ts';
import { createPrice, listActivePrices, listCurrencies, listPricesOfProduct } from './catalogue-api.ts';

export function usePricesOfProduct(productId: string) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: adminKeys.pricesOfProduct(livemode, productId),
    queryFn: () => listPricesOfProduct(api, productId),
  });
}

/** The mode's prices on sale, for choosing a payment link's items. */
export function useActivePrices() {
  const { api, livemode } = usePaymentContext();
  return useQuery({ queryKey: adminKeys.activePrices(livemode), queryFn: () => listActivePrices(api) });
}

/** The mode's active currencies: what a price may be set in. */
export function useCurrencies() {
  const { api, livemode } = usePaymentContext();
  return useQuery({ queryKey: adminKeys.currencies(livemode), queryFn: () => listCurrencies(api) });
}

export function useCreatePrice() {
  const { api, livemode } = usePaymentContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreatePriceBody, 'livemode'>) => createPrice(api, { ...body, livemode }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.prices(livemode) }),
  });
}
