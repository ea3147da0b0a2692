import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createManualClock } from './clock.ts';
import type { Database } from './database.ts';
import { installErrorHandling, useZod } from './http.ts';
import { idempotencyMigrations, installIdempotency, sweepExpiredIdempotencyKeys } from './idempotency.ts';
import { migrate } from './migrations.ts';
import { explainQueryPlans, openTestDatabase, TEST_DIALECTS } from './testing.ts';

describe.each(TEST_DIALECTS)('idempotency on %s', (dialect) => {
  let database: Database;
  let charges: number;
  const clock = createManualClock(1_800_000_000);

  async function buildApp() {
    const app = Fastify();
    const zapp = useZod(app);
    app.decorateRequest('user', null);
    installErrorHandling(app);
    installIdempotency(app, { db: database.db, clock });
    zapp.post(
      '/charges',
      { schema: { body: z.object({ amount: z.string() }) }, config: { idempotent: true } },
      async (request) => {
        charges += 1;
        return { id: `ch_${charges}`, amount: request.body.amount };
      },
    );
    zapp.post('/boom', { config: { idempotent: true } }, async () => {
      charges += 1;
      throw new Error('boom');
    });
    await app.ready();
    return app;
  }

  beforeEach(async () => {
    charges = 0;
    database = await openTestDatabase(dialect);
    await migrate(database, 'kit', idempotencyMigrations);
  });
  afterEach(async () => {
    await database.close();
  });

  it('replays the first response for a repeated key and runs once', async () => {
    const app = await buildApp();
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/charges',
        headers: { 'idempotency-key': 'k1' },
        payload: { amount: '100' },
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(charges).toBe(1);
  });

  it('refuses the same key with a different body', async () => {
    const app = await buildApp();
    await app.inject({
      method: 'POST',
      url: '/charges',
      headers: { 'idempotency-key': 'k2' },
      payload: { amount: '1' },
    });
    const reused = await app.inject({
      method: 'POST',
      url: '/charges',
      headers: { 'idempotency-key': 'k2' },
      payload: { amount: '2' },
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(charges).toBe(1);
  });

  it('runs concurrent repeats once', async () => {
    const app = await buildApp();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        app.inject({
          method: 'POST',
          url: '/charges',
          headers: { 'idempotency-key': 'k3' },
          payload: { amount: '5' },
        }),
      ),
    );
    expect(charges).toBe(1);
    for (const response of responses) expect([200, 409]).toContain(response.statusCode);
  });

  it('lets a key be retried after a server error and after 24 hours', async () => {
    const app = await buildApp();
    const boom = () => app.inject({ method: 'POST', url: '/boom', headers: { 'idempotency-key': 'k4' } });
    expect((await boom()).statusCode).toBe(500);
    expect((await boom()).statusCode).toBe(500);
    expect(charges).toBe(2);

    const charge = () =>
      app.inject({
        method: 'POST',
        url: '/charges',
        headers: { 'idempotency-key': 'k5' },
        payload: { amount: '1' },
      });
    await charge();
    clock.advance(24 * 3_600 + 1);
    await charge();
    expect(charges).toBe(4);
  });

  it('keeps two guests apart when they pick the same key', async () => {
    const app = await buildApp();
    const asGuest = (headers: Record<string, string>, remoteAddress = '203.0.113.7') =>
      app.inject({
        method: 'POST',
        url: '/charges',
        remoteAddress,
        headers: { 'idempotency-key': 'order-1', ...headers },
        payload: { amount: '100' },
      });
    // Each guest proves another checkout: neither reads the other's answer.
    const first = await asGuest({ 'x-checkout-secret': 'cs_a_secret_1' });
    const second = await asGuest({ 'x-checkout-secret': 'cs_b_secret_2' });
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json().id).not.toBe(first.json().id);
    // Without a secret, guests are told apart by address; a repeat from one guest still replays.
    const fromA = await asGuest({}, '198.51.100.1');
    const fromB = await asGuest({}, '198.51.100.2');
    expect(fromB.json().id).not.toBe(fromA.json().id);
    expect((await asGuest({}, '198.51.100.1')).headers['idempotent-replayed']).toBe('true');
    expect(charges).toBe(4);
  });

  it('does nothing special without the header', async () => {
    const app = await buildApp();
    await app.inject({ method: 'POST', url: '/charges', payload: { amount: '1' } });
    await app.inject({ method: 'POST', url: '/charges', payload: { amount: '1' } });
    expect(charges).toBe(2);
  });

  it('sweeps keys past their 24 hours in batches through the created_at index, and keeps live ones', async () => {
    const key = (name: string, createdAt: number) => ({
      scope: 'guest:ip:127.0.0.1 POST /charges',
      key: name,
      request_hash: 'h',
      response_status: 200,
      response_body: '{}',
      created_at: createdAt,
    });
    const now = clock.now();
    const old = Array.from({ length: 7 }, (_, index) => key(`old-${index}`, now - 24 * 3_600 - 1 - index));
    await database.db
      .insertInto('idempotency_keys')
      .values([...old, key('live', now - 24 * 3_600 + 1)])
      .execute();

    const plans = await explainQueryPlans(database, (db) =>
      sweepExpiredIdempotencyKeys(db, { now, batchSize: 3 }),
    );
    expect(plans).toHaveLength(3);
    for (const plan of plans) expect(plan).toContain('idempotency_keys_created_idx');
    const left = await database.db.selectFrom('idempotency_keys').select('key').execute();
    expect(left).toEqual([{ key: 'live' }]);
  });
});
