import type { ApiClient } from '@bazaar/payment-react';
import { metricsOverviewSchema, metricsTopProductsSchema, type MetricsInterval } from '@bazaar/schemas';

/** A range `[from, to)` in unix seconds, cut by `interval` on the overview's charts. */
export interface MetricsRange {
  from: number;
  to: number;
  interval: MetricsInterval;
}

// The client adds the provider's `livemode` to every call, so the figures follow the mode switch.
export const getMetricsOverview = (api: ApiClient, { from, to, interval }: MetricsRange) =>
  api('/api/metrics/overview', {
    query: { from: String(from), to: String(to), interval },
    schema: metricsOverviewSchema,
  });

export const getTopProducts = (api: ApiClient, { from, to }: MetricsRange) =>
  api('/api/metrics/top-products', {
    query: { from: String(from), to: String(to) },
    schema: metricsTopProductsSchema,
  });
