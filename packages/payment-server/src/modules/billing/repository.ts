import { sql, type Insertable, type RawBuilder, type Selectable, type Updateable } from 'kysely';
import { hasRowLocks } from '../../db/row-locks.ts';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';
import { isLeaseFree, NO_LEASE } from '../invoices/repository.ts';

type InvoiceChanges = Updateable<PaymentTables['invoices']>;
type InvoiceRow = Selectable<PaymentTables['invoices']>;
type SubscriptionRow = Selectable<PaymentTables['subscriptions']>;

/** Links an invoice to the intent that collects it, unless another already does; true when linked. */
export async function linkInvoiceIntent(
  db: PaymentDb,
  input: { invoiceId: string; paymentIntentId: string },
): Promise<boolean> {
  const result = await db
    .updateTable('invoices')
    .set({ payment_intent_id: input.paymentIntentId })
    .where('id', '=', input.invoiceId)
    .where('payment_intent_id', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Records one collection attempt on each open invoice, only where nobody recorded it first: the
 * attempt count read before charging must still be the count. The collection lease ends with
 * it. One statement per distinct count read; answers the ids this call recorded.
 */
export async function recordInvoiceAttempts(
  db: PaymentDb,
  input: { invoices: readonly { id: string; readAttemptCount: number }[]; changes: InvoiceChanges },
): Promise<Set<string>> {
  const byCount = new Map<number, string[]>();
  for (const invoice of input.invoices) {
    byCount.set(invoice.readAttemptCount, [...(byCount.get(invoice.readAttemptCount) ?? []), invoice.id]);
  }
  const recorded = new Set<string>();
  for (const [count, ids] of byCount) {
    const rows = await db
      .updateTable('invoices')
      .set({ ...input.changes, attempt_count: count + 1, ...NO_LEASE })
      .where('id', 'in', ids)
      .where('status', '=', 'open')
      .where('attempt_count', '=', count)
      .returning('id')
      .execute();
    for (const row of rows) recorded.add(row.id);
  }
  return recorded;
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

/** The subscription statuses that renew at period end (see `isBillable`). */
export const BILLABLE_STATUSES = ['trialing', 'active', 'past_due'];

/** `where` arguments for the rows of one test clock, or (null) the rows that live in real time. */
const inClock = (testClockId: string | null) => [testClockId === null ? 'is' : '=', testClockId] as const;

/**
 * Due subscriptions for one renewal batch. On PostgreSQL the rows stay
 * locked until the caller's transaction ends and rows another worker holds are skipped, so two
 * workers never renew the same subscription; SQLite's single writer gives the same guarantee.
 */
export async function claimDueSubscriptionRows(
  db: PaymentDb,
  input: { now: number; testClockId: string | null; limit: number; skipIds: readonly string[] },
): Promise<SubscriptionRow[]> {
  return (
    db
      .selectFrom('subscriptions')
      .selectAll()
      .where('test_clock_id', ...inClock(input.testClockId))
      .$if(input.skipIds.length > 0, (query) => query.where('id', 'not in', [...input.skipIds]))
      .where('status', 'in', BILLABLE_STATUSES)
      .where('current_period_end', '<=', input.now)
      // No ORDER BY: over three statuses it would sort every due row for each batch; the
      // (test_clock_id, status, current_period_end) index hands out due rows as they come.
      .limit(input.limit)
      .$if(hasRowLocks(db), (query) => query.forUpdate().skipLocked())
      .execute()
  );
}

/**
 * Open invoices due for a collection attempt whose lease is free, leased to the engine until
 * `leaseUntil`: another worker (or a later run) leaves them alone while this one charges, and so
 * does the payer's invoice page. Their next attempt stays as scheduled; recording the outcome
 * ends the lease. Run it in a transaction of its own.
 */
export async function claimDueInvoiceRows(
  db: PaymentDb,
  input: { now: number; testClockId: string | null; limit: number; leaseUntil: number },
): Promise<InvoiceRow[]> {
  const rows = await db
    .selectFrom('invoices')
    .selectAll()
    .where('test_clock_id', ...inClock(input.testClockId))
    .where('status', '=', 'open')
    .where('next_payment_attempt', '<=', input.now)
    .where(isLeaseFree(input.now))
    // The index's own order: a tie-breaker would sort every due invoice for each batch.
    .orderBy('next_payment_attempt')
    .limit(input.limit)
    .$if(hasRowLocks(db), (query) => query.forUpdate().skipLocked())
    .execute();
  if (rows.length > 0) {
    await db
      .updateTable('invoices')
      .set({ collection_lease_until: input.leaseUntil, collection_lease_holder: 'engine' })
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
  }
  return rows;
}

export async function listSubscriptionRowsById(
  db: PaymentDb,
  ids: readonly string[],
): Promise<SubscriptionRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

export interface SubscriptionAdvance {
  id: string;
  /** The status the renewal was planned from; a subscription no longer in it is left alone. */
  fromStatus: string;
  status: string;
  periodStart: number;
  periodEnd: number;
  latestInvoiceId: string;
}

/**
 * Moves renewed subscriptions into their next period, in one statement for the whole batch
 * (CASE on the id picks each row's values); answers the ids that moved.
 */
export async function advanceSubscriptionRows(
  db: PaymentDb,
  input: { rows: readonly SubscriptionAdvance[]; now: number },
): Promise<Set<string>> {
  if (input.rows.length === 0) return new Set();
  const byId = <T>(value: (row: SubscriptionAdvance) => RawBuilder<unknown>) =>
    sql<T>`CASE id ${sql.join(
      input.rows.map((row) => sql`WHEN ${row.id} THEN ${value(row)}`),
      sql` `,
    )} END`;
  // Parameters arrive untyped; PostgreSQL needs the numbers cast to the column's type.
  const bigint = (pick: (row: SubscriptionAdvance) => number) =>
    byId<number>((row) => sql`CAST(${pick(row)} AS bigint)`);
  const text = (pick: (row: SubscriptionAdvance) => string) => byId<string>((row) => sql`${pick(row)}`);
  const rows = await db
    .updateTable('subscriptions')
    .set({
      status: text((row) => row.status),
      current_period_start: bigint((row) => row.periodStart),
      current_period_end: bigint((row) => row.periodEnd),
      latest_invoice_id: text((row) => row.latestInvoiceId),
      updated_at: input.now,
    })
    .where(
      'id',
      'in',
      input.rows.map((row) => row.id),
    )
    .where(
      'status',
      '=',
      text((row) => row.fromStatus),
    )
    .returning('id')
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** The customers' credit ledger entries (sum them per currency for a balance). */
export async function listBalanceRows(
  db: PaymentDb,
  customerIds: readonly string[],
): Promise<
  Pick<Selectable<PaymentTables['customer_balance_transactions']>, 'customer_id' | 'currency_id' | 'amount'>[]
> {
  if (customerIds.length === 0) return [];
  return db
    .selectFrom('customer_balance_transactions')
    .select(['customer_id', 'currency_id', 'amount'])
    .where('customer_id', 'in', [...new Set(customerIds)])
    .execute();
}

/** A renewal batch's new rows, one multi-row insert per table. */
export async function insertRenewalRows(
  db: PaymentDb,
  rows: {
    invoices: readonly Insertable<PaymentTables['invoices']>[];
    lines: readonly Insertable<PaymentTables['invoice_lines']>[];
    intents: readonly PaymentTables['payment_intents'][];
    balanceTransactions: readonly Insertable<PaymentTables['customer_balance_transactions']>[];
  },
): Promise<void> {
  // Chunks keep every statement under the databases' bound-parameter limits.
  for (const chunk of chunks(rows.invoices)) await db.insertInto('invoices').values(chunk).execute();
  for (const chunk of chunks(rows.lines)) await db.insertInto('invoice_lines').values(chunk).execute();
  for (const chunk of chunks(rows.intents)) await db.insertInto('payment_intents').values(chunk).execute();
  for (const chunk of chunks(rows.balanceTransactions))
    await db.insertInto('customer_balance_transactions').values(chunk).execute();
}

const ROWS_PER_INSERT = 500;

function chunks<T>(rows: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < rows.length; index += ROWS_PER_INSERT) {
    result.push(rows.slice(index, index + ROWS_PER_INSERT));
  }
  return result;
}
