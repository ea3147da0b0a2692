import { useShell } from '@bazaar/platform-shell';
import { appPurchaseStateSchema, openAppCheckoutResponseSchema } from '@bazaar/schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callStoreApi } from '../../api/store-api.ts';
import { storeKeys } from '../../api/store-query-keys.ts';

/** How often the page asks whether a paid purchase has granted its licence yet. */
const LICENCE_POLL_MS = 1_000;

const purchasePath = (did: string) => `/apps/${encodeURIComponent(did)}/purchase`;

/**
 * What the signed-in user holds of a paid app: a licence, or the app itself (its managers).
 * Nothing is asked for a visitor, who signs in to buy. `isAwaitingLicence` reads it again every
 * second from the moment the checkout is paid until the Store, told by the Payment Kit, grants it.
 */
export function useAppPurchase(did: string, { isAwaitingLicence }: { isAwaitingLicence: boolean }) {
  const { user } = useShell();
  return useQuery({
    queryKey: storeKeys.appPurchase(did, user?.did ?? ''),
    queryFn: () => callStoreApi('GET', purchasePath(did), appPurchaseStateSchema),
    enabled: Boolean(user),
    refetchInterval: (query) =>
      isAwaitingLicence && query.state.data?.licence?.status !== 'active' ? LICENCE_POLL_MS : false,
  });
}

/** The payment link of the app's price, whose checkout the page embeds. */
export function useOpenAppCheckout(did: string) {
  return useMutation({
    mutationFn: () => callStoreApi('POST', purchasePath(did), openAppCheckoutResponseSchema),
  });
}
