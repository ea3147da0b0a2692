import { useEffect, useMemo } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { debounce, usePaymentContext, useRelayChannel } from '@bazaar/payment-react';
import type { RelayEvent } from '@bazaar/schemas';

/** A burst of events (a subscription's checkout sends several) reads the queries once. */
const REFRESH_QUIET_MS = 1_000;
const REFRESH_MAX_WAIT_MS = 5_000;

/**
 * While a page is open, the relay's events of its mode that `isRelevant` picks read the queries
 * under `queryKeys(livemode)` again, once a burst is over. Pass functions defined once (at module
 * level): a new one each render would start the wait again.
 */
export function useLiveRefresh(
  queryKeys: (livemode: boolean) => readonly QueryKey[],
  isRelevant: (event: RelayEvent) => boolean,
) {
  const { platformUrl, appId, livemode } = usePaymentContext();
  const queryClient = useQueryClient();
  const refresh = useMemo(
    () =>
      debounce(
        () => {
          for (const queryKey of queryKeys(livemode)) void queryClient.invalidateQueries({ queryKey });
        },
        REFRESH_QUIET_MS,
        REFRESH_MAX_WAIT_MS,
      ),
    [queryClient, livemode, queryKeys],
  );
  useEffect(() => () => refresh.cancel(), [refresh]);
  useRelayChannel({ platformUrl, appId }, true, (event) => {
    // The other mode's events do not change what is on screen.
    if (event.livemode === livemode && isRelevant(event)) refresh();
  });
}
