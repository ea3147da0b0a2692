import { createPeriodicJob, type PeriodicJob } from '@bazaar/server-kit';
import type { FastifyBaseLogger } from 'fastify';
import { fromFlag } from '../../db/json.ts';
import type { PaymentDb } from '../../db/tables.ts';
import type { PaymentDeps } from '../../deps.ts';
import { recordEvents } from '../events/service.ts';
import { cancelPayableIntent } from '../payment-intents/service.ts';
import {
  claimExpiredSession,
  claimLapsedHold,
  deleteAbandonedSessions,
  findCheckoutSessionRow,
  listExpiredOpenSessionIds,
  listLapsedHoldIds,
} from './repository.ts';
import { sessionLines } from './service.ts';
import { releaseLines, releaseReservation } from './stock.ts';

export const SESSION_SWEEP_INTERVAL_MS = 30_000;
const SWEEP_BATCH_SIZE = 100;

/**
 * Settles, batch after batch, the sessions `list` finds due at `now`: each in its own transaction
 * whose `settle` first claims the row with a conditional update and answers false when another
 * node (or a payer) got there first. Returns how many this call settled.
 */
async function settleDueSessions(
  deps: PaymentDeps,
  list: (db: PaymentDb, now: number, limit: number) => Promise<string[]>,
  settle: (trx: PaymentDb, id: string, now: number) => Promise<boolean>,
): Promise<number> {
  let settled = 0;
  for (;;) {
    const now = deps.clock.now();
    const ids = await list(deps.db, now, SWEEP_BATCH_SIZE);
    for (const id of ids) {
      if (await deps.db.transaction().execute((trx) => settle(trx, id, now))) settled += 1;
    }
    if (ids.length < SWEEP_BATCH_SIZE) return settled;
  }
}

/**
 * Expires every open session past `expires_at`: each one's status, its stock and its
 * `checkout.session.expired` event commit together, so the event is written exactly once and the
 * units come back exactly once, even with several nodes sweeping. Returns how many it expired.
 */
export async function expireOverdueSessions(deps: PaymentDeps): Promise<number> {
  const expired = await settleDueSessions(deps, listExpiredOpenSessionIds, async (trx, id, now) => {
    if (!(await claimExpiredSession(trx, id, now))) return false;
    const row = await findCheckoutSessionRow(trx, id);
    if (!row) return false;
    await releaseReservation(trx, id, sessionLines(row));
    if (row.payment_intent_id)
      await cancelPayableIntent({ db: trx, clock: deps.clock }, row.payment_intent_id);
    await recordEvents(trx, {
      now,
      livemode: fromFlag(row.livemode),
      payloads: [{ type: 'checkout.session.expired', data: { id } }],
    });
    return true;
  });
  if (expired > 0) await deps.flushEvents();
  return expired;
}

/**
 * Gives back the stock of open sessions whose hold lapsed; the session stays open, and paying it
 * later takes the units again if they are still there. Returns how many holds it ended.
 */
export function releaseLapsedHolds(deps: PaymentDeps): Promise<number> {
  return settleDueSessions(deps, listLapsedHoldIds, async (trx, id, now) => {
    if (!(await claimLapsedHold(trx, id, now))) return false;
    const row = await findCheckoutSessionRow(trx, id);
    if (row) await releaseLines(trx, sessionLines(row));
    return true;
  });
}

/** Deletes sessions that expired unsubmitted longer ago than the retention, in batches. */
export async function deleteAbandoned(deps: PaymentDeps): Promise<number> {
  const before = deps.clock.now() - deps.limits.abandonedSessionRetentionSeconds;
  let deleted = 0;
  for (;;) {
    const count = await deleteAbandonedSessions(deps.db, before, SWEEP_BATCH_SIZE);
    deleted += count;
    if (count < SWEEP_BATCH_SIZE) return deleted;
  }
}

/** Every 30 s: expires overdue sessions, ends lapsed stock holds and deletes abandoned sessions. */
export function createSessionSweeper(deps: PaymentDeps, logger: FastifyBaseLogger): PeriodicJob {
  return createPeriodicJob({
    task: async () => {
      await expireOverdueSessions(deps);
      await releaseLapsedHolds(deps);
      await deleteAbandoned(deps);
    },
    intervalMs: SESSION_SWEEP_INTERVAL_MS,
    logger,
    failureMessage: 'expiring checkout sessions failed; the next sweep retries',
  });
}
