import type { RelayEvent } from '@bazaar/schemas';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createStoreRelay } from './relay.ts';

const EVENT: RelayEvent = {
  id: 'evt_1',
  type: 'store.comment.created',
  livemode: false,
  created: 1_800_000_000,
  data: { id: 'scm_1', app_did: 'did:key:z6Mkapp' },
};
const EVERYONE = { everyone: true, userDids: [], roles: [], secretHashes: [] };

function relayWith(publish: () => void | Promise<void>) {
  const warn = vi.fn();
  const spy = vi.fn(publish);
  const relay = createStoreRelay({
    relay: { publish: spy },
    appId: 'bazaar',
    logger: { warn } as unknown as FastifyBaseLogger,
  });
  return { relay, spy, warn };
}

describe('the Store relay', () => {
  it("hands events to the platform's relay on the app's events channel, with their audience", () => {
    const { relay, spy } = relayWith(() => {});
    relay.publish([EVENT], EVERYONE);
    expect(spy).toHaveBeenCalledWith('relay:bazaar:events', [{ event: EVENT, audience: EVERYONE }]);
  });

  it('logs a relay that fails, at once or later, and never throws it at the request', async () => {
    const throwing = relayWith(() => {
      throw new Error('hub closed');
    });
    expect(() => throwing.relay.publish([EVENT], EVERYONE)).not.toThrow();
    const rejecting = relayWith(() => Promise.reject(new Error('NOTIFY failed')));
    rejecting.relay.publish([EVENT], EVERYONE);
    await vi.waitFor(() => {
      expect(throwing.warn).toHaveBeenCalledTimes(1);
      expect(rejecting.warn).toHaveBeenCalledTimes(1);
    });
  });
});
