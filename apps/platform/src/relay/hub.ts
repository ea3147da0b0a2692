import {
  eventsChannel,
  RELAY_HEARTBEAT_MS,
  RELAY_MAX_SECRETS,
  relayClientMessageSchema,
  type RelayServerMessage,
  type Role,
} from '@bazaar/schemas';
import { sha256Hex, type RelayAudience, type RelayPublisher } from '@bazaar/server-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';

/** A client that has not answered this many pings in a row is gone. */
const MAX_MISSED_PONGS = 2;

/** The largest frame a client may send (a subscribe with every secret fits many times); ws's default is 100 MiB. */
export const RELAY_MAX_MESSAGE_BYTES = 16 * 1024;

/** Who holds a socket, as its upgrade proved: the signed-in user of a trusted page, or nobody. */
export interface RelayHolder {
  did: string | null;
  roles: readonly Role[];
}

export const NOBODY: RelayHolder = { did: null, roles: [] };

export interface RelayHub extends RelayPublisher {
  /** Takes over a freshly opened socket: reads its messages and keeps it alive. */
  attach(socket: WebSocket, holder: RelayHolder): void;
  readonly clientCount: number;
  close(): void;
}

interface Client {
  socket: WebSocket;
  holder: RelayHolder;
  channels: Set<string>;
  /** Hashes of the secrets the socket presented; the secrets themselves are not kept. */
  secretHashes: Set<string>;
  missedPongs: number;
}

function send(socket: WebSocket, message: RelayServerMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

function mayHear(client: Client, audience: RelayAudience): boolean {
  const { did, roles } = client.holder;
  return (
    audience.everyone ||
    (did !== null && audience.userDids.includes(did)) ||
    roles.some((role) => audience.roles.includes(role)) ||
    audience.secretHashes.some((hash) => client.secretHashes.has(hash))
  );
}

/**
 * The in-memory relay of one node: sockets subscribe to `relay:{appId}:events` and receive the
 * events published there that their holder may hear (`RelayAudience`). Only sockets connected
 * to this node hear this node's events.
 */
export function createRelayHub(options: {
  appId: string;
  logger: FastifyBaseLogger;
  heartbeatMs?: number;
}): RelayHub {
  const allowedChannels = new Set([eventsChannel(options.appId)]);
  const clients = new Set<Client>();

  const heartbeat = setInterval(() => {
    for (const client of clients) {
      if (client.missedPongs >= MAX_MISSED_PONGS) {
        clients.delete(client);
        client.socket.terminate();
        continue;
      }
      client.missedPongs += 1;
      client.socket.ping();
      send(client.socket, { type: 'heartbeat' });
    }
  }, options.heartbeatMs ?? RELAY_HEARTBEAT_MS);
  heartbeat.unref();

  function handle(client: Client, data: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      send(client.socket, { type: 'error', message: 'Messages must be JSON' });
      return;
    }
    const result = relayClientMessageSchema.safeParse(parsed);
    if (!result.success) {
      send(client.socket, { type: 'error', message: 'Unknown message' });
      return;
    }
    const message = result.data;
    switch (message.type) {
      case 'ping':
        send(client.socket, { type: 'pong' });
        return;
      case 'subscribe': {
        if (!allowedChannels.has(message.channel)) {
          send(client.socket, { type: 'error', message: `Unknown channel: ${message.channel}` });
          return;
        }
        const secretHashes = new Set([...client.secretHashes, ...(message.secrets ?? []).map(sha256Hex)]);
        // Bounded per socket, not per message: resubscribing must not let one socket try secrets by the thousand.
        if (secretHashes.size > RELAY_MAX_SECRETS) {
          send(client.socket, { type: 'error', message: `At most ${RELAY_MAX_SECRETS} secrets per socket` });
          return;
        }
        client.secretHashes = secretHashes;
        client.channels.add(message.channel);
        send(client.socket, { type: 'subscribed', channel: message.channel });
        return;
      }
      case 'unsubscribe':
        client.channels.delete(message.channel);
        send(client.socket, { type: 'unsubscribed', channel: message.channel });
        return;
    }
  }

  return {
    attach(socket, holder) {
      const client: Client = { socket, holder, channels: new Set(), secretHashes: new Set(), missedPongs: 0 };
      clients.add(client);
      socket.on('pong', () => {
        client.missedPongs = 0;
      });
      socket.on('message', (data, isBinary) => {
        if (isBinary) send(socket, { type: 'error', message: 'Messages must be JSON text' });
        else handle(client, data.toString());
      });
      socket.on('close', () => clients.delete(client));
      socket.on('error', (error) => options.logger.warn({ err: error }, 'relay socket error'));
    },
    publish(channel, deliveries) {
      for (const { event, audience } of deliveries) {
        const frame = JSON.stringify({ type: 'event', channel, event } satisfies RelayServerMessage);
        for (const client of clients) {
          if (
            client.channels.has(channel) &&
            mayHear(client, audience) &&
            client.socket.readyState === client.socket.OPEN
          )
            client.socket.send(frame);
        }
      }
    },
    get clientCount() {
      return clients.size;
    },
    close() {
      clearInterval(heartbeat);
      for (const client of clients) client.socket.close(1001, 'Server shutting down');
      clients.clear();
    },
  };
}
