import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type ProductRow = PaymentTables['products'];

export async function findProductRows(db: PaymentDb, ids: readonly string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('products').selectAll().where('id', 'in', ids).execute();
}

export async function insertProductIfMissing(db: PaymentDb, row: ProductRow): Promise<void> {
  await db
    .insertInto('products')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}
