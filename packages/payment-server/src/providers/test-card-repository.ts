import { insertRows } from '@bazaar/server-kit';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { PaymentDb, PaymentTables } from '../db/tables.ts';

export type TestCardRow = Selectable<PaymentTables['test_cards']>;
export type TestChargeRow = Selectable<PaymentTables['test_card_charges']>;
export type TestRefundRow = Selectable<PaymentTables['test_card_refunds']>;

export async function insertTestCardRow(db: PaymentDb, row: Insertable<PaymentTables['test_cards']>) {
  await insertRows(db, 'test_cards', [row]);
}

export async function findTestCardRow(db: PaymentDb, id: string): Promise<TestCardRow | undefined> {
  return db.selectFrom('test_cards').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A table of the test network's answers, where each idempotency key has one. */
type AnswerTable = 'test_card_charges' | 'test_card_refunds';

/** Records an answer unless its idempotency key was seen; answers the row the key holds. */
async function recordOnce<Table extends AnswerTable>(
  db: PaymentDb,
  table: Table,
  row: Selectable<PaymentTables[Table]>,
): Promise<Selectable<PaymentTables[Table]>> {
  // Kysely cannot follow a table name that is a type parameter; both tables share these columns.
  const answers = db as unknown as PaymentDb &
    Kysely<Record<AnswerTable, PaymentTables['test_card_refunds']>>;
  const inserted = await answers
    .insertInto(table as 'test_card_refunds')
    .values(row as PaymentTables['test_card_refunds'])
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  const kept =
    inserted ??
    (await answers
      .selectFrom(table as 'test_card_refunds')
      .selectAll()
      .where('idempotency_key', '=', (row as PaymentTables['test_card_refunds']).idempotency_key)
      .executeTakeFirstOrThrow());
  return kept as Selectable<PaymentTables[Table]>;
}

export function recordTestChargeOnce(db: PaymentDb, row: TestChargeRow): Promise<TestChargeRow> {
  return recordOnce(db, 'test_card_charges', row);
}

export function recordTestRefundOnce(db: PaymentDb, row: TestRefundRow): Promise<TestRefundRow> {
  return recordOnce(db, 'test_card_refunds', row);
}
