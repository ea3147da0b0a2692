import type { MetricsRange } from '../api/metrics-api.ts';

export const OVERVIEW_RANGES = ['7d', '30d', '12m'] as const;
export type OverviewRange = (typeof OVERVIEW_RANGES)[number];

const DAY_SECONDS = 86_400;

/**
 * The range ending with the current UTC day (or month), cut by days (or months). It ends on a
 * bucket boundary rather than at this second, so the request and its cache key stay the same
 * all day and every bucket is whole: `rangeEndingAt('7d', now)` → the last seven UTC days.
 */
export function rangeEndingAt(range: OverviewRange, nowMs: number): MetricsRange {
  const now = new Date(nowMs);
  if (range === '12m') {
    const to = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) / 1000;
    const from = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1) / 1000;
    return { from, to, interval: 'month' };
  }
  const to = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) / 1000;
  const days = range === '7d' ? 7 : 30;
  return { from: to - days * DAY_SECONDS, to, interval: 'day' };
}
