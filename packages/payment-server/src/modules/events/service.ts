import { eventSchema, eventsChannel, newId, type EventPayload, type RelayEvent } from '@bazaar/schemas';
import type { Clock, RelayPublisher } from '@bazaar/server-kit';
import type { FastifyBaseLogger } from 'fastify';
import { fromFlag, toFlag } from '../../db/json.ts';
import type { PaymentDb } from '../../db/tables.ts';
import {
  insertEventRows,
  listUnrelayedRows,
  markRelayed,
  nextEventPosition,
  type EventRow,
} from './repository.ts';

const RELAY_BATCH_SIZE = 100;
export const OUTBOX_SWEEP_INTERVAL_MS = 5_000;

/**
 * Writes events into the outbox, in the order given. Call it inside the transaction that made
 * the change, so the events exist exactly when the change does; the dispatcher relays them after commit.
 */
export async function recordEvents(
  db: PaymentDb,
  clock: Clock,
  input: { payloads: readonly EventPayload[]; livemode: boolean },
): Promise<void> {
  const now = clock.now();
  // A transaction may record events in several calls: each continues where the last stopped.
  const start = await nextEventPosition(db, now);
  await insertEventRows(
    db,
    input.payloads.map((payload, index) => ({
      id: newId('event'),
      type: payload.type,
      data: JSON.stringify(payload.data),
      livemode: toFlag(input.livemode),
      created_at: now,
      position: start + index,
      relayed_at: null,
    })),
  );
}

export function toRelayEvent(row: EventRow): RelayEvent {
  const payload = eventSchema.parse({ type: row.type, data: JSON.parse(row.data) });
  return { ...payload, id: row.id, livemode: fromFlag(row.livemode), created: row.created_at };
}

export interface OutboxDispatcher {
  /** Relays every committed, not yet relayed event; concurrent calls share one run. */
  flush(): Promise<void>;
  /** Sweeps periodically, catching events whose after-commit flush was lost (crash, relay error). */
  start(): void;
  stop(): Promise<void>;
}

/**
 * Delivery is at least once: an event is marked relayed only after `publish` returned, so a
 * crash between the two relays it again. Subscribers match on ids and refetch, so repeats are harmless.
 */
export function createOutboxDispatcher(deps: {
  db: PaymentDb;
  clock: Clock;
  relay: RelayPublisher;
  appId: string;
  logger: FastifyBaseLogger;
}): OutboxDispatcher {
  let running: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setInterval> | null = null;

  async function relayAll(): Promise<void> {
    for (;;) {
      const rows = await listUnrelayedRows(deps.db, RELAY_BATCH_SIZE);
      if (rows.length === 0) return;
      for (const row of rows) deps.relay.publish(eventsChannel(deps.appId), toRelayEvent(row));
      await markRelayed(
        deps.db,
        rows.map((row) => row.id),
        deps.clock.now(),
      );
      if (rows.length < RELAY_BATCH_SIZE) return;
    }
  }

  async function flush(): Promise<void> {
    if (running) {
      // A flush asked for while one runs must still see the rows committed meanwhile.
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await relayAll();
        } while (again);
      } catch (error) {
        deps.logger.error({ err: error }, 'relaying payment events failed; the sweep will retry');
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    flush,
    start() {
      if (timer) return;
      timer = setInterval(() => void flush(), OUTBOX_SWEEP_INTERVAL_MS);
      timer.unref();
      void flush();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
