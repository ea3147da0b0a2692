import { deleteInBatches } from '@bazaar/server-kit';
import { PostgresAdapter, sql } from 'kysely';
import type { StoreDb } from '../../db/tables.ts';

/**
 * On PostgreSQL, lets the counting transaction commit without waiting for its WAL to reach the
 * disk. Every download of an app adds to the same two rows (the day's count and the app's total),
 * whose locks are held until the commit returns, so an fsync per download would queue them all;
 * a database crash may lose the last moment's counts, whole transactions only, never half of one.
 * SQLite (WAL, synchronous=NORMAL) already commits so.
 */
export async function commitWithoutFlush(db: StoreDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`set local synchronous_commit to off`.execute(db);
  }
}

/**
 * Records that `clientKey` downloaded the version on `day`; true only when it had not yet, so of
 * any number of racing requests from one client exactly one is told true (the primary key decides).
 */
export async function insertDownloadClientIfNew(
  db: StoreDb,
  row: { day: string; appDid: string; version: string; clientKey: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('store_download_clients')
    .values({ day: row.day, app_did: row.appDid, version: row.version, client_key: row.clientKey })
    .onConflict((conflict) => conflict.doNothing())
    .returning('day')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Adds one to the version's count of `day` in one statement, so concurrent adds never lose one. */
export async function addOneToDownloadDay(
  db: StoreDb,
  row: { appDid: string; version: string; day: string },
): Promise<void> {
  await db
    .insertInto('store_download_days')
    .values({ app_did: row.appDid, day: row.day, version: row.version, count: 1 })
    .onConflict((conflict) =>
      conflict.columns(['app_did', 'day', 'version']).doUpdateSet((eb) => ({
        count: eb(eb.ref('store_download_days.count'), '+', 1),
      })),
    )
    .execute();
}

/** The app's downloads per day from `from` to `to` (both included), every version summed; days without any are absent. */
export async function listDownloadDayTotals(
  db: StoreDb,
  input: { appDid: string; from: string; to: string },
): Promise<{ day: string; count: number }[]> {
  const rows = await db
    .selectFrom('store_download_days')
    .select((eb) => ['day', eb.fn.sum<number | string>('count').as('count')])
    .where('app_did', '=', input.appDid)
    .where('day', '>=', input.from)
    .where('day', '<=', input.to)
    .groupBy('day')
    .execute();
  // PostgreSQL sums a bigint into a numeric, which arrives as text.
  return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
}

/** Deletes the client rows of days before `day`, `batchSize` a statement, through the key's leading `day`. */
export function deleteDownloadClientsBefore(
  db: StoreDb,
  input: { day: string; batchSize: number },
): Promise<number> {
  return deleteInBatches(input.batchSize, async (limit) => {
    const result = await db
      .deleteFrom('store_download_clients')
      .where((eb) =>
        eb(
          eb.refTuple('day', 'app_did', 'version', 'client_key'),
          'in',
          eb
            .selectFrom('store_download_clients')
            .select(['day', 'app_did', 'version', 'client_key'])
            .where('day', '<', input.day)
            .limit(limit)
            .$asTuple('day', 'app_did', 'version', 'client_key'),
        ),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/** The salt of `day`: the one stored, else `candidate`, stored now (of two nodes racing, the first one's). */
export async function claimDownloadSalt(
  db: StoreDb,
  input: { day: string; candidate: string },
): Promise<string> {
  await db
    .insertInto('store_download_salts')
    .values({ day: input.day, salt: input.candidate })
    .onConflict((conflict) => conflict.column('day').doNothing())
    .execute();
  const row = await db
    .selectFrom('store_download_salts')
    .select('salt')
    .where('day', '=', input.day)
    .executeTakeFirstOrThrow();
  return row.salt;
}

/** Deletes the salts of days before `day` (a handful of rows: one a day). */
export async function deleteDownloadSaltsBefore(db: StoreDb, day: string): Promise<number> {
  const result = await db.deleteFrom('store_download_salts').where('day', '<', day).executeTakeFirst();
  return Number(result.numDeletedRows);
}
