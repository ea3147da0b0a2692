import { storeInfoSchema } from '@bazaar/schemas';
import { useQuery } from '@tanstack/react-query';
import { callStoreApi } from './store-api.ts';
import { storeKeys } from './store-query-keys.ts';

/** What the Store tells everyone about itself: its name, how developers join and at what stake, the largest bundle. */
export function useStoreInfo() {
  return useQuery({
    queryKey: storeKeys.info(),
    queryFn: () => callStoreApi('GET', '/store.json', storeInfoSchema),
  });
}
