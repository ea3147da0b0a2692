import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { usePaymentContext } from '@bazaar/payment-react';
import type { RelayEvent } from '@bazaar/schemas';
import { metricsKeys } from './metrics-keys.ts';
import { useLiveRefresh } from './use-live-refresh.ts';
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

const metricsQueries = (livemode: boolean) => [metricsKeys.all(livemode)];

/** While the overview is open, the relay's payments, refunds and subscription changes read the mode's metrics again. */
export function useMetricsLiveRefresh() {
  useLiveRefresh(metricsQueries, movesMetrics);
}
