import type { AnalyticsKind } from '@bazaar/schemas';
import type { Kysely } from 'kysely';

export interface AnalyticsDailyTable {
  /** The UTC day, `2027-01-15`. */
  day: string;
  kind: AnalyticsKind;
  /** The event's name; empty for page views. */
  name: string;
  /** The page's path, without query or fragment. */
  path: string;
  count: number;
}

export interface AnalyticsTables {
  platform_analytics_daily: AnalyticsDailyTable;
}

export type AnalyticsDb = Kysely<AnalyticsTables>;
export type DailyCountRow = AnalyticsDailyTable;

export interface DailyCountFilter {
  /** First and last day, both included. */
  from: string;
  to: string;
  kind?: AnalyticsKind;
  path?: string;
}

/**
 * Adds each row's count to the stored one (or stores it), in one statement: every row of a
 * batch counts or none does. The rows must have distinct keys, and sorted ones, so two nodes
 * adding to the same rows lock them in the same order and never deadlock.
 */
export async function addDailyCounts(db: AnalyticsDb, rows: readonly DailyCountRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('platform_analytics_daily')
    .values([...rows])
    .onConflict((conflict) =>
      conflict.columns(['day', 'kind', 'name', 'path']).doUpdateSet((eb) => ({
        count: eb(eb.ref('platform_analytics_daily.count'), '+', eb.ref('excluded.count')),
      })),
    )
    .execute();
}

function selectMatching(db: AnalyticsDb, filter: DailyCountFilter) {
  let query = db
    .selectFrom('platform_analytics_daily')
    .where('day', '>=', filter.from)
    .where('day', '<=', filter.to);
  if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
  if (filter.path !== undefined) query = query.where('path', '=', filter.path);
  return query;
}

/** Newest day first, busiest first within a day, then by key so equal counts keep one order. */
export function listDailyCounts(
  db: AnalyticsDb,
  filter: DailyCountFilter,
  limit: number,
): Promise<DailyCountRow[]> {
  return selectMatching(db, filter)
    .select(['day', 'kind', 'name', 'path', 'count'])
    .orderBy('day', 'desc')
    .orderBy('count', 'desc')
    .orderBy('kind')
    .orderBy('name')
    .orderBy('path')
    .limit(limit)
    .execute();
}

/** The counts of every matching row added up (0 when none match). */
export async function sumDailyCounts(db: AnalyticsDb, filter: DailyCountFilter): Promise<number> {
  const row = await selectMatching(db, filter)
    .select((eb) => eb.fn.sum<number | string | null>('count').as('total'))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
