import type { Selectable } from 'kysely';
import type { StoreDb, StoreTables } from '../../db/tables.ts';

export type InstanceRow = Selectable<StoreTables['store_app_instances']>;

/**
 * Writes a report unless one at least as new is already there (a replayed older report changes
 * nothing): true when it was written. One statement, so two reports racing keep the newer.
 */
export async function upsertInstanceRowIfNewer(db: StoreDb, row: InstanceRow): Promise<boolean> {
  const result = await db
    .insertInto('store_app_instances')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .columns(['app_did', 'url'])
        .doUpdateSet((eb) => ({
          owner: eb.ref('excluded.owner'),
          status: eb.ref('excluded.status'),
          reported_at: eb.ref('excluded.reported_at'),
        }))
        .where('store_app_instances.reported_at', '<', row.reported_at),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function listRecentInstanceRows(
  db: StoreDb,
  input: { appDid: string; limit: number },
): Promise<{ rows: InstanceRow[]; count: number }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('store_app_instances')
      .selectAll()
      .where('app_did', '=', input.appDid)
      .orderBy('reported_at', 'desc')
      .orderBy('url')
      .limit(input.limit)
      .execute(),
    db
      .selectFrom('store_app_instances')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('app_did', '=', input.appDid)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}
