import { categoryListSchema } from '@bazaar/schemas';
import { useQuery } from '@tanstack/react-query';
import { callStoreApi } from './store-api.ts';
import { storeKeys } from './store-query-keys.ts';

/** Every category, by English name: the home page's filter and the console's list. */
export function useCategories() {
  return useQuery({
    queryKey: storeKeys.categories(),
    queryFn: () => callStoreApi('GET', '/categories', categoryListSchema),
  });
}
