import {
  EVENT_RETENTION_DAYS,
  EVENT_TYPES,
  eventObjectTypeOf,
  eventSchema,
  type exportEventsQuerySchema,
  newId,
  type EventObject,
  type EventPayload,
  type listEventsQuerySchema,
} from '@bazaar/schemas';
import { mapBatches, notFound, type Clock, type ListExport } from '@bazaar/server-kit';
import type { z } from 'zod';
import { fromFlag, toFlag } from '../../db/json.ts';
import type { PaymentDb } from '../../db/tables.ts';
import {
  exportEventRows,
  findEventRow,
  insertEventRows,
  listEventRows,
  nextEventPosition,
  type EventFilter,
  type EventRow,
} from './repository.ts';

/**
 * Writes events into the outbox, in the order given, at `now`: the time of the objects they are
 * about (a test clock's for a customer on one). Call it inside the transaction that made the
 * change, so the events exist exactly when the change does; after commit the dispatcher relays
 * them and the webhook sender queues their deliveries.
 */
export async function recordEvents(
  db: PaymentDb,
  input: { payloads: readonly EventPayload[]; livemode: boolean; now: number },
): Promise<void> {
  const { now } = input;
  // A transaction may record events in several calls: each continues where the last stopped.
  const start = await nextEventPosition(db, now);
  const rows = input.payloads.map((payload, index): EventRow => ({
    id: newId('event'),
    type: payload.type,
    data: JSON.stringify(payload.data),
    livemode: toFlag(input.livemode),
    created_at: now,
    position: start + index,
    relayed_at: null,
    object_id: payload.data.id,
    webhooks_queued_at: null,
  }));
  await insertEventRows(db, rows);
}

/** An event to record, with the mode of the object it is about. */
export interface EventToRecord {
  livemode: boolean;
  payload: EventPayload;
}

/** `recordEvents` for events of both modes, each mode's in the order given, at `now`. */
export async function recordEventsOfEachMode(
  db: PaymentDb,
  input: { events: readonly EventToRecord[]; now: number },
): Promise<void> {
  for (const livemode of [false, true]) {
    const payloads = input.events
      .filter((event) => event.livemode === livemode)
      .map((event) => event.payload);
    if (payloads.length > 0) await recordEvents(db, { now: input.now, livemode, payloads });
  }
}

/** An event as the API and webhooks show it. */
export function toEventObject(row: EventRow): EventObject {
  const payload = eventSchema.parse({ type: row.type, data: JSON.parse(row.data) });
  return {
    id: row.id,
    object: 'event',
    type: payload.type,
    object_id: row.object_id,
    data: payload.data,
    livemode: fromFlag(row.livemode),
    created: row.created_at,
  };
}

/** Where the event log starts now: events before it are no longer shown, and are pruned. */
export const retentionStart = (clock: Clock) => clock.now() - EVENT_RETENTION_DAYS * 24 * 60 * 60;

function eventFilter(
  deps: { clock: Clock },
  query: z.output<typeof exportEventsQuerySchema> & { livemode: boolean },
): EventFilter {
  return {
    livemode: toFlag(query.livemode),
    since: retentionStart(deps.clock),
    type: query.type,
    types:
      query.object_type === undefined
        ? undefined
        : EVENT_TYPES.filter((type) => eventObjectTypeOf(type) === query.object_type),
    objectId: query.object_id,
  };
}

/** `GET /events`: the last 30 days' events of a mode, newest first unless asked, by type or object. */
export async function listEvents(
  deps: { db: PaymentDb; clock: Clock },
  query: z.output<typeof listEventsQuerySchema> & { livemode: boolean },
) {
  const { rows, count } = await listEventRows(deps.db, eventFilter(deps, query), {
    ...query,
    direction: query.sortDirection ?? 'desc',
  });
  return { list: rows.map(toEventObject), count };
}

/** `GET /events/export.csv`: every event of the log's filter, newest first. */
export async function exportEvents(
  deps: { db: PaymentDb; clock: Clock },
  query: z.output<typeof exportEventsQuerySchema> & { livemode: boolean },
): Promise<ListExport<EventObject>> {
  const { total, records } = await exportEventRows(deps.db, eventFilter(deps, query));
  return { total, records: mapBatches(records, async (rows) => rows.map(toEventObject)) };
}

export async function getEvent(deps: { db: PaymentDb; clock: Clock }, id: string): Promise<EventObject> {
  const row = await findEventRow(deps.db, id);
  if (!row || row.created_at < retentionStart(deps.clock)) throw notFound('event', id);
  return toEventObject(row);
}
