import { exportNewestFirst, insertRows, newestFirstPage, type ListExport } from '@bazaar/server-kit';
import type { Insertable, Selectable } from 'kysely';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type TestClockRow = Selectable<PaymentTables['test_clocks']>;

export async function insertTestClockRow(db: PaymentDb, row: Insertable<PaymentTables['test_clocks']>) {
  await insertRows(db, 'test_clocks', [row]);
}

export async function findTestClockRow(db: PaymentDb, id: string): Promise<TestClockRow | undefined> {
  return db.selectFrom('test_clocks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One page of the test clocks, newest first (they exist in test mode only). */
export async function listTestClockPage(
  db: PaymentDb,
  page: { page: number; pageSize: number },
): Promise<{ rows: TestClockRow[]; count: number }> {
  return newestFirstPage(db.selectFrom('test_clocks'), page);
}

export function exportTestClockRows(db: PaymentDb): Promise<ListExport<TestClockRow>> {
  return exportNewestFirst(db.selectFrom('test_clocks'));
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

/**
 * Starts an advance to `target` held by `holder` until `leaseUntil`, unless one is under way:
 * true when started. The clock's frozen time is read in the same statement, so the advance
 * starts from where the clock stands.
 */
export async function startTestClockAdvance(
  db: PaymentDb,
  input: { id: string; target: number; holder: string; leaseUntil: number },
): Promise<boolean> {
  const result = await db
    .updateTable('test_clocks')
    .set((eb) => ({
      status: 'advancing',
      advance_from: eb.ref('frozen_time'),
      advance_to: input.target,
      advance_renewals: 0,
      advance_attempts: 0,
      advance_failure: null,
      advance_holder: input.holder,
      advance_lease_until: input.leaseUntil,
    }))
    .where('id', '=', input.id)
    .where('status', '!=', 'advancing')
    .where('frozen_time', '<', input.target)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Takes over for `holder` one advance nobody holds (its lease ran out, or its holder let it go),
 * other than `skipIds`: its id, or undefined when there is none. Conditional, so two nodes never
 * take the same one.
 */
export async function claimIdleTestClockAdvance(
  db: PaymentDb,
  input: { now: number; holder: string; leaseUntil: number; skipIds: readonly string[] },
): Promise<string | undefined> {
  let query = db
    .selectFrom('test_clocks')
    .select(['id', 'advance_holder'])
    .where('status', '=', 'advancing')
    .where('advance_lease_until', '<', input.now);
  if (input.skipIds.length > 0) query = query.where('id', 'not in', [...input.skipIds]);
  const idle = await query.orderBy('advance_lease_until').limit(1).executeTakeFirst();
  if (!idle) return undefined;
  const result = await db
    .updateTable('test_clocks')
    .set({ advance_holder: input.holder, advance_lease_until: input.leaseUntil })
    .where('id', '=', idle.id)
    .where('status', '=', 'advancing')
    .where('advance_lease_until', '<', input.now)
    .where('advance_holder', '=', idle.advance_holder)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n ? idle.id : undefined;
}

/**
 * Records a step of `holder`'s advance (steps only go forward): the clock stands at `time`,
 * having made `renewals` and `attempts` more, and the lease is extended. False when the advance
 * is no longer theirs.
 */
export async function recordTestClockStep(
  db: PaymentDb,
  input: { id: string; holder: string; time: number; renewals: number; attempts: number; leaseUntil: number },
): Promise<boolean> {
  const result = await db
    .updateTable('test_clocks')
    .set((eb) => ({
      frozen_time: input.time,
      advance_renewals: eb('advance_renewals', '+', input.renewals),
      advance_attempts: eb('advance_attempts', '+', input.attempts),
      advance_lease_until: input.leaseUntil,
    }))
    .where('id', '=', input.id)
    .where('status', '=', 'advancing')
    .where('advance_holder', '=', input.holder)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Ends `holder`'s advance: `ready` at its target, or `internal_failure` with why. */
export async function finishTestClockAdvance(
  db: PaymentDb,
  input: { id: string; holder: string } & (
    { status: 'ready'; time: number } | { status: 'internal_failure'; failure: string }
  ),
): Promise<void> {
  await db
    .updateTable('test_clocks')
    .set({
      status: input.status,
      ...(input.status === 'ready' ? { frozen_time: input.time } : { advance_failure: input.failure }),
      advance_holder: null,
      advance_lease_until: null,
    })
    .where('id', '=', input.id)
    .where('status', '=', 'advancing')
    .where('advance_holder', '=', input.holder)
    .execute();
}

/** Lets `holder`'s advance go for any node to pick up at once (its lease ends now). */
export async function releaseTestClockAdvance(
  db: PaymentDb,
  input: { id: string; holder: string; now: number },
): Promise<void> {
  await db
    .updateTable('test_clocks')
    .set({ advance_lease_until: input.now - 1 })
    .where('id', '=', input.id)
    .where('status', '=', 'advancing')
    .where('advance_holder', '=', input.holder)
    .execute();
}
