import { asciiLowered, asciiTextContains, countAll, pageWindow } from '@bazaar/server-kit';
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

/** The column each sort of the admin's list orders by; ids break ties, in the same direction. */
const SORT_COLUMNS = { created: 'created_at', name: 'name', email: 'email' } as const;

/**
 * One page of a mode's customers whose name, email or DID contains `q` (A–Z in any case), sorted
 * alike on both databases (names and emails by code point, A–Z folded), with the filter's count.
 */
export async function listCustomerRows(
  db: PaymentDb,
  filter: { livemode: boolean; q?: string | undefined },
  page: {
    page: number;
    pageSize: number;
    sortBy: keyof typeof SORT_COLUMNS;
    sortDirection: 'asc' | 'desc';
  },
): Promise<{ rows: CustomerRow[]; count: number }> {
  const { q } = filter;
  let query = db.selectFrom('customers').where('livemode', '=', filter.livemode ? 1 : 0);
  if (q) {
    query = query.where((eb) =>
      eb.or([
        asciiTextContains(db, 'name', q),
        asciiTextContains(db, 'email', q),
        asciiTextContains(db, 'did', q),
      ]),
    );
  }
  const column = SORT_COLUMNS[page.sortBy];
  const { limit, offset } = pageWindow(page);
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy(column === 'created_at' ? sql.ref(column) : asciiLowered(db, column), page.sortDirection)
      .orderBy('id', page.sortDirection)
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select(countAll().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
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
