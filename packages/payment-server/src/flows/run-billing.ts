import { AppError, createPeriodicJob, type PeriodicJob } from '@bazaar/server-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentDeps } from '../deps.ts';
import { collectDueInvoices } from './collect-invoice.ts';
import { remindTrialEnds } from './remind-trial-ends.ts';
import { renewDueSubscriptions } from './renew-subscriptions.ts';

export const BILLING_INTERVAL_MS = 60_000;

/**
 * Announces trials ending within three days, then renews and collects everything due at `now`
 * for one test clock (or, null, for real time),
 * again and again until nothing is: a subscription several periods behind renews once per
 * round, and a retry that is already due is tried in the next round. Subscriptions that could
 * not be renewed are reported at the end, after everything else was done. `batchSize` rows are
 * claimed at a time (default `BILLING_BATCH_SIZE`).
 */
export async function runBilling(
  deps: PaymentDeps,
  input: { now: number; testClockId: string | null; batchSize?: number },
): Promise<{ renewed: number; collected: number }> {
  let renewed = 0;
  let collected = 0;
  const problems = new Map<string, string>();
  // Before renewing: a trial that ends at `now` is announced before its first invoice.
  await remindTrialEnds(deps, input);
  for (;;) {
    const renewal = await renewDueSubscriptions(deps, { ...input, skipIds: [...problems.keys()] });
    for (const [id, problem] of renewal.problems) problems.set(id, problem);
    const attempts = await collectDueInvoices(deps, input);
    renewed += renewal.renewed;
    collected += attempts;
    if (renewal.renewed === 0 && attempts === 0) break;
  }
  if (problems.size > 0) {
    const list = [...problems].map(([id, problem]) => `${id}: ${problem}`).join('; ');
    throw new AppError('INTERNAL', `Some subscriptions could not be renewed: ${list}`);
  }
  return { renewed, collected };
}

/**
 * Runs `runBilling` on the system clock every minute over the rows that live in real time
 * (test clocks move only when advanced).
 */
export function createBillingWorker(deps: PaymentDeps, logger: FastifyBaseLogger): PeriodicJob {
  return createPeriodicJob({
    task: () => runBilling(deps, { now: deps.clock.now(), testClockId: null }),
    intervalMs: BILLING_INTERVAL_MS,
    logger,
    failureMessage: 'billing run failed; the next run retries',
  });
}
