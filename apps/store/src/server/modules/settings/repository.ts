import type { Insertable, Selectable } from 'kysely';
import type { StoreDb, StoreTables } from '../../db/tables.ts';

export type SettingsRow = Selectable<StoreTables['store_settings']>;

/** The settings live in one row with this id. */
export const SETTINGS_ROW_ID = 'store';

export async function findSettingsRow(db: StoreDb): Promise<SettingsRow | undefined> {
  return db.selectFrom('store_settings').selectAll().where('id', '=', SETTINGS_ROW_ID).executeTakeFirst();
}

/** Writes the whole row, creating it the first time. */
export async function saveSettingsRow(db: StoreDb, row: Insertable<StoreTables['store_settings']>) {
  const { id: _id, ...changes } = row;
  await db
    .insertInto('store_settings')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doUpdateSet(changes))
    .execute();
}
