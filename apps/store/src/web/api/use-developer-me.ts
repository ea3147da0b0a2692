import { useShell } from '@bazaar/platform-shell';
import { developerMeResponseSchema } from '@bazaar/schemas';
import { useQuery } from '@tanstack/react-query';
import { callStoreApi } from './store-api.ts';
import { storeKeys } from './store-query-keys.ts';

/**
 * The signed-in user's developer record (null until they join) and how one joins this Store;
 * nothing is asked for a visitor.
 */
export function useDeveloperMe() {
  const { user } = useShell();
  const did = user?.did ?? null;
  return useQuery({
    queryKey: storeKeys.developerMe(did ?? ''),
    queryFn: () => callStoreApi('GET', '/developer/me', developerMeResponseSchema),
    enabled: did !== null,
  });
}
