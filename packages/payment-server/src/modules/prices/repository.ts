import { sql, type Insertable, type Selectable } from 'kysely';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type PriceRow = Selectable<PaymentTables['prices']>;
export type NewPriceRow = Insertable<PaymentTables['prices']>;

export async function findPriceRows(db: PaymentDb, ids: readonly string[]): Promise<PriceRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('prices').selectAll().where('id', 'in', ids).execute();
}

export async function insertPriceIfMissing(db: PaymentDb, row: NewPriceRow): Promise<void> {
  await db
    .insertInto('prices')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/**
 * Takes `quantity` units from stock in one conditional UPDATE, so two payers racing for the
 * last unit cannot both get it. Unlimited prices (quantity_available 0) always succeed.
 * Returns whether the units were taken.
 */
export async function takeStock(db: PaymentDb, priceId: string, quantity: number): Promise<boolean> {
  const result = await db
    .updateTable('prices')
    .set({ quantity_sold: sql<number>`quantity_sold + ${quantity}` })
    .where('id', '=', priceId)
    .where((eb) =>
      eb.or([
        eb('quantity_available', '=', 0),
        eb(sql<number>`quantity_sold + ${quantity}`, '<=', eb.ref('quantity_available')),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Gives back units an expired or changed session had taken. The floor at zero keeps a bad
 * double release from making stock appear that was never there.
 */
export async function releaseStock(db: PaymentDb, priceId: string, quantity: number): Promise<void> {
  await db
    .updateTable('prices')
    .set({ quantity_sold: sql<number>`quantity_sold - ${quantity}` })
    .where('id', '=', priceId)
    .where('quantity_sold', '>=', quantity)
    .execute();
}
