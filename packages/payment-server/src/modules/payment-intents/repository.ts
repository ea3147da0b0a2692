import { exportNewestFirst, insertRows, sortedPage, type ListExport } from '@bazaar/server-kit';
import { sql, type Insertable, type Selectable, type UpdateObject } from 'kysely';
import { insertChunks } from '../../db/insert-chunks.ts';
import { hasRowLocks } from '../../db/row-locks.ts';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';
import type { customerIdsMatching } from '../customers/repository.ts';

export type PaymentIntentRow = Selectable<PaymentTables['payment_intents']>;
export type NewPaymentIntentRow = Insertable<PaymentTables['payment_intents']>;

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

/**
 * A page of payment intents by creation, newest first unless `direction` is `asc`: a customer's,
 * or everyone's (`customerId` undefined). Only intents a payment was attempted on: an untouched
 * one is a checkout left before paying.
 */
export async function listAttemptedIntentRows(
  db: PaymentDb,
  filter: AttemptedIntentFilter,
  page: { page: number; pageSize: number; direction: 'asc' | 'desc' },
): Promise<{ rows: PaymentIntentRow[]; count: number }> {
  return sortedPage(attemptedIntentQuery(db, filter), page, {
    by: sql.ref('created_at'),
    direction: page.direction,
  });
}

/** Every payment intent of the filter a payment was attempted on, newest first, a batch at a time. */
export function exportAttemptedIntentRows(
  db: PaymentDb,
  filter: AttemptedIntentFilter,
): Promise<ListExport<PaymentIntentRow>> {
  return exportNewestFirst(attemptedIntentQuery(db, filter));
}

export interface AttemptedIntentFilter {
  livemode: boolean;
  customerId: string | undefined;
  invoiceId: string | undefined;
  status: string | undefined;
  search?: IntentSearch | undefined;
}

/**
 * A search for payments: `q` is the payment's own id, its invoice's or its customer's, or else
 * text the customer search (`customers`, its subquery) finds in their name, email or DID.
 */
export interface IntentSearch {
  q: string;
  customers: ReturnType<typeof customerIdsMatching>;
}

function attemptedIntentQuery(db: PaymentDb, filter: AttemptedIntentFilter) {
  let query = db
    .selectFrom('payment_intents')
    .where('livemode', '=', filter.livemode ? 1 : 0)
    .where((eb) =>
      eb.or([eb('status', '!=', 'requires_payment_method'), eb('last_payment_error', 'is not', null)]),
    );
  if (filter.customerId) query = query.where('customer_id', '=', filter.customerId);
  if (filter.invoiceId) query = query.where('invoice_id', '=', filter.invoiceId);
  if (filter.status) query = query.where('status', '=', filter.status);
  const { search } = filter;
  if (search) {
    query = query.where((eb) =>
      eb.or([
        eb('id', '=', search.q),
        eb('invoice_id', '=', search.q),
        eb('customer_id', '=', search.q),
        eb('customer_id', 'in', search.customers),
      ]),
    );
  }
  return query;
}

export async function listIntentCheckoutSessionIds(db: PaymentDb, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('payment_intents')
    .select(['id', 'checkout_session_id'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** New intents, a multi-row insert (a renewal batch readies one per invoice). */
export async function insertPaymentIntentRows(
  db: PaymentDb,
  rows: readonly NewPaymentIntentRow[],
): Promise<void> {
  for (const chunk of insertChunks(rows)) await insertRows(db, 'payment_intents', chunk);
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

/** Marks intents succeeded, for the amount each was for, if they are still in one of `from`. */
export async function succeedIntentRows(
  db: PaymentDb,
  input: { ids: readonly string[]; from: readonly string[]; paymentDetails: string | null; now: number },
): Promise<void> {
  if (input.ids.length === 0) return;
  await db
    .updateTable('payment_intents')
    .set((eb) => ({
      status: 'succeeded',
      amount_received: eb.ref('amount'),
      last_payment_error: null,
      payment_details: input.paymentDetails,
      updated_at: input.now,
    }))
    .where('id', 'in', [...input.ids])
    .where('status', 'in', [...input.from])
    .execute();
}

export async function isCurrencyInAnyIntent(db: PaymentDb, currencyId: string): Promise<boolean> {
  const hit = await db
    .selectFrom('payment_intents')
    .select('id')
    .where('currency_id', '=', currencyId)
    .limit(1)
    .executeTakeFirst();
  return hit !== undefined;
}

/**
 * Marks up to `limit` succeeded payments waiting to be added to the overview's rollup
 * (`metrics_payment_days`) as rolled up and answers their ids, oldest first so one batch touches
 * few days. Payments another node's rollup is taking are left to it.
 */
export async function takeSucceededPaymentsToRollUp(db: PaymentDb, limit: number): Promise<string[]> {
  const waiting = await db
    .selectFrom('payment_intents')
    .select('id')
    // Literals, which the partial index of waiting payments (migration 0026) answers to.
    .where('status', '=', sql.lit('succeeded'))
    .where('volume_rolled_up', '=', sql.lit(0))
    .orderBy('livemode')
    .orderBy('updated_at')
    .limit(limit)
    .$if(hasRowLocks(db), (query) => query.forUpdate().skipLocked())
    .execute();
  const ids = waiting.map((row) => row.id);
  if (ids.length > 0) {
    await db.updateTable('payment_intents').set({ volume_rolled_up: 1 }).where('id', 'in', ids).execute();
  }
  return ids;
}
