import type { Selectable, Updateable } from 'kysely';
import { hasRowLocks } from '../../db/row-locks.ts';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type SettingRow = Selectable<PaymentTables['settings']>;

export async function findSettingRow(db: PaymentDb, id: string): Promise<SettingRow | undefined> {
  return db.selectFrom('settings').selectAll().where('id', '=', id).executeTakeFirst();
}

/** `lock`: the row stays locked until the caller's transaction ends (PostgreSQL; SQLite has one writer). */
export async function findSettingRowAt(
  db: PaymentDb,
  input: { type: string; mountLocation: string; livemode: number; lock?: boolean },
): Promise<SettingRow | undefined> {
  return db
    .selectFrom('settings')
    .selectAll()
    .where('type', '=', input.type)
    .where('mount_location', '=', input.mountLocation)
    .where('livemode', '=', input.livemode)
    .$if(input.lock === true && hasRowLocks(db), (query) => query.forUpdate())
    .executeTakeFirst();
}

/** Inserts the setting unless its mount location has one in that mode; answers the one kept. */
export async function insertSettingRowIfMissing(db: PaymentDb, row: SettingRow): Promise<SettingRow> {
  await db
    .insertInto('settings')
    .values(row)
    .onConflict((conflict) => conflict.columns(['type', 'mount_location', 'livemode']).doNothing())
    .execute();
  return (await findSettingRowAt(db, {
    type: row.type,
    mountLocation: row.mount_location,
    livemode: row.livemode,
  }))!;
}

export async function updateSettingRow(
  db: PaymentDb,
  id: string,
  changes: Updateable<PaymentTables['settings']>,
): Promise<SettingRow | undefined> {
  return db.updateTable('settings').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function listSettingRows(db: PaymentDb, input: { type: string; livemode: number }) {
  return db
    .selectFrom('settings')
    .selectAll()
    .where('type', '=', input.type)
    .where('livemode', '=', input.livemode)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
