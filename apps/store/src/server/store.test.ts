import Fastify from 'fastify';
import { createManualClock, installErrorHandling, type Database } from '@bazaar/server-kit';
import { openTestDatabase, TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import storePackage from '../../package.json' with { type: 'json' };
import { createFilesystemBundleStorage } from './storage/index.ts';
import { createStore } from './store.ts';

describe.each(TEST_DIALECTS)('store component on %s', (dialect) => {
  let database: Database;
  beforeEach(async () => {
    database = await openTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.close();
  });

  function makeStore() {
    return createStore(
      {
        database,
        clock: createManualClock(1_800_000_000),
        relay: { publish: () => {} },
        logger: Fastify().log,
        appId: 'bazaar',
        appName: 'Bazaar',
        livemode: false,
      },
      // Nothing is uploaded here, so the folder is never made.
      { storage: createFilesystemBundleStorage({ root: join(tmpdir(), 'bazaar-store-test-no-bundles') }) },
    );
  }

  it('migrates twice, seeds twice without duplicates and lists categories', async () => {
    const store = makeStore();
    await store.migrate();
    await store.migrate();
    await store.seed();
    await store.seed();
    const app = Fastify();
    installErrorHandling(app);
    app.decorateRequest('user', null);
    await app.register(store.api, { prefix: '/api' });
    const response = await app.inject({ method: 'GET', url: '/api/categories' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.count).toBe(3);
    expect(body.list.map((category: { name: { zh: string } }) => category.name.zh)).toContain('支付');

    const info = await app.inject({ method: 'GET', url: '/api/store.json' });
    expect(info.json()).toEqual({
      did: 'did:bazaar:store',
      name: 'Bazaar',
      version: storePackage.version,
      permissionMode: 'invitation',
      maxBundleSize: 500 * 1024 * 1024,
      stakeAmount: '1',
      stakeCurrency: 'ABT',
    });
    await app.close();
  });
});
