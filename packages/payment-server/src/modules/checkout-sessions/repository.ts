import { insertRows } from '@bazaar/server-kit';
import type { Updateable } from 'kysely';
import { jsonMentions } from '../../db/search.ts';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type CheckoutSessionRow = PaymentTables['checkout_sessions'];

export async function insertCheckoutSessionRow(db: PaymentDb, row: CheckoutSessionRow): Promise<void> {
  await insertRows(db, 'checkout_sessions', [row]);
}

export async function findCheckoutSessionRow(
  db: PaymentDb,
  id: string,
): Promise<CheckoutSessionRow | undefined> {
  return db.selectFrom('checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listSessionPayerRows(db: PaymentDb, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('checkout_sessions')
    .select(['id', 'customer_id', 'client_secret_hash'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/**
 * Changes a session only while it is open, and answers it as changed (undefined when it was not
 * open). Inside a transaction this also takes the row lock (PostgreSQL), so a submit and a
 * payment of the same session run one after the other.
 */
export async function updateOpenSession(
  db: PaymentDb,
  id: string,
  changes: Updateable<CheckoutSessionRow>,
): Promise<CheckoutSessionRow | undefined> {
  return db
    .updateTable('checkout_sessions')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
}

/**
 * Clears the session's stock reservation; true only for the one caller that cleared it, so the
 * units are given back exactly once however many paths (sweeper, change, retry) race for it.
 */
export async function clearReservation(db: PaymentDb, id: string): Promise<boolean> {
  const result = await db
    .updateTable('checkout_sessions')
    .set({ inventory_reserved: 0, inventory_held_until: null })
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

/** Open sessions whose stock hold ran out, oldest first. */
export async function listLapsedHoldIds(db: PaymentDb, now: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('checkout_sessions')
    .select('id')
    .where('inventory_held_until', '<=', now)
    .orderBy('inventory_held_until')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Ends a lapsed hold; true only for the one caller that ended it, and false when a resubmit
 * renewed the hold meanwhile, so the sweeper never gives back units a payer holds again.
 */
export async function claimLapsedHold(db: PaymentDb, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('checkout_sessions')
    .set({ inventory_reserved: 0, inventory_held_until: null })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where('inventory_reserved', '=', 1)
    .where('inventory_held_until', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Keeps a held session's stock at least until `until` (a payment is confirming); a session holding nothing is left alone. */
export async function extendHold(db: PaymentDb, id: string, until: number): Promise<void> {
  await db
    .updateTable('checkout_sessions')
    .set({ inventory_held_until: until })
    .where('id', '=', id)
    .where('inventory_held_until', '<', until)
    .execute();
}

/** How many other open sessions of the customer hold stock now. */
export async function countHeldSessions(
  db: PaymentDb,
  input: { customerId: string; exceptSessionId: string; now: number },
): Promise<number> {
  const row = await db
    .selectFrom('checkout_sessions')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('customer_id', '=', input.customerId)
    .where('inventory_held_until', '>', input.now)
    .where('status', '=', 'open')
    .where('id', '!=', input.exceptSessionId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Deletes sessions that expired before `before` without ever being submitted: anyone may open a
 * session from a link, so these are the rows that would otherwise pile up. Submitted ones stay
 * with their customer's history. Returns how many went.
 */
export async function deleteAbandonedSessions(db: PaymentDb, before: number, limit: number): Promise<number> {
  const ids = await db
    .selectFrom('checkout_sessions')
    .select('id')
    .where('status', '=', 'expired')
    .where('expires_at', '<', before)
    .where('payment_intent_id', 'is', null)
    .limit(limit)
    .execute();
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('checkout_sessions')
    .where(
      'id',
      'in',
      ids.map((row) => row.id),
    )
    .where('payment_intent_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Whether a checkout session, of any status, has the price in its lines. */
export async function isPriceInAnySession(db: PaymentDb, priceId: string): Promise<boolean> {
  const hit = await db
    .selectFrom('checkout_sessions')
    .select('id')
    .where(jsonMentions('line_items', 'price_id', priceId))
    .limit(1)
    .executeTakeFirst();
  return hit !== undefined;
}

export async function isCurrencyInAnySession(db: PaymentDb, currencyId: string): Promise<boolean> {
  const hit = await db
    .selectFrom('checkout_sessions')
    .select('id')
    .where('currency_id', '=', currencyId)
    .limit(1)
    .executeTakeFirst();
  return hit !== undefined;
}
