import { countAll, pageWindow, textContains } from '@bazaar/server-kit';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { StoreDb, StoreTables } from '../../db/tables.ts';

export type DeveloperRow = Selectable<StoreTables['store_developers']>;
export type DeveloperHistoryRow = Selectable<StoreTables['store_developer_history']>;

export async function findDeveloperRow(db: StoreDb, did: string): Promise<DeveloperRow | undefined> {
  return db.selectFrom('store_developers').selectAll().where('did', '=', did).executeTakeFirst();
}

/** The records of `dids` that exist, in no particular order. */
export async function listDeveloperRowsByDid(db: StoreDb, dids: readonly string[]): Promise<DeveloperRow[]> {
  if (dids.length === 0) return [];
  return db.selectFrom('store_developers').selectAll().where('did', 'in', dids).execute();
}

/** False when the DID already has a record (nothing written). */
export async function insertDeveloperRowIfMissing(
  db: StoreDb,
  row: Insertable<StoreTables['store_developers']>,
): Promise<boolean> {
  const result = await db
    .insertInto('store_developers')
    .values(row)
    .onConflict((conflict) => conflict.column('did').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function updateDeveloperRow(
  db: StoreDb,
  did: string,
  changes: Updateable<StoreTables['store_developers']>,
): Promise<DeveloperRow | undefined> {
  return db
    .updateTable('store_developers')
    .set(changes)
    .where('did', '=', did)
    .returningAll()
    .executeTakeFirst();
}

export interface DeveloperFilter {
  status?: string | undefined;
  /** Part of a DID or a username. */
  q?: string | undefined;
}

/** Newest developers first (DIDs break ties), with the count of the filter. */
export async function listDeveloperRows(
  db: StoreDb,
  filter: DeveloperFilter,
  page: { page: number; pageSize: number },
): Promise<{ rows: DeveloperRow[]; count: number }> {
  let query = db.selectFrom('store_developers');
  if (filter.status) query = query.where('status', '=', filter.status);
  const { q } = filter;
  if (q) query = query.where((eb) => eb.or([textContains('did', q), textContains('username', q)]));
  const { limit, offset } = pageWindow(page);
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy('developer_since', 'desc')
      .orderBy('did', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select(countAll().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}

/** History is append-only: this module inserts rows and reads them, never changes one. */
export async function insertDeveloperHistoryRow(
  db: StoreDb,
  row: Insertable<StoreTables['store_developer_history']>,
): Promise<void> {
  await db.insertInto('store_developer_history').values(row).execute();
}

/** A developer's history, oldest first. */
export async function listDeveloperHistoryRows(db: StoreDb, did: string): Promise<DeveloperHistoryRow[]> {
  return db
    .selectFrom('store_developer_history')
    .selectAll()
    .where('developer_did', '=', did)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
