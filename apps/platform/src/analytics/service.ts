import {
  ANALYTICS_DEFAULT_RANGE_DAYS,
  ANALYTICS_MAX_RANGE_DAYS,
  ANALYTICS_MAX_ROWS,
  type AnalyticsCountsQuery,
  type AnalyticsCountsResponse,
  type AnalyticsPing,
} from '@bazaar/schemas';
import { addDays, AppError, DAY_MS, utcDayOf, type Clock } from '@bazaar/server-kit';
import {
  addDailyCounts,
  listDailyCounts,
  sumDailyCounts,
  type AnalyticsDb,
  type DailyCountFilter,
  type DailyCountRow,
} from './repository.ts';

export interface AnalyticsDeps {
  db: AnalyticsDb;
  clock: Clock;
}

/** Days from `from` to `to`, both included: 1 for a single day. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/**
 * `/apps/42?email=ann@example.com#reviews` → `/apps/42`. A query or fragment may carry personal
 * data (an email, a reset token, a search), so neither is ever stored, whatever the page sent.
 */
export function stripQueryAndFragment(path: string): string {
  return path.split(/[?#]/, 1)[0] ?? '';
}

function compareRows(left: DailyCountRow, right: DailyCountRow): number {
  for (const field of ['kind', 'name', 'path'] as const) {
    if (left[field] !== right[field]) return left[field] < right[field] ? -1 : 1;
  }
  return 0;
}

/** One row per distinct kind, name and path, counting how many pings share it, in key order. */
export function countPings(day: string, pings: readonly AnalyticsPing[]): DailyCountRow[] {
  const rows = new Map<string, DailyCountRow>();
  for (const ping of pings) {
    const row: DailyCountRow = {
      day,
      kind: ping.type,
      name: ping.type === 'event' ? ping.name : '',
      path: stripQueryAndFragment(ping.path),
      count: 1,
    };
    const key = JSON.stringify([row.kind, row.name, row.path]);
    const counted = rows.get(key);
    if (counted) counted.count += 1;
    else rows.set(key, row);
  }
  return [...rows.values()].sort(compareRows);
}

/** Adds a batch of pings (already consented to) to today's counts, all or none. */
export async function recordPings(deps: AnalyticsDeps, pings: readonly AnalyticsPing[]): Promise<void> {
  await addDailyCounts(deps.db, countPings(utcDayOf(deps.clock.now()), pings));
}

/**
 * The days a counts query covers: up to `to` (today by default) from `from` (by default the
 * 30 days ending at `to`). A reversed range, or one longer than ANALYTICS_MAX_RANGE_DAYS, is
 * refused rather than trimmed.
 */
export function resolveRange(
  today: string,
  query: Pick<AnalyticsCountsQuery, 'from' | 'to'>,
): { from: string; to: string } {
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, 1 - ANALYTICS_DEFAULT_RANGE_DAYS);
  if (from > to) {
    throw new AppError('VALIDATION_FAILED', 'Validate failed', [
      { path: 'from', message: 'The range starts after it ends' },
    ]);
  }
  if (daysBetween(from, to) > ANALYTICS_MAX_RANGE_DAYS) {
    throw new AppError('VALIDATION_FAILED', 'Validate failed', [
      { path: 'from', message: `A range covers at most ${ANALYTICS_MAX_RANGE_DAYS} days` },
    ]);
  }
  return { from, to };
}

/** Daily counts in a range, newest first (at most ANALYTICS_MAX_ROWS), with the sum of all that match. */
export async function getDailyCounts(
  deps: AnalyticsDeps,
  query: AnalyticsCountsQuery,
): Promise<AnalyticsCountsResponse> {
  const filter: DailyCountFilter = {
    ...resolveRange(utcDayOf(deps.clock.now()), query),
    kind: query.kind,
    path: query.path === undefined ? undefined : stripQueryAndFragment(query.path),
  };
  const [list, total] = await Promise.all([
    listDailyCounts(deps.db, filter, ANALYTICS_MAX_ROWS),
    sumDailyCounts(deps.db, filter),
  ]);
  return { list, total };
}
