import { newId, type TestClock } from '@bazaar/schemas';
import { AppError, notFound, type Clock } from '@bazaar/server-kit';
import type { PaymentDb } from '../../db/tables.ts';
import type { PaymentDeps } from '../../deps.ts';
import { runBilling } from '../../flows/run-billing.ts';
import { findCustomerRow } from '../customers/repository.ts';
import {
  attachCustomerToClock,
  findCustomerClockTime,
  findLatestPeriodStart,
  findNextDueMoment,
  findTestClockRow,
  insertTestClockRow,
  moveTestClockForward,
  type TestClockRow,
} from './repository.ts';

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

function invalid(message: string): AppError {
  return new AppError('TEST_CLOCK_INVALID', message);
}

export async function createTestClock(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  input: { name: string; frozen_time?: number | undefined },
): Promise<TestClock> {
  const now = deps.clock.now();
  const frozenTime = input.frozen_time ?? now;
  if (frozenTime < now) throw invalid('A test clock starts at or after the present');
  const row = {
    id: newId('testClock'),
    name: input.name,
    frozen_time: frozenTime,
    livemode: 0,
    created_at: now,
  };
  await insertTestClockRow(deps.db, row);
  return toTestClock(row);
}

async function findClockOrThrow(db: PaymentDb, id: string): Promise<TestClockRow> {
  const row = await findTestClockRow(db, id);
  if (!row) throw notFound('test clock', id);
  return row;
}

export async function getTestClock(db: PaymentDb, id: string): Promise<TestClock> {
  return toTestClock(await findClockOrThrow(db, id));
}

/**
 * Puts a test-mode customer in the clock's time, with their subscriptions and open invoices.
 * The clock may not stand before the customer's latest period began: renewals would run backwards.
 */
export async function attachTestClockCustomer(
  deps: Pick<PaymentDeps, 'db'>,
  input: { testClockId: string; customerId: string },
): Promise<TestClock> {
  return deps.db.transaction().execute(async (trx) => {
    const clock = await findClockOrThrow(trx, input.testClockId);
    const customer = await findCustomerRow(trx, input.customerId);
    if (!customer) throw notFound('customer', input.customerId);
    if (customer.livemode !== 0) throw invalid('Only test-mode customers can live in a test clock');
    if (customer.test_clock_id && customer.test_clock_id !== clock.id) {
      throw invalid(`The customer already lives in test clock ${customer.test_clock_id}`);
    }
    const periodStart = await findLatestPeriodStart(trx, customer.id);
    if (periodStart !== null && clock.frozen_time < periodStart) {
      throw invalid("The clock stands before the customer's current subscription period began");
    }
    await attachCustomerToClock(trx, { customerId: customer.id, testClockId: clock.id });
    return toTestClock(clock);
  });
}

/**
 * Moves the clock forward to `frozenTime`, stopping at every moment something of its customers
 * falls due (a period end, a collection attempt) in order and running the billing engine at that
 * moment's time, so a year of monthly renewals, retries and all, carries its real timestamps.
 */
export async function advanceTestClock(
  deps: PaymentDeps,
  input: { testClockId: string; frozenTime: number },
): Promise<TestClock> {
  const clock = await findClockOrThrow(deps.db, input.testClockId);
  if (input.frozenTime <= clock.frozen_time) throw invalid('A test clock only moves forward');
  let last: number | null = null;
  for (;;) {
    const due = await findNextDueMoment(deps.db, clock.id);
    if (due === null || due > input.frozenTime) break;
    const at = Math.max(due, clock.frozen_time);
    // The engine leaves nothing due at the moment it ran; meeting it again would loop for ever.
    if (last !== null && at <= last) throw new AppError('INTERNAL', `Billing made no progress at ${at}`);
    await runBilling(deps, { now: at, testClockId: clock.id });
    await moveTestClockForward(deps.db, clock.id, at);
    last = at;
  }
  await moveTestClockForward(deps.db, clock.id, input.frozenTime);
  return getTestClock(deps.db, clock.id);
}

/** What time it is for a customer: their test clock's, or the system's when they have none. */
export async function customerNow(db: PaymentDb, clock: Clock, customerId: string): Promise<number> {
  return (await findCustomerClockTime(db, customerId)) ?? clock.now();
}
