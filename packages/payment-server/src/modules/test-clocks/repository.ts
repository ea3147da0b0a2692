import type { Insertable, Selectable } from 'kysely';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';
import { BILLABLE_STATUSES } from '../billing/repository.ts';

export type TestClockRow = Selectable<PaymentTables['test_clocks']>;

export async function insertTestClockRow(db: PaymentDb, row: Insertable<PaymentTables['test_clocks']>) {
  await db.insertInto('test_clocks').values(row).execute();
}

export async function findTestClockRow(db: PaymentDb, id: string): Promise<TestClockRow | undefined> {
  return db.selectFrom('test_clocks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves the clock to `time` unless it is already there or later (time never goes back). */
export async function moveTestClockForward(db: PaymentDb, id: string, time: number): Promise<void> {
  await db
    .updateTable('test_clocks')
    .set({ frozen_time: time })
    .where('id', '=', id)
    .where('frozen_time', '<', time)
    .execute();
}

/** The clock's time for a customer attached to one; undefined for a customer in real time. */
export async function findCustomerClockTime(db: PaymentDb, customerId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('customers')
    .innerJoin('test_clocks', 'test_clocks.id', 'customers.test_clock_id')
    .select('test_clocks.frozen_time')
    .where('customers.id', '=', customerId)
    .executeTakeFirst();
  return row?.frozen_time;
}

/** When the customer's latest subscription period began; null without subscriptions. */
export async function findLatestPeriodStart(db: PaymentDb, customerId: string): Promise<number | null> {
  const row = await db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.max('current_period_start').as('start'))
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row?.start === null || row?.start === undefined ? null : Number(row.start);
}

/**
 * Puts a customer in the clock's time: the customer, their subscriptions and their open
 * invoices carry the clock from now on, so the engine renews and collects them when it advances.
 */
export async function attachCustomerToClock(
  db: PaymentDb,
  input: { customerId: string; testClockId: string },
): Promise<void> {
  await db
    .updateTable('customers')
    .set({ test_clock_id: input.testClockId })
    .where('id', '=', input.customerId)
    .execute();
  await db
    .updateTable('subscriptions')
    .set({ test_clock_id: input.testClockId })
    .where('customer_id', '=', input.customerId)
    .execute();
  await db
    .updateTable('invoices')
    .set({ test_clock_id: input.testClockId })
    .where('customer_id', '=', input.customerId)
    .where('status', '=', 'open')
    .execute();
}

/**
 * The earliest moment something of this clock falls due: a period end or a collection attempt
 * (not before its lease runs out: a leased invoice is not collected while the lease runs).
 */
export async function findNextDueMoment(db: PaymentDb, testClockId: string): Promise<number | null> {
  const [renewal, attempt] = await Promise.all([
    db
      .selectFrom('subscriptions')
      .select((eb) => eb.fn.min('current_period_end').as('at'))
      .where('test_clock_id', '=', testClockId)
      .where('status', 'in', BILLABLE_STATUSES)
      .executeTakeFirst(),
    db
      .selectFrom('invoices')
      .select((eb) =>
        eb.fn
          .min(
            eb
              .case()
              .when('collection_lease_until', '>', eb.ref('next_payment_attempt'))
              .then(eb.ref('collection_lease_until'))
              .else(eb.ref('next_payment_attempt'))
              .end(),
          )
          .as('at'),
      )
      .where('test_clock_id', '=', testClockId)
      .where('status', '=', 'open')
      .executeTakeFirst(),
  ]);
  const moments = [renewal?.at, attempt?.at].filter((at): at is number => at !== null && at !== undefined);
  return moments.length > 0 ? Math.min(...moments.map(Number)) : null;
}
