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

/**
 * Clears the session's stock reservation; true only for the one caller that cleared it, so the
 * units are given back exactly once however many paths (sweeper, change, retry) race for it.
 */
export async function clearReservation(db: PaymentDb, id: string): Promise<boolean> {
  const result = await db
    .updateTable('checkout_sessions')
    .set({ inventory_reserved: 0 })
    .where('id', '=', id)
    .where('inventory_reserved', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function listExpiredOpenSessionIds(
  db: PaymentDb,
  now: number,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('checkout_sessions')
    .select('id')
    .where('status', '=', 'open')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Marks one open, overdue session expired. The conditional UPDATE is the claim: when two nodes
 * sweep at once, only one of them sees a changed row and goes on to release its stock.
 */
export async function claimExpiredSession(db: PaymentDb, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('checkout_sessions')
    .set({ status: 'expired', updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
