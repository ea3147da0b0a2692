import { vi } from 'vitest';
import type { RelayEvent } from '@bazaar/schemas';

/** A stand-in for the relay socket: tests deliver events to every socket a component opened. */
export function installFakeRelay() {
  const sockets = new Set<FakeRelaySocket>();
  const sent: unknown[] = [];

  class FakeRelaySocket extends EventTarget {
    readonly url: string;
    constructor(url: string) {
      super();
      this.url = url;
      sockets.add(this);
      queueMicrotask(() => this.dispatchEvent(new Event('open')));
    }
    send(data: string) {
      const message = JSON.parse(data) as { type: string; channel?: string };
      sent.push(message);
      // As the relay does: a subscription is confirmed.
      if (message.type === 'subscribe') {
        const confirmation = JSON.stringify({ type: 'subscribed', channel: message.channel });
        queueMicrotask(() => this.dispatchEvent(new MessageEvent('message', { data: confirmation })));
      }
    }
    close() {
      sockets.delete(this);
    }
  }

  vi.stubGlobal('WebSocket', FakeRelaySocket);
  return {
    /** How many sockets are open: a component listens only while it waits for something. */
    get openCount() {
      return sockets.size;
    },
    /** Every message the sockets sent, parsed, oldest first. */
    sent,
    /** Delivers an event as the relay frames it; its id, mode and time do not matter to pages. */
    deliver(event: Pick<RelayEvent, 'type' | 'data'>) {
      const data = JSON.stringify({
        type: 'event',
        channel: 'relay:test:events',
        event: { id: 'evt_test', livemode: false, created: 0, ...event },
      });
      for (const socket of [...sockets]) socket.dispatchEvent(new MessageEvent('message', { data }));
    },
    uninstall: () => vi.unstubAllGlobals(),
  };
}
