import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CSP_NONCE_MARKER } from '@bazaar/page-csp';
import { COMPONENT_IDS } from '@bazaar/schemas';
import type { PlatformComponent } from '@bazaar/server-kit';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pageContentSecurityPolicy,
  pageProviders,
  PROVIDER_SOURCES,
  type ProviderSources,
} from './content-security-policy.ts';
import type { ErrorReporter } from './error-reporting/error-reporter.ts';
import { USER_SERVICE_WEB } from './platform.ts';
import { createTestPlatform, type TestPlatform } from './testing.ts';

/** `script-src 'a' 'b'; img-src …` as `{ 'script-src': ["'a'", "'b'"], … }`. */
function parsePolicy(header: string | number | string[] | undefined): Record<string, string[]> {
  expect(typeof header, 'one content-security-policy header').toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectNoInlineOrEval(policy: Record<string, string[]>) {
  for (const directive of ['script-src', 'style-src', 'default-src']) {
    expect(policy[directive] ?? [], directive).not.toContain("'unsafe-inline'");
    expect(policy[directive] ?? [], directive).not.toContain("'unsafe-eval'");
  }
}

describe('the pages’ content security policy', () => {
  const base = { nonce: 'bm9uY2U=', publicUrl: 'https://shop.example', embedOrigins: [] };

  it('runs only nonced scripts and styles, and loads nothing that could run from elsewhere', () => {
    const policy = parsePolicy(pageContentSecurityPolicy(base));
    expect(policy).toMatchObject({
      'default-src': ["'self'"],
      // Stripe's hosts only matter to browsers without 'strict-dynamic'.
      'script-src': [
        "'nonce-bm9uY2U='",
        "'strict-dynamic'",
        'https://js.stripe.com',
        'https://*.js.stripe.com',
      ],
      'style-src': ["'self'", "'nonce-bm9uY2U='"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'self'"],
    });
    expectNoInlineOrEval(policy);
  });

  it("connects to its own origin, the relay socket there and Stripe's API, and shows product images from any http(s) host", () => {
    const policy = parsePolicy(pageContentSecurityPolicy(base));
    expect(policy['connect-src']).toEqual(["'self'", 'wss://shop.example', 'https://api.stripe.com']);
    expect(
      parsePolicy(pageContentSecurityPolicy({ ...base, publicUrl: 'http://localhost:3000' }))['connect-src'],
    ).toEqual(["'self'", 'ws://localhost:3000', 'https://api.stripe.com']);
    expect(policy['frame-src']).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'https:', 'http:']);
  });

  it('lets configured embedders frame the pages, nobody else', () => {
    const embedOrigins = ['https://blog.example', 'https://docs.example:8443'];
    const policy = parsePolicy(pageContentSecurityPolicy({ ...base, embedOrigins }));
    expect(policy['frame-ancestors']).toEqual(["'self'", ...embedOrigins]);
  });

  it('adds a provider’s script, frame and API hosts to their directives only', () => {
    const provider: ProviderSources = {
      name: 'card provider',
      script: ['https://js.provider.example'],
      frame: ['https://frames.provider.example'],
      connect: ['https://api.provider.example'],
    };
    const policy = parsePolicy(pageContentSecurityPolicy({ ...base, providers: [provider] }));
    expect(policy['script-src']).toEqual([
      "'nonce-bm9uY2U='",
      "'strict-dynamic'",
      'https://js.provider.example',
    ]);
    expect(policy['frame-src']).toEqual(["'self'", 'https://frames.provider.example']);
    expect(policy['connect-src']).toEqual(["'self'", 'wss://shop.example', 'https://api.provider.example']);
    expect(policy['default-src']).toEqual(["'self'"]);
  });

  it('lets the pages reach the error reporter’s host only when a DSN is configured, and nothing more', () => {
    expect(pageProviders(null)).toBe(PROVIDER_SOURCES);
    const reporting = { dsn: 'https://0123abcd@o42.ingest.sentry.io/4500000000000001' };
    const policy = parsePolicy(pageContentSecurityPolicy({ ...base, providers: pageProviders(reporting) }));
    expect(policy['connect-src']).toEqual([
      "'self'",
      'wss://shop.example',
      'https://api.stripe.com',
      'https://o42.ingest.sentry.io',
    ]);
    expect(policy['script-src']).not.toContain('https://o42.ingest.sentry.io');
    expect(policy['frame-src']).not.toContain('https://o42.ingest.sentry.io');
    const selfHosted = { dsn: 'http://key@127.0.0.1:9000/sentry/1' };
    expect(
      parsePolicy(pageContentSecurityPolicy({ ...base, providers: pageProviders(selfHosted) }))[
        'connect-src'
      ],
    ).toContain('http://127.0.0.1:9000');
  });
});

/** A built page as Vite writes it with `html.cspNonce`: every tag carries the marker. */
function makeDist(root: string, title: string): string {
  const folder = join(root, title);
  mkdirSync(join(folder, 'assets'), { recursive: true });
  writeFileSync(
    join(folder, 'index.html'),
    `<!doctype html><html><head><title>${title}</title>` +
      `<meta property="csp-nonce" nonce="${CSP_NONCE_MARKER}">` +
      `<script type="module" crossorigin src="/assets/index-abc.js" nonce="${CSP_NONCE_MARKER}"></script>` +
      `<link rel="modulepreload" crossorigin href="/assets/page-abc.js" nonce="${CSP_NONCE_MARKER}">` +
      `</head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(join(folder, 'assets', 'index-abc.js'), 'export {}');
  return folder;
}

function makeComponent(did: string, mountPoint: string): PlatformComponent {
  return {
    did,
    name: did,
    mountPoint,
    api: async (app) => {
      app.get('/ping', async () => ({ ok: true }));
    },
    migrate: async () => {},
    seed: async () => {},
    start: () => {},
    stop: async () => {},
  };
}

describe.each(TEST_DIALECTS)('served pages on %s', (dialect) => {
  let distRoot: string;
  let platform: TestPlatform;
  const embedder = 'https://blog.example';
  const pages = [
    '/',
    '/apps/some-app',
    '/payment-kit/checkout/pay/plink_demo_onetime',
    '/.well-known/service/user/login',
  ];

  beforeAll(async () => {
    distRoot = mkdtempSync(join(tmpdir(), 'bazaar-csp-'));
    platform = await createTestPlatform(dialect, {
      publicUrl: 'https://shop.example',
      embedOrigins: [embedder],
      components: () => [
        makeComponent(COMPONENT_IDS.paymentKit, '/payment-kit'),
        makeComponent(COMPONENT_IDS.store, '/'),
      ],
      webDist: {
        [COMPONENT_IDS.paymentKit]: makeDist(distRoot, 'kit'),
        [COMPONENT_IDS.store]: makeDist(distRoot, 'store'),
        [USER_SERVICE_WEB]: makeDist(distRoot, 'login'),
      },
    });
  });
  afterAll(async () => {
    await platform.close();
    rmSync(distRoot, { recursive: true, force: true });
  });

  const get = (url: string) => platform.app.inject({ url, headers: { host: 'shop.example' } });

  it('gives every page a fresh nonce that its policy, its tags and the inlined registry share', async () => {
    const nonces = new Set<string>();
    for (const url of [...pages, ...pages]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      const policy = parsePolicy(response.headers['content-security-policy']);
      const nonce = policy['script-src']?.[0]?.match(/^'nonce-([A-Za-z0-9+/]{22}==)'$/)?.[1];
      expect(nonce, url).toBeDefined();
      expect(policy['style-src'], url).toContain(`'nonce-${nonce}'`);
      expect(policy['frame-ancestors'], url).toEqual(["'self'", embedder]);
      expectNoInlineOrEval(policy);
      nonces.add(nonce!);

      expect(response.body, url).not.toContain(CSP_NONCE_MARKER);
      expect(response.body, url).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      expect(response.body, url).toContain(`src="/assets/index-abc.js" nonce="${nonce}"`);
      expect(response.body, url).toContain(`href="/assets/page-abc.js" nonce="${nonce}"`);
      expect(response.body, url).toContain(`<script nonce="${nonce}">window.__PLATFORM__ = `);
      expect(response.body.match(/<script(?![^>]*nonce=)/g), `${url}: a script without a nonce`).toBeNull();
    }
    expect(nonces.size).toBe(pages.length * 2);
  });

  it('lets nothing run in or frame any other response', async () => {
    for (const url of [
      '/__platform.json',
      '/payment-kit/api/ping',
      '/api/ping',
      '/payment-kit/api/nothing',
      '/assets/index-abc.js',
    ]) {
      const response = await get(url);
      expect(parsePolicy(response.headers['content-security-policy']), url).toEqual({
        'default-src': ["'none'"],
        'frame-ancestors': ["'none'"],
      });
    }
  });
});

describe.each(TEST_DIALECTS)('served pages with error reporting configured on %s', (dialect) => {
  let distRoot: string;
  let platform: TestPlatform;
  const dsn = 'https://0123abcd@o42.ingest.sentry.io/4500000000000001';
  /** Only its settings matter to the pages; the SDK itself is tested in error-reporting/. */
  const reporter: ErrorReporter = {
    settings: { dsn, sampleRate: 0.5 },
    captureRequestError: () => {},
    close: async () => {},
  };

  beforeAll(async () => {
    distRoot = mkdtempSync(join(tmpdir(), 'bazaar-csp-'));
    platform = await createTestPlatform(dialect, {
      publicUrl: 'https://shop.example',
      components: () => [makeComponent(COMPONENT_IDS.store, '/')],
      webDist: { [COMPONENT_IDS.store]: makeDist(distRoot, 'store') },
      errorReporter: reporter,
    });
  });
  afterAll(async () => {
    await platform.close();
    rmSync(distRoot, { recursive: true, force: true });
  });

  it('names the DSN’s origin in connect-src and inlines the settings into the page', async () => {
    const response = await platform.app.inject({ url: '/apps/some-app', headers: { host: 'shop.example' } });
    expect(parsePolicy(response.headers['content-security-policy'])['connect-src']).toEqual([
      "'self'",
      'wss://shop.example',
      'https://api.stripe.com',
      'https://o42.ingest.sentry.io',
    ]);
    const inlined = response.body.match(/window.__PLATFORM__ = (.*?)<\/script>/)?.[1];
    expect(JSON.parse(inlined ?? 'null').errorReporting).toEqual({ dsn, sampleRate: 0.5 });
  });
});
