import { insertRows } from '@bazaar/server-kit';
import type { Insertable, Selectable } from 'kysely';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type TestClockRow = Selectable<PaymentTables['test_clocks']>;

export async function insertTestClockRow(db: PaymentDb, row: Insertable<PaymentTables['test_clocks']>) {
  await insertRows(db, 'test_clocks', [row]);
}

export async function findTestClockRow(db: PaymentDb, id: string): Promise<TestClockRow | undefined> {
  return db.selectFrom('test_clocks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves the clock to `time` unless it is already there or later (time never goes back). */
export async function moveTestClockForward(db: PaymentDb, id: string, time: number): Promise<void> {
  await db
    .updateTable('test_clocks')
    .set({ frozen_time: time })
    .where('id', '=', id)
    .where('frozen_time', '<', time)
    .execute();
}
