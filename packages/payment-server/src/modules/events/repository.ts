import { countAll, exportNewestFirst, insertRows, pageWindow, type ListExport } from '@bazaar/server-kit';
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

export interface EventFilter {
  livemode: number;
  since: number;
  type?: string | undefined;
  /** The types of one kind of object (`invoice`: `invoice.paid`, `invoice.created`…). */
  types?: readonly string[] | undefined;
  objectId?: string | undefined;
}

function filteredEvents(db: PaymentDb, filter: EventFilter) {
  return db
    .selectFrom('events')
    .where('livemode', '=', filter.livemode)
    .where('created_at', '>=', filter.since)
    .$if(filter.type !== undefined, (query) => query.where('type', '=', filter.type!))
    .$if(filter.types !== undefined, (query) => query.where('type', 'in', filter.types!))
    .$if(filter.objectId !== undefined, (query) => query.where('object_id', '=', filter.objectId!));
}

/** Newest first unless `asc`: in a second, in the order written (its position). */
export async function listEventRows(
  db: PaymentDb,
  filter: EventFilter,
  page: { page: number; pageSize: number; direction: 'asc' | 'desc' },
): Promise<{ rows: EventRow[]; count: number }> {
  const query = filteredEvents(db, filter);
  const { limit, offset } = pageWindow(page);
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', page.direction)
      .orderBy('position', page.direction)
      .orderBy('id', page.direction)
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select(countAll().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}

/** Every event of the filter for an export: its count, then newest first, a batch at a time. */
export function exportEventRows(db: PaymentDb, filter: EventFilter): Promise<ListExport<EventRow>> {
  return exportNewestFirst(filteredEvents(db, filter));
}

/**
 * Deletes up to `limit` events written before `before` that the outbox is done with (relayed,
 * their deliveries queued), but for the `kept` types; answers how many.
 */
export async function deleteEventRowsBefore(
  db: PaymentDb,
  input: { before: number; kept: readonly string[]; limit: number },
): Promise<number> {
  const ids = await db
    .selectFrom('events')
    .select('id')
    .where('created_at', '<', input.before)
    .where('relayed_at', 'is not', null)
    .where('webhooks_queued_at', 'is not', null)
    .where('type', 'not in', input.kept)
    .limit(input.limit)
    .execute();
  if (ids.length === 0) return 0;
  await db
    .deleteFrom('events')
    .where(
      'id',
      'in',
      ids.map((row) => row.id),
    )
    .execute();
  return ids.length;
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
