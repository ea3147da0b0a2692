import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePaymentContext } from '@bazaar/payment-react';
import type { AdminProduct, CreateProductBody, UpdateProductBody } from '@bazaar/schemas';
import { adminKeys } from './admin-keys.ts';
import { createProduct, listProducts, retrieveProduct, updateProduct } from './catalogue-api.ts';

/** One page of the mode's products; the last page stays on screen while the next loads. */
export function useProductPage(query: Record<string, string>) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: adminKeys.productPage(livemode, query),
    queryFn: () => listProducts(api, { ...query }),
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: string) {
  const { api, livemode } = usePaymentContext();
  return useQuery({ queryKey: adminKeys.product(livemode, id), queryFn: () => retrieveProduct(api, id) });
}

export function useCreateProduct() {
  const { api, livemode } = usePaymentContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreateProductBody, 'livemode'>) => createProduct(api, { ...body, livemode }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.products(livemode) }),
  });
}

/** Saves a product's changes (archiving is `{ active: false }`); its page shows the answer at once. */
export function useUpdateProduct(id: string) {
  const { api, livemode } = usePaymentContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProductBody) => updateProduct(api, id, body),
    onSuccess: (product: AdminProduct) => {
      queryClient.setQueryData(adminKeys.product(livemode, id), product);
      void queryClient.invalidateQueries({ queryKey: adminKeys.products(livemode) });
    },
  });
}
