import type { Insertable, Selectable } from 'kysely';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type ProductRow = Selectable<PaymentTables['products']>;
export type NewProductRow = Insertable<PaymentTables['products']>;

export async function findProductRows(db: PaymentDb, ids: readonly string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('products').selectAll().where('id', 'in', ids).execute();
}

export async function insertProductIfMissing(db: PaymentDb, row: NewProductRow): Promise<void> {
  await db
    .insertInto('products')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}
