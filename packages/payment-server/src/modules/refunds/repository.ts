import { exportNewestFirst, insertRows, newestFirstPage, type ListExport } from '@bazaar/server-kit';
import { sql, type Selectable, type Updateable } from 'kysely';
import { hasRowLocks } from '../../db/row-locks.ts';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type RefundRow = Selectable<PaymentTables['refunds']>;

/** Refunds that hold part of their payment: a failed one gives its amount back to refund again. */
export const HOLDING_STATUSES: readonly string[] = ['pending', 'succeeded'];

export async function insertRefundRow(db: PaymentDb, row: RefundRow): Promise<void> {
  await insertRows(db, 'refunds', [row]);
}

export async function findRefundRow(db: PaymentDb, id: string): Promise<RefundRow | undefined> {
  return db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * What the payment's refunds hold, for the caller's transaction to compare with what it received.
 * On PostgreSQL the payment's row is locked first, so two refunds of one payment add up one after
 * the other; SQLite's single writer runs their transactions one at a time anyway.
 */
export async function lockRefundedAmount(db: PaymentDb, paymentIntentId: string): Promise<bigint> {
  if (hasRowLocks(db)) {
    await db
      .selectFrom('payment_intents')
      .select('id')
      .where('id', '=', paymentIntentId)
      .forUpdate()
      .execute();
  }
  const rows = await db
    .selectFrom('refunds')
    .select('amount')
    .where('payment_intent_id', '=', paymentIntentId)
    .where('status', 'in', [...HOLDING_STATUSES])
    .execute();
  return rows.reduce((sum, row) => sum + BigInt(row.amount), 0n);
}

/** Moves a pending refund on; undefined when it is no longer pending (another node settled it). */
export async function updateRefundFrom(
  db: PaymentDb,
  id: string,
  statuses: readonly string[],
  changes: Updateable<PaymentTables['refunds']>,
): Promise<RefundRow | undefined> {
  return db
    .updateTable('refunds')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', statuses)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Refunds whose sending is due again (a node stopped half-way, the provider or the chain did not
 * answer), each with its attempt counted and its next try moved `retrySeconds` on in the caller's
 * transaction. On PostgreSQL rows another node is claiming are skipped.
 */
export async function claimUnsentRefundRows(
  db: PaymentDb,
  input: { now: number; retrySeconds: number; limit: number },
): Promise<RefundRow[]> {
  const due = await db
    .selectFrom('refunds')
    .select('id')
    .where('next_attempt_at', '<=', input.now)
    .orderBy('next_attempt_at')
    .limit(input.limit)
    .$if(hasRowLocks(db), (query) => query.forUpdate().skipLocked())
    .execute();
  if (due.length === 0) return [];
  return db
    .updateTable('refunds')
    .set({ attempt_count: sql`attempt_count + 1`, next_attempt_at: input.now + input.retrySeconds })
    .where(
      'id',
      'in',
      due.map((row) => row.id),
    )
    .returningAll()
    .execute();
}

/** The provider's refund id, or the vault's transaction: the refund is out of the sender's queue. */
export async function setRefundProviderRef(db: PaymentDb, id: string, providerRef: string): Promise<void> {
  await db
    .updateTable('refunds')
    .set({ provider_ref: providerRef, next_attempt_at: null })
    .where('id', '=', id)
    .execute();
}

export interface RefundFilter {
  payment_intent_id?: string | undefined;
  invoice_id?: string | undefined;
  customer_id?: string | undefined;
  status?: string | undefined;
  livemode: boolean;
}

export async function listRefundRows(
  db: PaymentDb,
  filter: RefundFilter & { page: number; pageSize: number },
): Promise<{ rows: RefundRow[]; count: number }> {
  return newestFirstPage(refundListQuery(db, filter), filter);
}

/** Every refund of the filter, newest first, a batch at a time, and how many there are. */
export function exportRefundRows(db: PaymentDb, filter: RefundFilter): Promise<ListExport<RefundRow>> {
  return exportNewestFirst(refundListQuery(db, filter));
}

function refundListQuery(db: PaymentDb, filter: RefundFilter) {
  return db
    .selectFrom('refunds')
    .where('livemode', '=', filter.livemode ? 1 : 0)
    .$if(filter.payment_intent_id !== undefined, (q) =>
      q.where('payment_intent_id', '=', filter.payment_intent_id!),
    )
    .$if(filter.invoice_id !== undefined, (q) => q.where('invoice_id', '=', filter.invoice_id!))
    .$if(filter.customer_id !== undefined, (q) => q.where('customer_id', '=', filter.customer_id!))
    .$if(filter.status !== undefined, (q) => q.where('status', '=', filter.status!));
}

/** The refunds of these payments, oldest first. */
export async function listPaymentRefundRows(
  db: PaymentDb,
  paymentIntentIds: readonly string[],
): Promise<RefundRow[]> {
  if (paymentIntentIds.length === 0) return [];
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('payment_intent_id', 'in', [...new Set(paymentIntentIds)])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
