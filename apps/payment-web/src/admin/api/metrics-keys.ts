import { adminKeys } from './admin-keys.ts';
import type { MetricsRange } from './metrics-api.ts';

/** The overview's query keys, under the dashboard's so a mode switch or sign-out reaches them too. */
export const metricsKeys = {
  all: (livemode: boolean) => [...adminKeys.all(livemode), 'metrics'] as const,
  overview: (livemode: boolean, range: MetricsRange) =>
    [...metricsKeys.all(livemode), 'overview', range] as const,
  topProducts: (livemode: boolean, range: MetricsRange) =>
    [...metricsKeys.all(livemode), 'top-products', range] as const,
};
