import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPONENT_IDS, registrySchema } from '@bazaar/schemas';
import { requireUser, type PlatformComponent } from '@bazaar/server-kit';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from './testing.ts';

function makeComponent(did: string, name: string, mountPoint: string) {
  const calls: string[] = [];
  const component: PlatformComponent = {
    did,
    name,
    mountPoint,
    api: async (app) => {
      app.get('/whoami', async (request) => ({ did: requireUser(request).did }));
    },
    migrate: async () => void calls.push('migrate'),
    seed: async () => void calls.push('seed'),
    start: () => void calls.push('start'),
    stop: async () => void calls.push('stop'),
  };
  return { component, calls };
}

function makeDist(root: string, title: string): string {
  const folder = join(root, title);
  mkdirSync(join(folder, 'assets'), { recursive: true });
  writeFileSync(
    join(folder, 'index.html'),
    `<!doctype html><html><head><title>${title}</title></head><body></body></html>`,
  );
  writeFileSync(join(folder, 'assets', 'main-abc123.js'), `console.log(${JSON.stringify(title)})`);
  writeFileSync(join(folder, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return folder;
}

describe.each(TEST_DIALECTS)('platform on %s', (dialect) => {
  let distRoot: string;
  let platform: TestPlatform;
  let kit: ReturnType<typeof makeComponent>;
  let store: ReturnType<typeof makeComponent>;

  beforeAll(() => {
    distRoot = mkdtempSync(join(tmpdir(), 'bazaar-dist-'));
  });
  afterAll(() => rmSync(distRoot, { recursive: true, force: true }));
  afterEach(async () => {
    await platform.close();
  });

  async function start(options: { livemode?: boolean } = {}) {
    kit = makeComponent(COMPONENT_IDS.paymentKit, 'Payment Kit', '/payment-kit');
    store = makeComponent(COMPONENT_IDS.store, 'Store', '/');
    platform = await createTestPlatform(dialect, {
      ...options,
      components: () => [kit.component, store.component],
      webDist: {
        [COMPONENT_IDS.paymentKit]: makeDist(distRoot, 'kit'),
        [COMPONENT_IDS.store]: makeDist(distRoot, 'store'),
        'user-service': makeDist(distRoot, 'login'),
      },
    });
  }

  const get = (url: string) => platform.app.inject({ url });

  it('publishes the registry', async () => {
    await start();
    const response = await get('/__platform.json');
    expect(registrySchema.parse(response.json())).toEqual({
      appId: 'bazaar',
      appName: 'Bazaar',
      livemode: false,
      components: [
        { did: COMPONENT_IDS.paymentKit, name: 'Payment Kit', mountPoint: '/payment-kit' },
        { did: COMPONENT_IDS.store, name: 'Store', mountPoint: '/' },
      ],
      errorReporting: null,
    });
  });

  it('serves each web app with the registry inlined and falls back to its index.html', async () => {
    await start();
    for (const [url, title] of [
      ['/', 'store'],
      ['/apps/some-app?tab=comments', 'store'],
      ['/payment-kit/', 'kit'],
      ['/payment-kit/checkout/pay/cs_123', 'kit'],
      ['/.well-known/service/user/login?redirect=%2Fpayment-kit%2F', 'login'],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toContain(`<title>${title}</title>`);
      const inlined = response.body.match(
        /<script nonce="[^"]+">window.__PLATFORM__ = (.*?)<\/script><\/head>/,
      )?.[1];
      expect(JSON.parse(inlined ?? 'null'), url).toEqual((await get('/__platform.json')).json());
    }
    expect((await get('/payment-kit')).headers.location).toBe('/payment-kit/');
  });

  it('serves built files, hashed assets for a year', async () => {
    await start();
    const asset = await get('/payment-kit/assets/main-abc123.js');
    expect(asset.body).toBe('console.log("kit")');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await get('/favicon.svg')).body).toContain('<svg');
    expect((await get('/.well-known/service/user/assets/main-abc123.js')).body).toBe('console.log("login")');
  });

  it('never answers an API path or another service with a page', async () => {
    await start();
    for (const url of ['/api/nothing', '/payment-kit/api/nothing', '/.well-known/nothing', '/api']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code, url).toBe('NOT_FOUND');
    }
    expect((await get('/../../etc/passwd')).body).not.toContain('root:');
  });

  it('mounts component APIs and resolves the signed-in user for them', async () => {
    await start();
    expect((await get('/payment-kit/api/whoami')).json().error.code).toBe('UNAUTHENTICATED');
    const { cookie, user } = await platform.signIn('ann@example.com');
    const response = await platform.app.inject({ url: '/api/whoami', headers: { cookie } });
    expect(response.json()).toEqual({ did: user.did });
  });

  it('migrates and seeds in test mode, starts on listen and stops on close', async () => {
    await start();
    expect(kit.calls).toEqual(['migrate', 'seed']);
    await platform.app.listen({ host: '127.0.0.1', port: 0 });
    expect(store.calls).toEqual(['migrate', 'seed', 'start']);
    await platform.app.close();
    expect(store.calls).toEqual(['migrate', 'seed', 'start', 'stop']);
  });

  it('does not seed in live mode', async () => {
    await start({ livemode: true });
    expect(kit.calls).toEqual(['migrate']);
  });

  it('sets security headers', async () => {
    await start();
    const response = await get('/');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("script-src 'nonce-");
  });
});
