import type { RelayEvent } from '@bazaar/schemas';
import type { RelayAudience, RelayDelivery } from '@bazaar/server-kit';
import { openTestDatabase, type TestDatabase } from '@bazaar/server-kit/testing';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClusterRelay, type ClusterRelay } from './cluster.ts';
import type { RelayHub } from './hub.ts';

/** A hub that keeps the ids of what it is handed, in order, and whom each was for. */
function recordingHub(): RelayHub & { heard: string[]; audiences: RelayAudience[] } {
  const heard: string[] = [];
  const audiences: RelayAudience[] = [];
  return {
    heard,
    audiences,
    publish: (_channel, deliveries) => {
      heard.push(...deliveries.map(({ event }) => event.id));
      audiences.push(...deliveries.map(({ audience }) => audience));
    },
    attach: () => {},
    clientCount: 0,
    close: () => {},
  };
}

const delivery = (id: string, secretHashes: string[] = []): RelayDelivery => ({
  event: {
    id,
    type: 'invoice.paid',
    livemode: false,
    created: 1_800_000_000,
    data: { id: `in_${id}`, customer_id: 'cus_1', subscription_id: null },
  } satisfies RelayEvent,
  audience: {
    everyone: false,
    userDids: ['did:bazaar:usr_payer'],
    roles: ['owner', 'admin', 'developer'],
    secretHashes,
  },
});

describe('the relay across nodes on PostgreSQL', () => {
  let database: TestDatabase;
  const relays: ClusterRelay[] = [];

  beforeEach(async () => {
    database = await openTestDatabase('postgres');
  });
  afterEach(async () => {
    for (const relay of relays.splice(0)) await relay.close();
    await database.close();
  });

  it('carries a large batch to the other node in order, in payloads under the limit, and keeps an oversized event home', async () => {
    const [here, there] = [recordingHub(), recordingHub()];
    const logger = Fastify({ logger: false }).log;
    for (const hub of [here, there]) relays.push(await createClusterRelay(hub, database, logger));
    const ids = Array.from({ length: 300 }, (_, index) => `evt_${index}`);
    // 200 secret hashes of 64 characters: more than one NOTIFY may carry.
    const oversized = delivery(
      'evt_huge',
      Array.from({ length: 200 }, () => 'f'.repeat(64)),
    );

    await relays[0]!.publish('relay:bazaar:events', [
      ...ids.slice(0, 150).map((id) => delivery(id)),
      oversized,
      ...ids.slice(150).map((id) => delivery(id)),
    ]);

    // Settled: this node heard all of it back, in order, and the oversized event first of all.
    expect(here.heard).toEqual(['evt_huge', ...ids]);
    await expect.poll(() => there.heard.length, { timeout: 5_000 }).toBe(ids.length);
    expect(there.heard).toEqual(ids);
  });

  it('carries an event addressed to everyone as such to the other node', async () => {
    const [here, there] = [recordingHub(), recordingHub()];
    const logger = Fastify({ logger: false }).log;
    for (const hub of [here, there]) relays.push(await createClusterRelay(hub, database, logger));
    const everyone: RelayAudience = { everyone: true, userDids: [], roles: [], secretHashes: [] };
    const donation: RelayDelivery = {
      event: {
        id: 'evt_donation',
        type: 'donation.updated',
        livemode: false,
        created: 1_800_000_000,
        data: { id: 'plink_1' },
      },
      audience: everyone,
    };

    await relays[0]!.publish('relay:bazaar:events', [delivery('evt_paid'), donation]);

    await expect.poll(() => there.heard.length, { timeout: 5_000 }).toBe(2);
    expect(there.audiences.map((audience) => audience.everyone)).toEqual([false, true]);
    expect(there.audiences[1]).toEqual(everyone);
  });
});
