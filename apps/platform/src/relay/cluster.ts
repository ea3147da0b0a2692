import { randomToken, relayEventSchema, roleSchema } from '@bazaar/schemas';
import { NOTIFY_MAX_BYTES, type Database, type RelayDelivery, type RelayPublisher } from '@bazaar/server-kit';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { RelayHub } from './hub.ts';

/** The NOTIFY channel the nodes of one database relay their events on. */
const RELAY_CHANNEL = 'bazaar_relay';

/** A node that does not hear its own notification back within this long reports it unsent. */
const HEAR_BACK_TIMEOUT_MS = 5_000;

const notificationSchema = z.object({
  /** The sending node's mark, by which it knows its own notification when it hears it back. */
  mark: z.string(),
  channel: z.string(),
  deliveries: z.array(
    z.object({
      event: relayEventSchema,
      audience: z.object({
        // A node that does not know `everyone` yet (a rolling upgrade) sends none: addressed as before.
        everyone: z.boolean().default(false),
        userDids: z.array(z.string()),
        roles: z.array(roleSchema),
        secretHashes: z.array(z.string()),
      }),
    }),
  ),
});
type Notification = z.output<typeof notificationSchema>;

/** Any client of the database may NOTIFY: what is not events as nodes send them is null. */
function parseNotification(payload: string): Notification | null {
  try {
    return notificationSchema.parse(JSON.parse(payload));
  } catch {
    return null;
  }
}

/**
 * The deliveries in order, as NOTIFY payloads each under PostgreSQL's limit; a delivery too large
 * for any payload on its own is answered apart, for this node's sockets only.
 */
function packNotifications(channel: string, deliveries: readonly RelayDelivery[]) {
  const payloads: { mark: string; payload: string }[] = [];
  const oversized: RelayDelivery[] = [];
  const encode = (list: readonly string[]) => {
    const mark = randomToken();
    return {
      mark,
      payload: `{"mark":${JSON.stringify(mark)},"channel":${JSON.stringify(channel)},"deliveries":[${list.join(',')}]}`,
    };
  };
  // Every mark has the same length, so the envelope's size is known before the batch is.
  const envelopeBytes = Buffer.byteLength(encode([]).payload);
  let batch: string[] = [];
  let batchBytes = envelopeBytes;
  for (const delivery of deliveries) {
    const json = JSON.stringify(delivery);
    const bytes = Buffer.byteLength(json) + 1;
    if (envelopeBytes + bytes > NOTIFY_MAX_BYTES) {
      oversized.push(delivery);
      continue;
    }
    if (batchBytes + bytes > NOTIFY_MAX_BYTES) {
      payloads.push(encode(batch));
      batch = [];
      batchBytes = envelopeBytes;
    }
    batch.push(json);
    batchBytes += bytes;
  }
  if (batch.length > 0) payloads.push(encode(batch));
  return { payloads, oversized };
}

export interface ClusterRelay extends RelayPublisher {
  close(): Promise<void>;
}

/**
 * Where components publish realtime events when the platform may run as several nodes. On
 * PostgreSQL events go out by NOTIFY and every node, this one included, hands what it hears to
 * its own hub: a socket on any node hears an event committed on any other, in the order
 * published. On SQLite there is one node, and events go straight to its hub.
 */
export async function createClusterRelay(
  hub: RelayHub,
  database: Database,
  logger: FastifyBaseLogger,
): Promise<ClusterRelay> {
  const { notifications } = database;
  if (!notifications)
    return { publish: (channel, deliveries) => hub.publish(channel, deliveries), close: async () => {} };

  /** This node's notifications on their way, by mark: each resolves once it is heard back. */
  const sent = new Map<string, () => void>();
  const listener = await notifications.listen(RELAY_CHANNEL, {
    onPayload(payload) {
      const notification = parseNotification(payload);
      if (!notification) {
        logger.warn('ignored a relay notification that is not events');
        return;
      }
      hub.publish(notification.channel, notification.deliveries);
      sent.get(notification.mark)?.();
    },
    onReconnect() {
      logger.warn('the relay listens to other nodes again; events sent while it did not were missed here');
    },
    onError(error) {
      logger.error({ err: error }, 'the relay lost its connection to other nodes; reconnecting');
    },
  });

  /** Sends one payload and settles once this node heard it back (and so its sockets have it). */
  async function notifyAndHearBack({ mark, payload }: { mark: string; payload: string }): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const heardBack = new Promise<void>((resolve, reject) => {
      sent.set(mark, resolve);
      timer = setTimeout(
        () => reject(new Error('the relay did not hear its own events back from PostgreSQL')),
        HEAR_BACK_TIMEOUT_MS,
      );
    });
    // Awaited after the NOTIFY: a timeout meanwhile must not go unhandled.
    heardBack.catch(() => undefined);
    try {
      await notifications!.notify(RELAY_CHANNEL, payload);
      await heardBack;
    } finally {
      clearTimeout(timer);
      sent.delete(mark);
    }
  }

  return {
    /**
     * Settles once this node has heard its events back and handed them to its own sockets, as a
     * single node's relay has before it answers: the outbox marks events relayed only then.
     */
    async publish(channel, deliveries) {
      const { payloads, oversized } = packNotifications(channel, deliveries);
      if (oversized.length > 0) {
        logger.warn(
          { events: oversized.map(({ event }) => event.id) },
          'events too large to relay to other nodes were relayed here only',
        );
        hub.publish(channel, oversized);
      }
      // One at a time: PostgreSQL delivers notifications in the order their NOTIFYs commit.
      for (const payload of payloads) await notifyAndHearBack(payload);
    },
    close: () => listener.close(),
  };
}
