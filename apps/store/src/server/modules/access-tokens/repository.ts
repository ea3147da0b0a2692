import { countAll, newestFirstPage } from '@bazaar/server-kit';
import type { Insertable, Selectable } from 'kysely';
import type { StoreDb, StoreTables } from '../../db/tables.ts';

export type AccessTokenRow = Selectable<StoreTables['store_access_tokens']>;

/** False when the public id is taken already (nothing written): draw another. */
export async function insertAccessTokenRowIfIdFree(
  db: StoreDb,
  row: Insertable<StoreTables['store_access_tokens']>,
): Promise<boolean> {
  const result = await db
    .insertInto('store_access_tokens')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findAccessTokenRow(db: StoreDb, id: string): Promise<AccessTokenRow | undefined> {
  return db.selectFrom('store_access_tokens').selectAll().where('id', '=', id).executeTakeFirst();
}

/** An owner's tokens, newest first, with their count. */
export async function listAccessTokenRows(
  db: StoreDb,
  ownerDid: string,
  page: { page: number; pageSize: number },
): Promise<{ rows: AccessTokenRow[]; count: number }> {
  const query = db.selectFrom('store_access_tokens').where('owner_did', '=', ownerDid);
  return newestFirstPage(query, page);
}

/** Tokens of an owner that still work at `now`: neither revoked nor expired. */
export async function countLiveAccessTokenRows(db: StoreDb, ownerDid: string, now: number): Promise<number> {
  const { count } = await db
    .selectFrom('store_access_tokens')
    .select(countAll().as('count'))
    .where('owner_did', '=', ownerDid)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function markAccessTokenRevoked(db: StoreDb, id: string, now: number): Promise<void> {
  await db
    .updateTable('store_access_tokens')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Records a use, unless one was recorded in the last `minIntervalSeconds`: a CLI uploading in
 * a loop writes the row once a minute, not once a request. The condition is in the statement,
 * so nodes racing to record the same minute write once.
 */
export async function touchAccessTokenRow(
  db: StoreDb,
  input: { id: string; now: number; minIntervalSeconds: number },
): Promise<void> {
  await db
    .updateTable('store_access_tokens')
    .set({ last_used_at: input.now })
    .where('id', '=', input.id)
    .where((eb) =>
      eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', input.now - input.minIntervalSeconds)]),
    )
    .execute();
}
