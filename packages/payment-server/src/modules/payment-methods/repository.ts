import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type PaymentMethodRow = PaymentTables['payment_methods'];
export type PaymentCurrencyRow = PaymentTables['payment_currencies'];

export async function listMethodRows(db: PaymentDb, livemode: boolean): Promise<PaymentMethodRow[]> {
  return db
    .selectFrom('payment_methods')
    .selectAll()
    .where('livemode', '=', livemode ? 1 : 0)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function listCurrencyRows(
  db: PaymentDb,
  methodIds: readonly string[],
): Promise<PaymentCurrencyRow[]> {
  if (methodIds.length === 0) return [];
  return db
    .selectFrom('payment_currencies')
    .selectAll()
    .where('payment_method_id', 'in', methodIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function findMethodRow(db: PaymentDb, id: string): Promise<PaymentMethodRow | undefined> {
  return db.selectFrom('payment_methods').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findCurrencyRow(db: PaymentDb, id: string): Promise<PaymentCurrencyRow | undefined> {
  return db.selectFrom('payment_currencies').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts or leaves alone: seeding must be safe to run on every start. */
export async function insertMethodIfMissing(db: PaymentDb, row: PaymentMethodRow): Promise<void> {
  await db
    .insertInto('payment_methods')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

export async function insertCurrencyIfMissing(db: PaymentDb, row: PaymentCurrencyRow): Promise<void> {
  await db
    .insertInto('payment_currencies')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}
