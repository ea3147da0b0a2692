import { useEffect, useMemo } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { debounce, usePaymentContext, useRelayChannel } from '@bazaar/payment-react';
import type { RelayEvent } from '@bazaar/schemas';
import { metricsKeys } from './metrics-keys.ts';
import { getMetricsOverview, getTopProducts, type MetricsRange } from './metrics-api.ts';

/** Events that move the overview's figures: money in or out, and subscriptions changing. */
function movesMetrics(event: RelayEvent): boolean {
  return (
    event.type === 'payment_intent.succeeded' ||
    event.type === 'refund.succeeded' ||
    event.type === 'invoice.paid' ||
    event.type.startsWith('customer.subscription.')
  );
}

/** A burst of events (a subscription's checkout sends several) reads the figures once. */
const REFRESH_QUIET_MS = 1_000;
const REFRESH_MAX_WAIT_MS = 5_000;

/** The overview's totals and series; the last range's figures stay on screen while the next loads. */
export function useMetricsOverview(range: MetricsRange) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: metricsKeys.overview(livemode, range),
    queryFn: () => getMetricsOverview(api, range),
    placeholderData: keepPreviousData,
  });
}

/** Apart from the overview: it reads every paid invoice's lines, and the charts need not wait for it. */
export function useTopProducts(range: MetricsRange) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: metricsKeys.topProducts(livemode, range),
    queryFn: () => getTopProducts(api, range),
    placeholderData: keepPreviousData,
  });
}

/** While the overview is open, the relay's payments, refunds and subscription changes read the mode's metrics again. */
export function useMetricsLiveRefresh() {
  const { platformUrl, appId, livemode } = usePaymentContext();
  const queryClient = useQueryClient();
  const refresh = useMemo(
    () =>
      debounce(
        () => void queryClient.invalidateQueries({ queryKey: metricsKeys.all(livemode) }),
        REFRESH_QUIET_MS,
        REFRESH_MAX_WAIT_MS,
      ),
    [queryClient, livemode],
  );
  useEffect(() => () => refresh.cancel(), [refresh]);
  useRelayChannel({ platformUrl, appId }, true, (event) => {
    // The other mode's events do not move the figures on screen.
    if (event.livemode === livemode && movesMetrics(event)) refresh();
  });
}
