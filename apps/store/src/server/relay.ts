import { eventsChannel, type RelayEvent } from '@bazaar/schemas';
import type { ComponentDeps, RelayAudience } from '@bazaar/server-kit';

/** Where the Store's services hand realtime events for pages, on the platform's events channel. */
export interface StoreRelay {
  /**
   * Sends `events` to the sockets of `audience`, after the change they announce committed. A
   * live event only spares pages a reload, so the request neither waits for the other nodes to
   * hear it nor fails with it: a relay that fails is logged.
   */
  publish(events: readonly RelayEvent[], audience: RelayAudience): void;
}

export function createStoreRelay(deps: Pick<ComponentDeps, 'relay' | 'appId' | 'logger'>): StoreRelay {
  const channel = eventsChannel(deps.appId);
  return {
    publish(events, audience) {
      const deliveries = events.map((event) => ({ event, audience }));
      new Promise<void>((resolve) => resolve(deps.relay.publish(channel, deliveries))).catch(
        (error: unknown) => deps.logger.warn({ err: error }, 'the relay did not take the Store events'),
      );
    },
  };
}
