import { PostgresAdapter } from 'kysely';
import type { StoreDb } from './tables.ts';

/**
 * Whether the database locks rows (`FOR UPDATE`): PostgreSQL does; SQLite has a single writer
 * and no such clause, so queries add it only when this is true.
 */
export function hasRowLocks(db: StoreDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
