import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPONENT_IDS, USER_SERVICE_PATH } from '@bazaar/schemas';
import type { PlatformComponent } from '@bazaar/server-kit';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformLimits } from './limits.ts';
import { createTestPlatform, type TestPlatform } from './testing.ts';

const store: PlatformComponent = {
  did: COMPONENT_IDS.store,
  name: 'Store',
  mountPoint: '/',
  api: async (app) => {
    app.get('/ping', async (request) => ({ did: request.user?.did ?? null }));
  },
  migrate: async () => {},
  seed: async () => {},
  start: () => {},
  stop: async () => {},
};

describe.each(TEST_DIALECTS)('request limits on %s', (dialect) => {
  let distRoot: string;
  let platform: TestPlatform;

  beforeAll(() => {
    distRoot = mkdtempSync(join(tmpdir(), 'bazaar-limits-'));
    writeFileSync(join(distRoot, 'index.html'), '<!doctype html><title>store</title>');
  });
  afterAll(() => rmSync(distRoot, { recursive: true, force: true }));
  afterEach(async () => {
    await platform.close();
  });

  async function open(limits: Partial<PlatformLimits>) {
    platform = await createTestPlatform(dialect, {
      components: () => [store],
      webDist: { [COMPONENT_IDS.store]: distRoot },
      limits,
    });
  }
  const send = (options: InjectOptions) => platform.app.inject({ remoteAddress: '203.0.113.7', ...options });
  const statuses = async (count: number, options: InjectOptions) => {
    const answers: number[] = [];
    for (let index = 0; index < count; index += 1) answers.push((await send(options)).statusCode);
    return answers;
  };

  it('answers a burst of code checks from one network address with RATE_LIMITED and Retry-After', async () => {
    await open({ signInRequestsPerMinute: 3 });
    const guess = { method: 'POST', url: `${USER_SERVICE_PATH}/auth/email/verify` } as const;
    const payload = { email: 'ann@example.com', code: '123456' };
    expect(await statuses(3, { ...guess, payload })).toEqual([401, 401, 401]);

    const refused = await send({ ...guess, payload });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'RATE_LIMITED', message: expect.any(String) } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);

    const elsewhere = await send({ ...guess, payload, remoteAddress: '198.51.100.1' });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('holds every sign-in route to the sign-in limit, each on its own count', async () => {
    await open({ signInRequestsPerMinute: 2, guestRequestsPerMinute: 1_000 });
    const routes: { method: 'GET' | 'POST'; url: string; payload?: object }[] = [
      { method: 'GET', url: `${USER_SERVICE_PATH}/auth/nonce` },
      { method: 'POST', url: `${USER_SERVICE_PATH}/auth/wallet`, payload: {} },
      { method: 'POST', url: `${USER_SERVICE_PATH}/auth/email/start`, payload: {} },
      { method: 'POST', url: `${USER_SERVICE_PATH}/auth/email/verify`, payload: {} },
      { method: 'POST', url: `${USER_SERVICE_PATH}/wallet`, payload: {} },
      { method: 'POST', url: `${USER_SERVICE_PATH}/setup`, payload: {} },
    ];
    for (const route of routes) {
      const answers = await statuses(3, route);
      expect(answers.slice(0, 2), route.url).not.toContain(429);
      expect(answers[2], route.url).toBe(429);
    }
    expect((await send({ url: `${USER_SERVICE_PATH}/session` })).statusCode).toBe(200);
  });

  it("counts a signed-in user's requests per user, apart from guests and other users at the same address", async () => {
    await open({ userRequestsPerMinute: 4, guestRequestsPerMinute: 2 });
    const ann = await platform.signIn('ann@example.com');
    const bob = await platform.signIn('bob@example.com');
    const ping = { url: '/api/ping' };

    expect(await statuses(5, { ...ping, headers: { cookie: ann.cookie } })).toEqual([
      200, 200, 200, 200, 429,
    ]);
    const asBob = await send({ ...ping, headers: { cookie: bob.cookie } });
    expect(asBob.json()).toEqual({ did: bob.user.did });
    expect(await statuses(3, ping)).toEqual([200, 200, 429]);
  });

  it('gives the pages a budget of their own, which an encoded API path cannot borrow', async () => {
    await open({ guestRequestsPerMinute: 1, pageRequestsPerMinute: 3 });
    expect(await statuses(2, { url: '/api/ping' })).toEqual([200, 429]);
    expect((await send({ url: '/ap%69/ping' })).statusCode).toBe(429);

    expect(await statuses(3, { url: '/products/42' })).toEqual([200, 200, 200]);
    const page = await send({ url: '/' });
    expect(page.statusCode).toBe(429);
    expect(page.json().error.code).toBe('RATE_LIMITED');
  });
});
