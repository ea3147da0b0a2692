import { sql, type Expression, type SqlBool } from 'kysely';

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
