import type { Updateable } from 'kysely';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type CheckoutSessionRow = PaymentTables['checkout_sessions'];

export async function insertCheckoutSessionRow(db: PaymentDb, row: CheckoutSessionRow): Promise<void> {
  await db.insertInto('checkout_sessions').values(row).execute();
}

export async function findCheckoutSessionRow(
  db: PaymentDb,
  id: string,
): Promise<CheckoutSessionRow | undefined> {
  return db.selectFrom('checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Changes a session only while it is open. Inside a transaction this also takes the row lock
 * (PostgreSQL), so a submit and a payment of the same session run one after the other.
 */
export async function updateOpenSession(
  db: PaymentDb,
  id: string,
  changes: Updateable<CheckoutSessionRow>,
): Promise<boolean> {
  const result = await db
    .updateTable('checkout_sessions')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
