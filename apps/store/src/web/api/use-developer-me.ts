import { useShell } from '@bazaar/platform-shell';
import { developerMeResponseSchema } from '@bazaar/schemas';
import { useQuery } from '@tanstack/react-query';
import { callStoreApi } from './store-api.ts';
import { storeKeys } from './store-query-keys.ts';

/**
 * The signed-in user's developer record (null until they join), how one joins this Store and
 * their latest stake; nothing is asked for a visitor. `refetchIntervalMs` reads it again while
 * something the page waits for (a paid stake registering them) is on its way.
 */
export function useDeveloperMe(options: { refetchIntervalMs?: number | false } = {}) {
  const { user } = useShell();
  const did = user?.did ?? null;
  return useQuery({
    queryKey: storeKeys.developerMe(did ?? ''),
    queryFn: () => callStoreApi('GET', '/developer/me', developerMeResponseSchema),
    enabled: did !== null,
    refetchInterval: options.refetchIntervalMs ?? false,
  });
}
