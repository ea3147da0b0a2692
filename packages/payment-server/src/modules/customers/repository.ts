import { sql, type Insertable, type Selectable } from 'kysely';
import { hasRowLocks } from '../../db/row-locks.ts';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type CustomerRow = Selectable<PaymentTables['customers']>;

export async function findCustomerRowByDid(db: PaymentDb, did: string, livemode: boolean) {
  return db
    .selectFrom('customers')
    .selectAll()
    .where('did', '=', did)
    .where('livemode', '=', livemode ? 1 : 0)
    .executeTakeFirst();
}

export async function findCustomerRow(db: PaymentDb, id: string) {
  return db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listCustomerDids(db: PaymentDb, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('customers')
    .select(['id', 'did'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** One customer per (did, livemode): a concurrent first purchase updates the row the other created. */
export async function upsertCustomerRow(
  db: PaymentDb,
  row: Insertable<PaymentTables['customers']>,
): Promise<CustomerRow> {
  return db
    .insertInto('customers')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['did', 'livemode']).doUpdateSet({
        name: row.name,
        email: row.email,
        phone: row.phone,
        address: row.address,
        updated_at: row.updated_at,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Advances the customer's invoice counter under the row lock and returns the new value. */
export async function nextInvoiceSequence(db: PaymentDb, customerId: string): Promise<CustomerRow> {
  return db
    .updateTable('customers')
    .set({ invoice_sequence: sql<number>`invoice_sequence + 1` })
    .where('id', '=', customerId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Advances the invoice counter of each customer by `by`; answers the new values. */
export async function advanceInvoiceSequences(
  db: PaymentDb,
  customerIds: readonly string[],
  by: number,
): Promise<Pick<CustomerRow, 'id' | 'invoice_prefix' | 'invoice_sequence'>[]> {
  if (customerIds.length === 0) return [];
  return db
    .updateTable('customers')
    .set({ invoice_sequence: sql<number>`invoice_sequence + ${by}` })
    .where('id', 'in', [...customerIds])
    .returning(['id', 'invoice_prefix', 'invoice_sequence'])
    .execute();
}

/** Locks customers in id order (PostgreSQL), so two workers locking overlapping sets cannot deadlock. */
export async function lockCustomerRows(db: PaymentDb, customerIds: readonly string[]): Promise<void> {
  if (customerIds.length === 0 || !hasRowLocks(db)) return;
  await db
    .selectFrom('customers')
    .select('id')
    .where('id', 'in', [...customerIds])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** The customer lives in the test clock's time from now on. */
export async function moveCustomerToClock(
  db: PaymentDb,
  input: { customerId: string; testClockId: string },
): Promise<void> {
  await db
    .updateTable('customers')
    .set({ test_clock_id: input.testClockId })
    .where('id', '=', input.customerId)
    .execute();
}
