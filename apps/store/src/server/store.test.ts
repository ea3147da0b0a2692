import Fastify from 'fastify';
import { createManualClock, installErrorHandling, type Database } from '@bazaar/server-kit';
import { openTestDatabase, TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStore } from './store.ts';

describe.each(TEST_DIALECTS)('store component on %s', (dialect) => {
  let database: Database;
  beforeEach(async () => {
    database = await openTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.close();
  });

  it('migrates, seeds twice without duplicates and lists categories', async () => {
    const store = createStore({
      database,
      clock: createManualClock(1_800_000_000),
      relay: { publish: () => {} },
      logger: Fastify().log,
      appId: 'bazaar',
      appName: 'Bazaar',
    });
    await store.migrate();
    await store.seed();
    await store.seed();
    const app = Fastify();
    installErrorHandling(app);
    await app.register(store.api, { prefix: '/api' });
    const response = await app.inject({ method: 'GET', url: '/api/categories' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.count).toBe(3);
    expect(body.list.map((category: { name: { zh: string } }) => category.name.zh)).toContain('支付');
  });
});
