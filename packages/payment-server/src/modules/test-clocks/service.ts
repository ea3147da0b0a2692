import {
  TEST_CLOCK_STATUSES,
  newId,
  type AdminTestClock,
  type AdminTestClockDetails,
  type TestClock,
} from '@bazaar/schemas';
import { AppError, mapBatches, notFound, type Clock, type ListExport } from '@bazaar/server-kit';
import { z } from 'zod';
import type { PaymentDb } from '../../db/tables.ts';
import type { PaymentDeps } from '../../deps.ts';
import {
  countCustomersOfClocks,
  findCustomerRow,
  listCustomerRowsOfClock,
  moveCustomerToClock,
} from '../customers/repository.ts';
import { moveOpenInvoicesToClock } from '../invoices/repository.ts';
import { findLatestPeriodStart, moveSubscriptionsToClock } from '../subscriptions/repository.ts';
import {
  exportTestClockRows,
  findTestClockRow,
  insertTestClockRow,
  listTestClockPage,
  type TestClockRow,
} from './repository.ts';

const statusColumn = z.enum(TEST_CLOCK_STATUSES);

function toTestClock(row: TestClockRow): TestClock {
  return {
    id: row.id,
    object: 'test_clock',
    name: row.name,
    frozen_time: row.frozen_time,
    livemode: false,
    created_at: row.created_at,
  };
}

function toAdminTestClock(row: TestClockRow, customerCount: number): AdminTestClock {
  return {
    ...toTestClock(row),
    status: statusColumn.parse(row.status),
    customer_count: customerCount,
    advance:
      row.advance_from === null || row.advance_to === null
        ? null
        : {
            from_time: row.advance_from,
            target_frozen_time: row.advance_to,
            renewals: row.advance_renewals,
            payment_attempts: row.advance_attempts,
            failure_message: row.advance_failure,
          },
  };
}

/** A test clock asked to do what time cannot: start in the past, run backwards, or hold a live customer. */
export function testClockInvalid(message: string): AppError {
  return new AppError('TEST_CLOCK_INVALID', message);
}

export async function createTestClock(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  input: { name: string; frozen_time?: number | undefined },
): Promise<AdminTestClock> {
  const now = deps.clock.now();
  const frozenTime = input.frozen_time ?? now;
  if (frozenTime < now) throw testClockInvalid('A test clock starts at or after the present');
  const row = {
    id: newId('testClock'),
    name: input.name,
    frozen_time: frozenTime,
    livemode: 0,
    created_at: now,
  };
  await insertTestClockRow(deps.db, row);
  return getAdminTestClock(deps.db, row.id);
}

/** `GET /test-clocks`: a page of the clocks, newest first, each with how many customers live in it. */
export async function listTestClocks(
  db: PaymentDb,
  page: { page: number; pageSize: number },
): Promise<{ list: AdminTestClock[]; count: number }> {
  const { rows, count } = await listTestClockPage(db, page);
  return { list: await toAdminTestClocks(db, rows), count };
}

/**
 * `GET /test-clocks/export.csv`: every clock, newest first, with how many customers live in each;
 * none in live mode, whose time is the world's.
 */
export async function exportTestClocks(
  db: PaymentDb,
  livemode: boolean,
): Promise<ListExport<AdminTestClock>> {
  if (livemode) return { total: 0, records: (async function* () {})() };
  const rows = await exportTestClockRows(db);
  return { total: rows.total, records: mapBatches(rows.records, (batch) => toAdminTestClocks(db, batch)) };
}

async function toAdminTestClocks(db: PaymentDb, rows: readonly TestClockRow[]): Promise<AdminTestClock[]> {
  const customerCounts = await countCustomersOfClocks(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toAdminTestClock(row, customerCounts.get(row.id) ?? 0));
}

export async function getAdminTestClock(db: PaymentDb, id: string): Promise<AdminTestClock> {
  const [clock] = await toAdminTestClocks(db, [await getTestClockRow(db, id)]);
  return clock!;
}

/** `GET /test-clocks/{id}`: the clock, its latest advance, and the customers living in it. */
export async function getTestClockDetails(db: PaymentDb, id: string): Promise<AdminTestClockDetails> {
  const row = await getTestClockRow(db, id);
  const customers = await listCustomerRowsOfClock(db, id);
  return {
    ...toAdminTestClock(row, customers.length),
    customers: customers.map((customer) => ({
      id: customer.id,
      name: customer.name,
      email: customer.email,
    })),
  };
}

export async function getTestClockRow(db: PaymentDb, id: string): Promise<TestClockRow> {
  const row = await findTestClockRow(db, id);
  if (!row) throw notFound('test clock', id);
  return row;
}

export async function getTestClock(db: PaymentDb, id: string): Promise<TestClock> {
  return toTestClock(await getTestClockRow(db, id));
}

/**
 * Puts a test-mode customer in the clock's time, with their subscriptions and open invoices.
 * The clock may not stand before the customer's latest period began: renewals would run backwards.
 */
export async function attachTestClockCustomer(
  deps: Pick<PaymentDeps, 'db'>,
  input: { testClockId: string; customerId: string },
): Promise<AdminTestClock> {
  await deps.db.transaction().execute(async (trx) => {
    const clock = await getTestClockRow(trx, input.testClockId);
    const customer = await findCustomerRow(trx, input.customerId);
    if (!customer) throw notFound('customer', input.customerId);
    if (customer.livemode !== 0) throw testClockInvalid('Only test-mode customers can live in a test clock');
    // Stripe's rule too: nothing joins a clock while its time moves.
    if (clock.status === 'advancing')
      throw testClockInvalid('The clock is advancing; wait until it is ready');
    if (customer.test_clock_id && customer.test_clock_id !== clock.id) {
      throw testClockInvalid(`The customer already lives in test clock ${customer.test_clock_id}`);
    }
    const periodStart = await findLatestPeriodStart(trx, customer.id);
    if (periodStart !== null && clock.frozen_time < periodStart) {
      throw testClockInvalid("The clock stands before the customer's current subscription period began");
    }
    // The customer, their subscriptions and their open invoices carry the clock from now on, so
    // the engine renews and collects them when it advances.
    const moved = { customerId: customer.id, testClockId: clock.id };
    await moveCustomerToClock(trx, moved);
    await moveSubscriptionsToClock(trx, moved);
    await moveOpenInvoicesToClock(trx, moved);
  });
  return getAdminTestClock(deps.db, input.testClockId);
}

/**
 * What time it is for a customer: their test clock's, or the system's when they have none (or
 * there is no customer, as for a guest's intent before it has one).
 */
export async function customerNow(db: PaymentDb, clock: Clock, customerId: string | null): Promise<number> {
  const testClockId = customerId ? (await findCustomerRow(db, customerId))?.test_clock_id : null;
  const testClock = testClockId ? await findTestClockRow(db, testClockId) : undefined;
  return testClock?.frozen_time ?? clock.now();
}
