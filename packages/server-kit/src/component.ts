import type { RelayEvent, Role } from '@bazaar/schemas';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Clock } from './clock.ts';
import type { Database } from './database.ts';

/**
 * Who may hear one event: every socket subscribed to the channel when `everyone` (for events
 * meant for any page, which must then say nothing private), else the sockets of these users (by
 * did), of users holding one of these roles, and sockets that presented a secret whose
 * `sha256Hex` is listed. `everyone` is required so that each producer decides it.
 */
export interface RelayAudience {
  everyone: boolean;
  userDids: readonly string[];
  roles: readonly Role[];
  secretHashes: readonly string[];
}

/** An event for the relay, with who may hear it. */
export interface RelayDelivery {
  event: RelayEvent;
  audience: RelayAudience;
}

/**
 * Where components hand realtime events to the platform's relay, in order; once the answer
 * settles, they are on their way to every node's sockets.
 */
export interface RelayPublisher {
  publish(channel: string, deliveries: readonly RelayDelivery[]): void | Promise<void>;
}

/** What the platform gives every component it hosts. */
export interface ComponentDeps {
  database: Database;
  clock: Clock;
  relay: RelayPublisher;
  logger: FastifyBaseLogger;
  /** The platform's app id; realtime events go to `eventsChannel(appId)`. */
  appId: string;
  /** The platform's name, as its pages and documents (invoices) show it. */
  appName: string;
  /** Off is test mode: what a component creates for itself (a Store's stake link) is test data. */
  livemode: boolean;
}

/**
 * A component of the platform (the Payment Kit, the Store). The platform mounts `api` at
 * `{mountPoint}/api` and the component's built web app at `mountPoint`, runs `migrate` at
 * start, `seed` in test mode (it must be safe to run again), and `start`/`stop` for workers.
 */
export interface PlatformComponent {
  did: string;
  name: string;
  mountPoint: string;
  api: FastifyPluginAsync;
  migrate(): Promise<void>;
  seed(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}
