import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { usePaymentContext, type ApiClient } from '@bazaar/payment-react';
import type { AdminPrice, CreatePriceBody, UpdatePriceBody } from '@bazaar/schemas';
import { adminKeys } from './admin-keys.ts';
import {
  createPrice,
  listCurrencies,
  listPrices,
  listPricesOfProduct,
  retrievePrice,
  updatePrice,
} from './catalogue-api.ts';

/** How many prices a search suggests; typing more narrows them. */
const SUGGESTIONS = '10';

export function usePricesOfProduct(productId: string) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: adminKeys.pricesOfProduct(livemode, productId),
    queryFn: () => listPricesOfProduct(api, productId),
  });
}

/**
 * The prices on sale and payable in the currency that `q` finds (an id, a nickname, a product's
 * name), the newest first. Each is kept under its id too, so the one chosen needs no request.
 */
export function usePriceSearch(q: string, currencyId: string) {
  const { api, livemode } = usePaymentContext();
  const queryClient = useQueryClient();
  const query = { q, currency_id: currencyId, active: 'true', page: '1', pageSize: SUGGESTIONS };
  return useQuery({
    queryKey: adminKeys.priceSearch(livemode, query),
    queryFn: async () => {
      const page = await listPrices(api, query);
      for (const price of page.list) queryClient.setQueryData(adminKeys.price(livemode, price.id), price);
      return page;
    },
    enabled: currencyId !== '',
    placeholderData: keepPreviousData,
  });
}

const priceQuery = (api: ApiClient, livemode: boolean, id: string) =>
  queryOptions({
    queryKey: adminKeys.price(livemode, id),
    queryFn: () => retrievePrice(api, id),
    // A price's amounts never change, so a choice a search found is shown without asking again.
    staleTime: Infinity,
  });

/** A price by id ('' for none), archived or not: a form's choice, as its picker names it. */
export function usePrice(id: string) {
  const { api, livemode } = usePaymentContext();
  return useQuery({ ...priceQuery(api, livemode, id), enabled: id !== '' });
}

/** Those of the prices `ids` known so far: a form's choices, for what they bill. */
export function useChosenPrices(ids: readonly string[]): AdminPrice[] {
  const { api, livemode } = usePaymentContext();
  return useQueries({
    queries: ids.filter((id) => id !== '').map((id) => priceQuery(api, livemode, id)),
    combine: (results) => results.flatMap((result) => (result.data ? [result.data] : [])),
  });
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

/** Changes what a price may change (its sale terms, nickname, whether it is on sale); its amounts never do. */
export function useUpdatePrice(id: string) {
  const { api, livemode } = usePaymentContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePriceBody) => updatePrice(api, id, body),
    onSuccess: (price: AdminPrice) => {
      queryClient.setQueryData(adminKeys.price(livemode, id), price);
      void queryClient.invalidateQueries({ queryKey: adminKeys.prices(livemode) });
    },
  });
}
