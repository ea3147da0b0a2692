import { insertRows, pageWindow } from '@bazaar/server-kit';
import { sql } from 'kysely';
import { hasRowLocks } from '../../db/row-locks.ts';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type EventRow = PaymentTables['events'];

export async function insertEventRows(db: PaymentDb, rows: readonly EventRow[]): Promise<void> {
  await insertRows(db, 'events', rows);
}

/** Where the events of second `at` continue: one past the last position written in it. */
export async function nextEventPosition(db: PaymentDb, at: number): Promise<number> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('created_at', '=', at)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

/**
 * The oldest events not relayed yet. On PostgreSQL they stay locked until the caller's
 * transaction ends, and events another node is relaying are skipped, so each is relayed by one.
 */
export async function lockUnrelayedRows(db: PaymentDb, limit: number): Promise<EventRow[]> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('relayed_at', 'is', null)
    .orderBy('created_at')
    .orderBy('position')
    .orderBy('id')
    .limit(limit)
    .$if(hasRowLocks(db), (query) => query.forUpdate().skipLocked())
    .execute();
}

export async function markRelayed(db: PaymentDb, ids: readonly string[], at: number): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('events').set({ relayed_at: at }).where('id', 'in', ids).execute();
}

export async function listEventRowsByIds(db: PaymentDb, ids: readonly string[]): Promise<EventRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('events').selectAll().where('id', 'in', ids).execute();
}

export async function findEventRow(db: PaymentDb, id: string): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Newest first: in a second, the last written first (its position). */
export async function listEventRows(
  db: PaymentDb,
  filter: { livemode: number; since: number; type?: string; objectId?: string },
  page: { page: number; pageSize: number },
): Promise<{ rows: EventRow[]; count: number }> {
  let query = db
    .selectFrom('events')
    .where('livemode', '=', filter.livemode)
    .where('created_at', '>=', filter.since);
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.objectId) query = query.where('object_id', '=', filter.objectId);
  const { limit, offset } = pageWindow(page);
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('position', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}

/**
 * Up to `limit` events whose webhook deliveries are not queued yet, oldest first. On
 * PostgreSQL, rows another node is queueing are skipped, so each event is queued once.
 */
export async function lockUnqueuedEventRows(db: PaymentDb, limit: number): Promise<EventRow[]> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('webhooks_queued_at', 'is', null)
    .orderBy('created_at')
    .orderBy('position')
    .limit(limit)
    .$if(hasRowLocks(db), (query) => query.forUpdate().skipLocked())
    .execute();
}

export async function markWebhooksQueued(db: PaymentDb, ids: readonly string[], at: number): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('events').set({ webhooks_queued_at: at }).where('id', 'in', ids).execute();
}
