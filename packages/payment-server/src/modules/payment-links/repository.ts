import type { Insertable, Selectable } from 'kysely';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type PaymentLinkRow = Selectable<PaymentTables['payment_links']>;
export type NewPaymentLinkRow = Insertable<PaymentTables['payment_links']>;

export async function findPaymentLinkRow(db: PaymentDb, id: string): Promise<PaymentLinkRow | undefined> {
  return db.selectFrom('payment_links').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPaymentLinkIfMissing(db: PaymentDb, row: NewPaymentLinkRow): Promise<void> {
  await db
    .insertInto('payment_links')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}
