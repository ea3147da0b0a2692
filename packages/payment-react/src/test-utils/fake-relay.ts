import { vi } from 'vitest';
import type { EventPayload } from '@bazaar/schemas';

/** A stand-in for the relay socket: tests deliver events to every socket a component opened. */
export function installFakeRelay() {
  const sockets = new Set<FakeRelaySocket>();

  class FakeRelaySocket extends EventTarget {
    readonly url: string;
    constructor(url: string) {
      super();
      this.url = url;
      sockets.add(this);
      queueMicrotask(() => this.dispatchEvent(new Event('open')));
    }
    send() {}
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
    deliver(event: EventPayload) {
      const data = JSON.stringify({ type: 'event', event });
      for (const socket of [...sockets]) socket.dispatchEvent(new MessageEvent('message', { data }));
    },
    uninstall: () => vi.unstubAllGlobals(),
  };
}
