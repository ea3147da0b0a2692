import { PostgresAdapter } from 'kysely';
import type { PaymentDb } from './tables.ts';

/**
 * Whether the database locks rows (`FOR UPDATE`, `SKIP LOCKED`): PostgreSQL does; SQLite has a
 * single writer and no such clauses, so queries add them only when this is true.
 */
export function hasRowLocks(db: PaymentDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
