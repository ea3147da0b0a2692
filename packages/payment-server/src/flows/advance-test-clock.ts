import { randomToken, type AdminTestClock, type Invoice } from '@bazaar/schemas';
import { createPeriodicJob, type PeriodicJob } from '@bazaar/server-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentDeps } from '../deps.ts';
import type { PaymentDb } from '../db/tables.ts';
import { findNextCollectionMoment, listClockInvoiceRows } from '../modules/invoices/repository.ts';
import { toInvoices } from '../modules/invoices/service.ts';
import { findNextPeriodEnd, findNextTrialReminder } from '../modules/subscriptions/repository.ts';
import {
  claimIdleTestClockAdvance,
  finishTestClockAdvance,
  recordTestClockStep,
  releaseTestClockAdvance,
  startTestClockAdvance,
} from '../modules/test-clocks/repository.ts';
import { getAdminTestClock, getTestClockRow, testClockInvalid } from '../modules/test-clocks/service.ts';
import { runBilling } from './run-billing.ts';

/** How long an advance is its holder's without a step (real seconds): then any node resumes it. */
const ADVANCE_LEASE_SECONDS = 60;
/** How long `POST /test-clocks/{id}/advance` steps before it answers `advancing` and leaves the rest to the worker. */
export const ADVANCE_REQUEST_BUDGET_MS = 2_000;
/** How long the worker steps one advance in a run before letting it go for the next run. */
const ADVANCE_WORKER_BUDGET_MS = 5_000;
const ADVANCE_WORKER_INTERVAL_MS = 1_000;

/**
 * `POST /test-clocks/{id}/advance`: moves the clock forward to `frozenTime`, stopping at every
 * moment something of its customers falls due (a period end, a collection attempt, a trial
 * reminder), in order, and running the billing engine at that moment's time, so a year of
 * monthly renewals, retries and all, carries its real timestamps. Each moment is a step,
 * committed with what it did, so the dashboard can show the way. The request steps for up to
 * `budgetMs` and answers the clock `advancing` if time ran out (the worker goes on, any node);
 * without a budget it goes to the end.
 */
export async function advanceTestClock(
  deps: PaymentDeps,
  input: { testClockId: string; frozenTime: number; budgetMs?: number },
): Promise<AdminTestClock> {
  const clock = await getTestClockRow(deps.db, input.testClockId);
  if (input.frozenTime <= clock.frozen_time) throw testClockInvalid('A test clock only moves forward');
  const holder = randomToken(12);
  const isStarted = await startTestClockAdvance(deps.db, {
    id: clock.id,
    target: input.frozenTime,
    holder,
    leaseUntil: deps.clock.now() + ADVANCE_LEASE_SECONDS,
  });
  if (!isStarted) throw testClockInvalid('The clock is advancing already; wait until it is ready');
  await stepTestClockAdvance(deps, { id: clock.id, holder, budgetMs: input.budgetMs ?? Infinity });
  return getAdminTestClock(deps.db, clock.id);
}

/**
 * The worker's run: takes over advances nobody holds (their request ran out of time, or their
 * node stopped) and steps each for a while. Answers how many it stepped.
 */
export async function resumeTestClockAdvances(
  deps: PaymentDeps,
  budgetMs = ADVANCE_WORKER_BUDGET_MS,
): Promise<number> {
  // Each advance once a run: one let go for lack of time waits for the next run.
  const resumed: string[] = [];
  for (;;) {
    const holder = randomToken(12);
    const id = await claimIdleTestClockAdvance(deps.db, {
      now: deps.clock.now(),
      holder,
      leaseUntil: deps.clock.now() + ADVANCE_LEASE_SECONDS,
      skipIds: resumed,
    });
    if (!id) return resumed.length;
    await stepTestClockAdvance(deps, { id, holder, budgetMs });
    resumed.push(id);
  }
}

/** Runs `resumeTestClockAdvances` every second. */
export function createTestClockAdvancer(deps: PaymentDeps, logger: FastifyBaseLogger): PeriodicJob {
  return createPeriodicJob({
    task: () => resumeTestClockAdvances(deps),
    intervalMs: ADVANCE_WORKER_INTERVAL_MS,
    logger,
    failureMessage: 'test clock advance failed; the next run retries',
  });
}

/**
 * Steps `holder`'s advance until it reaches its target (ready), a step fails (internal_failure,
 * the clock left where it got to), the advance is no longer theirs, or `budgetMs` ran out (then
 * it is let go at once for the worker). Billing is safe to repeat, so a step cut short by a
 * crash is simply run again by whoever resumes.
 */
async function stepTestClockAdvance(
  deps: PaymentDeps,
  input: { id: string; holder: string; budgetMs: number },
): Promise<void> {
  const { id, holder } = input;
  const deadline = performance.now() + input.budgetMs;
  let last: number | null = null;
  for (;;) {
    const clock = await getTestClockRow(deps.db, id);
    if (clock.status !== 'advancing' || clock.advance_holder !== holder || clock.advance_to === null) return;
    const due = await findNextDueMoment(deps.db, id);
    if (due === null || due > clock.advance_to) {
      await finishTestClockAdvance(deps.db, { id, holder, status: 'ready', time: clock.advance_to });
      return;
    }
    // At least one step a run, so an advance moves even on a budget of nothing.
    if (last !== null && performance.now() >= deadline) {
      await releaseTestClockAdvance(deps.db, { id, holder, now: deps.clock.now() });
      return;
    }
    const at = Math.max(due, clock.frozen_time);
    try {
      // The engine leaves nothing due at the moment it ran; meeting it again would loop for ever.
      if (last !== null && at <= last) throw new Error(`Billing made no progress at ${at}`);
      const { renewed, collected } = await runBilling(deps, { now: at, testClockId: id });
      const isStillHeld = await recordTestClockStep(deps.db, {
        id,
        holder,
        time: at,
        renewals: renewed,
        attempts: collected,
        leaseUntil: deps.clock.now() + ADVANCE_LEASE_SECONDS,
      });
      if (!isStillHeld) return;
    } catch (error) {
      const failure = error instanceof Error ? error.message : String(error);
      await finishTestClockAdvance(deps.db, { id, holder, status: 'internal_failure', failure });
      return;
    }
    last = at;
  }
}

/**
 * `GET /test-clocks/{id}/invoices`: what the latest advance invoiced so far (renewals, plan
 * changes, anything its customers were billed in its span of the clock's time), newest first.
 */
export async function listAdvanceInvoices(
  db: PaymentDb,
  input: { id: string; page: number; pageSize: number },
): Promise<{ list: Invoice[]; count: number }> {
  const clock = await getTestClockRow(db, input.id);
  if (clock.advance_from === null) return { list: [], count: 0 };
  const { rows, count } = await listClockInvoiceRows(
    db,
    { testClockId: clock.id, after: clock.advance_from, until: clock.frozen_time },
    input,
  );
  return { list: await toInvoices(db, rows), count };
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
