import {
  asciiLowered,
  asciiTextContains,
  countAll,
  exportNewestFirst,
  pageWindow,
  type ListExport,
} from '@bazaar/server-kit';
import { sql, type ExpressionBuilder, type Insertable, type Selectable } from 'kysely';
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

/** A customer whose name, email or DID contains `q`, ignoring the case of A–Z only (alike on both databases). */
function containsText(db: PaymentDb, q: string) {
  return (eb: ExpressionBuilder<PaymentTables, 'customers'>) =>
    eb.or([
      asciiTextContains(db, 'name', q),
      asciiTextContains(db, 'email', q),
      asciiTextContains(db, 'did', q),
    ]);
}

export interface CustomerFilter {
  livemode: boolean;
  q?: string | undefined;
}

/** The admin's customer list as searched, which its pages and its export both read. */
function customerListQuery(db: PaymentDb, filter: CustomerFilter) {
  let query = db.selectFrom('customers').where('livemode', '=', filter.livemode ? 1 : 0);
  if (filter.q) query = query.where(containsText(db, filter.q));
  return query;
}

/** The column each sort of the admin's list orders by; ids break ties, in the same direction. */
const SORT_COLUMNS = { created: 'created_at', name: 'name', email: 'email' } as const;

/**
 * One page of a mode's customers whose name, email or DID contains `q` (A–Z in any case), sorted
 * alike on both databases (names and emails by code point, A–Z folded), with the filter's count.
 */
export async function listCustomerRows(
  db: PaymentDb,
  filter: CustomerFilter,
  page: {
    page: number;
    pageSize: number;
    sortBy: keyof typeof SORT_COLUMNS;
    sortDirection: 'asc' | 'desc';
  },
): Promise<{ rows: CustomerRow[]; count: number }> {
  const query = customerListQuery(db, filter);
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

/** Every customer of the filter, newest first, a batch at a time, and how many there are. */
export function exportCustomerRows(db: PaymentDb, filter: CustomerFilter): Promise<ListExport<CustomerRow>> {
  return exportNewestFirst(customerListQuery(db, filter));
}

/** The ids of a mode's customers whose name, email or DID contains `q` (A–Z in any case), for another list's filter. */
export function customerIdsMatching(db: PaymentDb, filter: { livemode: boolean; q: string }) {
  return db
    .selectFrom('customers')
    .select('id')
    .where('livemode', '=', filter.livemode ? 1 : 0)
    .where(containsText(db, filter.q));
}

export async function listCustomerRowsById(db: PaymentDb, ids: readonly string[]): Promise<CustomerRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('customers')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
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

/** The customers living in a test clock's time, oldest first. */
export async function listCustomerRowsOfClock(db: PaymentDb, testClockId: string): Promise<CustomerRow[]> {
  return db
    .selectFrom('customers')
    .selectAll()
    .where('test_clock_id', '=', testClockId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** How many customers live in each of these test clocks (a clock with none is left out). */
export async function countCustomersOfClocks(
  db: PaymentDb,
  testClockIds: readonly string[],
): Promise<Map<string, number>> {
  if (testClockIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('customers')
    .select(['test_clock_id', countAll().as('count')])
    .where('test_clock_id', 'in', [...testClockIds])
    .groupBy('test_clock_id')
    .execute();
  return new Map(rows.map((row) => [row.test_clock_id!, Number(row.count)]));
}
