import {
  eventSchema,
  eventsChannel,
  relayEventSchema,
  type EventPayload,
  type RelayEvent,
} from '@bazaar/schemas';
import type { Clock, RelayPublisher } from '@bazaar/server-kit';
import type { FastifyBaseLogger } from 'fastify';
import { fromFlag } from '../../db/json.ts';
import { hasRowLocks } from '../../db/row-locks.ts';
import type { PaymentDb } from '../../db/tables.ts';
import { relayAudiences } from './audience.ts';
import { lockUnrelayedRows, markRelayed, type EventRow } from './repository.ts';

const RELAY_BATCH_SIZE = 100;
export const OUTBOX_SWEEP_INTERVAL_MS = 5_000;

function readPayload(row: EventRow): EventPayload {
  return eventSchema.parse({ type: row.type, data: JSON.parse(row.data) });
}

/** The event as the relay carries it: its ids, without the payload's other details. */
function toRelayEvent(row: EventRow, payload: EventPayload): RelayEvent {
  return relayEventSchema.parse({
    ...payload,
    id: row.id,
    livemode: fromFlag(row.livemode),
    created: row.created_at,
  });
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
 * crash between the two relays it again. Subscribers match on ids and refetch, so repeats are
 * harmless. Each event is addressed to those who may hear it (`relayAudiences`).
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

  /** Relays one batch; answers how many events it held. */
  async function relayBatch(db: PaymentDb): Promise<number> {
    const rows = await lockUnrelayedRows(db, RELAY_BATCH_SIZE);
    if (rows.length === 0) return 0;
    const payloads = rows.map(readPayload);
    const audiences = await relayAudiences(db, payloads);
    await deps.relay.publish(
      eventsChannel(deps.appId),
      rows.map((row, index) => ({
        event: toRelayEvent(row, payloads[index]!),
        audience: audiences[index]!,
      })),
    );
    await markRelayed(
      db,
      rows.map((row) => row.id),
      deps.clock.now(),
    );
    return rows.length;
  }

  async function relayAll(): Promise<void> {
    // PostgreSQL: a batch's rows stay locked while it is published, so another node's sweep
    // skips them rather than relaying them again. SQLite has one node, and one writer.
    const isShared = hasRowLocks(deps.db);
    for (;;) {
      const relayed = isShared
        ? await deps.db.transaction().execute((trx) => relayBatch(trx))
        : await relayBatch(deps.db);
      if (relayed < RELAY_BATCH_SIZE) return;
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
