import { FAILED_ATTEMPT_EVENT_TYPES } from '../modules/metrics/repository.ts';
import { createPeriodicJob, type Clock, type PeriodicJob } from '@bazaar/server-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentDb } from '../db/tables.ts';
import { deleteEventRowsBefore } from '../modules/events/repository.ts';
import { retentionStart } from '../modules/events/service.ts';
import { deleteDeliveryRowsBefore, deleteRedeliveryRowsBefore } from '../modules/webhooks/repository.ts';

const PRUNE_INTERVAL_MS = 60 * 60 * 1_000;
const PRUNE_BATCH_SIZE = 1_000;

/**
 * Deletes what the event log no longer shows (30 days): the deliveries of older events with their
 * attempts, the redeliveries made before then, and the events the outbox is done with, a batch
 * at a time so no statement holds the tables long. Answers how many of each it deleted.
 */
export async function pruneEventLog(deps: { db: PaymentDb; clock: Clock }) {
  const before = retentionStart(deps.clock);
  const pruned = { deliveries: 0, redeliveries: 0, events: 0 };
  for (;;) {
    const count = await deleteDeliveryRowsBefore(deps.db, before, PRUNE_BATCH_SIZE);
    pruned.deliveries += count;
    if (count < PRUNE_BATCH_SIZE) break;
  }
  // A handful a day at most: one statement.
  pruned.redeliveries = await deleteRedeliveryRowsBefore(deps.db, before);
  for (;;) {
    const count = await deleteEventRowsBefore(deps.db, {
      before,
      // The success rate counts failed attempts from their events over up to a year: they outlive the log.
      kept: FAILED_ATTEMPT_EVENT_TYPES,
      limit: PRUNE_BATCH_SIZE,
    });
    pruned.events += count;
    if (count < PRUNE_BATCH_SIZE) break;
  }
  return pruned;
}

/** Hourly: the event log keeps 30 days, so a day's worth is never more than a few batches. */
export function createEventLogPruner(
  deps: { db: PaymentDb; clock: Clock },
  logger: FastifyBaseLogger,
): PeriodicJob {
  return createPeriodicJob({
    task: () => pruneEventLog(deps),
    intervalMs: PRUNE_INTERVAL_MS,
    logger,
    failureMessage: 'pruning the event log failed; the next run retries',
  });
}
