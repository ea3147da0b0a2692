import type { TestClock } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import type { PaymentDeps } from '../deps.ts';
import type { PaymentDb } from '../db/tables.ts';
import { findNextCollectionMoment } from '../modules/invoices/repository.ts';
import { findNextPeriodEnd, findNextTrialReminder } from '../modules/subscriptions/repository.ts';
import { moveTestClockForward } from '../modules/test-clocks/repository.ts';
import { getTestClock, getTestClockRow, testClockInvalid } from '../modules/test-clocks/service.ts';
import { runBilling } from './run-billing.ts';

/**
 * Moves the clock forward to `frozenTime`, stopping at every moment something of its customers
 * falls due (a period end, a collection attempt, a trial reminder) in order and running the billing engine at that
 * moment's time, so a year of monthly renewals, retries and all, carries its real timestamps.
 */
export async function advanceTestClock(
  deps: PaymentDeps,
  input: { testClockId: string; frozenTime: number },
): Promise<TestClock> {
  const clock = await getTestClockRow(deps.db, input.testClockId);
  if (input.frozenTime <= clock.frozen_time) throw testClockInvalid('A test clock only moves forward');
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

/**
 * The earliest moment something of this clock falls due: a period end, a collection attempt or
 * a trial's reminder.
 */
async function findNextDueMoment(db: PaymentDb, testClockId: string): Promise<number | null> {
  const moments = await Promise.all([
    findNextPeriodEnd(db, testClockId),
    findNextCollectionMoment(db, testClockId),
    findNextTrialReminder(db, testClockId),
  ]);
  const due = moments.filter((at): at is number => at !== null);
  return due.length > 0 ? Math.min(...due) : null;
}
