import {
  PostgresAdapter,
  sql,
  type Expression,
  type Kysely,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';

/** What every component's lists share, on SQLite and PostgreSQL alike. */

/**
 * Case-insensitive "contains" on a text column, the same on SQLite and PostgreSQL. The search
 * text is a bound parameter with its LIKE wildcards escaped, so `50%` finds "50%" only.
 */
export function textContains(column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${containsPattern(text.toLowerCase())} escape '!'`;
}

function containsPattern(text: string): string {
  return `%${text.replace(/[!%_]/g, (char) => `!${char}`)}%`;
}

/**
 * A text column compared by code points on both databases: SQLite compares bytes, PostgreSQL
 * would otherwise compare (and lowercase) by the database's locale.
 */
export function byCodePoints<DB>(db: Kysely<DB>, column: string): Expression<string> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<string>`${sql.ref(column)} collate "C"`
    : sql.ref<string>(column);
}

/**
 * A text column with A–Z lowercased and nothing else, alike on both databases whatever their
 * locale (SQLite's `lower()` folds only A–Z, PostgreSQL's under the "C" collation too): a
 * search and a sort over it answer the same rows in the same order on both.
 */
export function asciiLowered<DB>(db: Kysely<DB>, column: string): Expression<string> {
  return sql<string>`lower(${byCodePoints(db, column)})`;
}

/** `textContains` ignoring the case of A–Z only, so both databases find the same rows (see `asciiLowered`). */
export function asciiTextContains<DB>(db: Kysely<DB>, column: string, text: string): Expression<SqlBool> {
  const folded = text.replace(/[A-Z]/g, (char) => char.toLowerCase());
  return sql<SqlBool>`${asciiLowered(db, column)} like ${containsPattern(folded)} escape '!'`;
}

/** Pagination as the API counts it: page 1 is the first `pageSize` rows. */
export function pageWindow(page: { page: number; pageSize: number }) {
  return { limit: page.pageSize, offset: (page.page - 1) * page.pageSize };
}

/** `count(*)` as a number on both dialects (PostgreSQL answers bigint counts as text). */
export const countAll = () => sql<number | string>`count(*)`;

/**
 * One page of a filtered list in the order asked (ids break ties, so no row shows on two pages
 * or on none), with the total count of the filter for `{ list, count }`.
 */
export async function sortedPage<DB, TB extends keyof DB & string>(
  query: SelectQueryBuilder<DB, TB, object>,
  page: { page: number; pageSize: number },
  order: { by: Expression<unknown>; direction: 'asc' | 'desc' },
): Promise<{ rows: Selectable<DB[TB]>[]; count: number }> {
  const { limit, offset } = pageWindow(page);
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy(order.by, order.direction)
      .orderBy(sql.ref('id'), order.direction)
      .limit(limit)
      .offset(offset)
      .execute(),
    query.clearSelect().select(countAll().as('count')).executeTakeFirstOrThrow() as Promise<{
      count: number | string;
    }>,
  ]);
  return { rows: rows as Selectable<DB[TB]>[], count: Number(total.count) };
}

/** One page of a filtered list, newest first, with the total count of the filter. */
export async function newestFirstPage<DB, TB extends keyof DB & string>(
  query: SelectQueryBuilder<DB, TB, object>,
  page: { page: number; pageSize: number },
): Promise<{ rows: Selectable<DB[TB]>[]; count: number }> {
  return sortedPage(query, page, { by: sql.ref('created_at'), direction: 'desc' });
}
