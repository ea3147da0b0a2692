import type { StoreDb } from './tables.ts';

/**
 * Runs `work` in a transaction, or in the caller's when `db` already is one, so a service can be
 * a step of a larger use case (accepting an invitation registers a developer) or stand alone.
 */
export function inTransaction<T>(db: StoreDb, work: (trx: StoreDb) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
