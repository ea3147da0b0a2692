import { QueryClient } from '@tanstack/react-query';
import { StoreApiError } from './store-api.ts';
import { storeKeys } from './store-query-keys.ts';

const MAX_NETWORK_RETRIES = 2;

/**
 * The page's query client. The Store's reads try again only when the server was not reached: a
 * refusal (403, 404, a validation error) answers the same the second time. Other components'
 * queries (the Payment Kit's) keep their own defaults.
 */
export function createStoreQueryClient(): QueryClient {
  const client = new QueryClient();
  client.setQueryDefaults(storeKeys.all, {
    retry: (failureCount, error) =>
      error instanceof StoreApiError && error.code === 'network' && failureCount < MAX_NETWORK_RETRIES,
  });
  return client;
}
