import { useShell } from '@bazaar/platform-shell';
import { licenceListSchema } from '@bazaar/schemas';
import { useQuery } from '@tanstack/react-query';
import { callStoreApi } from '../../api/store-api.ts';
import { storeKeys } from '../../api/store-query-keys.ts';

/** The signed-in buyer's licences, newest first; nothing is asked for a visitor. */
export function useOwnLicences() {
  const { user } = useShell();
  const did = user?.did ?? '';
  return useQuery({
    queryKey: storeKeys.ownLicences(did),
    queryFn: () => callStoreApi('GET', '/licences', licenceListSchema),
    enabled: did !== '',
  });
}
