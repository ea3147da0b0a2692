import type { Kysely } from 'kysely';

/** Adds a column that is nullable, or NOT NULL with a default when `fallback` is given. */
export function addColumn(
  db: Kysely<unknown>,
  table: string,
  column: string,
  type: 'text' | 'integer' | 'bigint',
  fallback?: string | number,
) {
  return db.schema
    .alterTable(table)
    .addColumn(column, type, (col) => (fallback === undefined ? col : col.notNull().defaultTo(fallback)))
    .execute();
}
