import type { UpdateObject } from 'kysely';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type PaymentIntentRow = PaymentTables['payment_intents'];

export async function findPaymentIntentRow(db: PaymentDb, id: string): Promise<PaymentIntentRow | undefined> {
  return db.selectFrom('payment_intents').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listPaymentIntentRows(
  db: PaymentDb,
  ids: readonly string[],
): Promise<PaymentIntentRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('payment_intents')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

export async function listIntentCheckoutSessionIds(db: PaymentDb, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('payment_intents')
    .select(['id', 'checkout_session_id'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

export async function insertPaymentIntentRow(db: PaymentDb, row: PaymentIntentRow): Promise<void> {
  await db.insertInto('payment_intents').values(row).execute();
}

/**
 * Moves an intent on only from one of the `from` states: the guard that makes a repeated or
 * concurrent confirm a no-op instead of a second charge. Answers the row as it now stands, or
 * undefined when it was in none of them (so a caller need not read the intent again).
 */
export async function updatePaymentIntentFrom(
  db: PaymentDb,
  id: string,
  from: readonly string[],
  changes: UpdateObject<PaymentTables, 'payment_intents'>,
): Promise<PaymentIntentRow | undefined> {
  return db
    .updateTable('payment_intents')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', from)
    .returningAll()
    .executeTakeFirst();
}
