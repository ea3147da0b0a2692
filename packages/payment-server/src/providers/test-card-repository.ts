import { insertRows } from '@bazaar/server-kit';
import type { Insertable, Selectable } from 'kysely';
import type { PaymentDb, PaymentTables } from '../db/tables.ts';

export type TestCardRow = Selectable<PaymentTables['test_cards']>;
export type TestChargeRow = Selectable<PaymentTables['test_card_charges']>;

export async function insertTestCardRow(db: PaymentDb, row: Insertable<PaymentTables['test_cards']>) {
  await insertRows(db, 'test_cards', [row]);
}

export async function findTestCardRow(db: PaymentDb, id: string): Promise<TestCardRow | undefined> {
  return db.selectFrom('test_cards').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Records a charge unless its idempotency key was seen; answers the charge the key holds. */
export async function recordTestChargeOnce(
  db: PaymentDb,
  row: Insertable<PaymentTables['test_card_charges']>,
): Promise<TestChargeRow> {
  const inserted = await db
    .insertInto('test_card_charges')
    .values(row)
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return inserted;
  return db
    .selectFrom('test_card_charges')
    .selectAll()
    .where('idempotency_key', '=', row.idempotency_key)
    .executeTakeFirstOrThrow();
}
