import { deleteInBatches } from '@bazaar/server-kit';
import { hasRowLocks } from '../../db/row-locks.ts';
import type { StoreDb } from '../../db/tables.ts';

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

/**
 * Marks up to `limit` client rows waiting to be rolled up as rolled up, and answers how many each
 * app, version and day had, in key order. Rows another node's rollup is taking are left to it.
 */
export async function takeWaitingDownloads(
  db: StoreDb,
  limit: number,
): Promise<Array<{ appDid: string; version: string; day: string; count: number }>> {
  const taken = await db
    .updateTable('store_download_clients')
    .set({ rolled_up: 1 })
    .where((eb) =>
      eb(
        eb.refTuple('day', 'app_did', 'version', 'client_key'),
        'in',
        eb
          .selectFrom('store_download_clients')
          .select(['day', 'app_did', 'version', 'client_key'])
          .where('rolled_up', '=', 0)
          .limit(limit)
          .$if(hasRowLocks(db), (query) => query.forUpdate().skipLocked())
          .$asTuple('day', 'app_did', 'version', 'client_key'),
      ),
    )
    .where('rolled_up', '=', 0)
    .returning(['app_did', 'version', 'day'])
    .execute();
  const counts = new Map<string, { appDid: string; version: string; day: string; count: number }>();
  for (const row of taken) {
    const key = JSON.stringify([row.app_did, row.version, row.day]);
    const entry = counts.get(key) ?? { appDid: row.app_did, version: row.version, day: row.day, count: 0 };
    entry.count += 1;
    counts.set(key, entry);
  }
  return [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, entry]) => entry);
}

/** Adds `count` to the version's count of `day` in one statement, so concurrent adds never lose one. */
export async function addToDownloadDay(
  db: StoreDb,
  row: { appDid: string; version: string; day: string; count: number },
): Promise<void> {
  await db
    .insertInto('store_download_days')
    .values({ app_did: row.appDid, day: row.day, version: row.version, count: row.count })
    .onConflict((conflict) =>
      conflict.columns(['app_did', 'day', 'version']).doUpdateSet((eb) => ({
        count: eb(eb.ref('store_download_days.count'), '+', row.count),
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

/**
 * Deletes the rolled-up client rows of days before `day`, `batchSize` a statement, through the
 * key's leading `day`; a row still waiting stays until it is rolled up.
 */
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
            .where('rolled_up', '=', 1)
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
