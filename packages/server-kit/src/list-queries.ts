import { sql, type Expression, type Selectable, type SelectQueryBuilder, type SqlBool } from 'kysely';

/** What every component's lists share, on SQLite and PostgreSQL alike. */

/**
 * Case-insensitive "contains" on a text column, the same on SQLite and PostgreSQL. The search
 * text is a bound parameter with its LIKE wildcards escaped, so `50%` finds "50%" only.
 */
export function textContains(column: string, text: string): Expression<SqlBool> {
  const pattern = `%${text.toLowerCase().replace(/[!%_]/g, (char) => `!${char}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '!'`;
}

/** Pagination as the API counts it: page 1 is the first `pageSize` rows. */
export function pageWindow(page: { page: number; pageSize: number }) {
  return { limit: page.pageSize, offset: (page.page - 1) * page.pageSize };
}

/** `count(*)` as a number on both dialects (PostgreSQL answers bigint counts as text). */
export const countAll = () => sql<number | string>`count(*)`;

/**
 * One page of a filtered list, newest first (ids break ties between rows created in the same
 * second), with the total count of the filter for `{ list, count }`.
 */
export async function newestFirstPage<DB, TB extends keyof DB & string>(
  query: SelectQueryBuilder<DB, TB, object>,
  page: { page: number; pageSize: number },
): Promise<{ rows: Selectable<DB[TB]>[]; count: number }> {
  const { limit, offset } = pageWindow(page);
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy(sql.ref('created_at'), 'desc')
      .orderBy(sql.ref('id'), 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.clearSelect().select(countAll().as('count')).executeTakeFirstOrThrow() as Promise<{
      count: number | string;
    }>,
  ]);
  return { rows: rows as Selectable<DB[TB]>[], count: Number(total.count) };
}
