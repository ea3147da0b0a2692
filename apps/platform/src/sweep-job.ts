import {
  createPeriodicJob,
  sweepExpiredIdempotencyKeys,
  type Clock,
  type Database,
  type PeriodicJob,
} from '@bazaar/server-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { PlatformLimits } from './limits.ts';
import { deleteExpiredRows, EXPIRING_TABLES, type ExpiringTable } from './user-service/repository.ts';

export type SweepCounts = Record<ExpiringTable | 'idempotency_keys', number>;

/**
 * Deletes what nothing reads any more: expired nonces, sessions, email codes and rate counters,
 * and idempotency keys past their 24 h. Each table is swept through its index, in batches.
 * Nodes may sweep at the same time; a row is deleted once either way.
 */
export async function sweepExpiredRows(input: {
  database: Database;
  clock: Clock;
  batchSize: number;
}): Promise<SweepCounts> {
  const sweep = { now: input.clock.now(), batchSize: input.batchSize };
  const counts: Partial<SweepCounts> = {};
  for (const table of EXPIRING_TABLES) {
    counts[table] = await deleteExpiredRows(input.database.db, table, sweep);
  }
  counts.idempotency_keys = await sweepExpiredIdempotencyKeys(input.database.db, sweep);
  return counts as SweepCounts;
}

/** The platform's sweep, every `sweepIntervalSeconds`; the platform starts it when it listens. */
export function createSweepJob(input: {
  database: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  limits: Pick<PlatformLimits, 'sweepIntervalSeconds' | 'sweepBatchSize'>;
}): PeriodicJob {
  return createPeriodicJob({
    task: () =>
      sweepExpiredRows({
        database: input.database,
        clock: input.clock,
        batchSize: input.limits.sweepBatchSize,
      }),
    intervalMs: input.limits.sweepIntervalSeconds * 1_000,
    logger: input.logger,
    failureMessage: 'sweeping expired rows failed',
  });
}
