import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAYMENT_LIMITS } from '@bazaar/payment-server';
import { ConfigError, readPlatformConfig } from './config.ts';
import { DEFAULT_PLATFORM_LIMITS } from './limits.ts';

describe('readPlatformConfig', () => {
  it('defaults to test mode on localhost:3000 with the SQLite file under ./data', () => {
    expect(readPlatformConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: resolve('data'),
      databaseUrl: join(resolve('data'), 'bazaar.db'),
      livemode: false,
      trustProxy: false,
      demoChain: { port: 8545 },
      publicUrl: 'http://localhost:3000',
      embedOrigins: [],
      limits: DEFAULT_PLATFORM_LIMITS,
      paymentLimits: DEFAULT_PAYMENT_LIMITS,
      webhooksAllowPrivate: false,
      stripeApi: null,
      errorReporting: null,
    });
  });

  it('reports errors only when SENTRY_DSN is set, with SENTRY_SAMPLE_RATE (default 1)', () => {
    const dsn = 'https://0123abcd@o42.ingest.sentry.io/4500000000000001';
    expect(readPlatformConfig({ SENTRY_DSN: ` ${dsn} ` }).errorReporting).toEqual({ dsn, sampleRate: 1 });
    expect(readPlatformConfig({ SENTRY_DSN: dsn, SENTRY_SAMPLE_RATE: '0.25' }).errorReporting).toEqual({
      dsn,
      sampleRate: 0.25,
    });
    for (const [value, rate] of [
      ['0', 0],
      ['1', 1],
      ['1.0', 1],
      ['.5', 0.5],
      ['', 1],
    ] as const) {
      expect(
        readPlatformConfig({ SENTRY_DSN: dsn, SENTRY_SAMPLE_RATE: value }).errorReporting?.sampleRate,
      ).toBe(rate);
    }
    // Self-hosted Sentry may live under a path; plain http suits a local stand-in.
    expect(readPlatformConfig({ SENTRY_DSN: 'http://key@127.0.0.1:9000/sentry/1' }).errorReporting?.dsn).toBe(
      'http://key@127.0.0.1:9000/sentry/1',
    );
    expect(readPlatformConfig({ SENTRY_SAMPLE_RATE: '0.5' }).errorReporting).toBeNull();
    expect(readPlatformConfig({ SENTRY_DSN: '  ' }).errorReporting).toBeNull();
  });

  it.each([
    ['not a URL', 'sentry'],
    ['no public key', 'https://o42.ingest.sentry.io/1'],
    ['no project id', 'https://key@o42.ingest.sentry.io/'],
    ['a project id that is not a number', 'https://key@o42.ingest.sentry.io/shop'],
    ['a trailing slash', 'https://key@o42.ingest.sentry.io/1/'],
    ['a query', 'https://key@o42.ingest.sentry.io/1?x=1'],
    ['another scheme', 'ftp://key@o42.ingest.sentry.io/1'],
  ])('refuses a SENTRY_DSN with %s', (_case, value) => {
    expect(() => readPlatformConfig({ SENTRY_DSN: value })).toThrow(
      `SENTRY_DSN must be a Sentry DSN such as https://<public key>@o0.ingest.sentry.io/<project id> (got "${value}")`,
    );
  });

  it('refuses a SENTRY_DSN with a secret key, since pages are told the DSN', () => {
    expect(() => readPlatformConfig({ SENTRY_DSN: 'https://public:secret@o42.ingest.sentry.io/1' })).toThrow(
      /^SENTRY_DSN must not carry a secret key/,
    );
  });

  it.each(['1.5', '-0.1', 'half', '50%', '0x1', '1e-1', 'NaN'])('refuses SENTRY_SAMPLE_RATE=%s', (value) => {
    expect(() => readPlatformConfig({ SENTRY_SAMPLE_RATE: value })).toThrow(
      new ConfigError(`SENTRY_SAMPLE_RATE must be a number from 0 to 1, such as 0.25 (got "${value}")`),
    );
  });

  it('points the Stripe SDK at STRIPE_API_URL, an http(s) origin', () => {
    expect(readPlatformConfig({ STRIPE_API_URL: 'http://127.0.0.1:12111' }).stripeApi).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(readPlatformConfig({ STRIPE_API_URL: 'https://stripe.internal' }).stripeApi).toEqual({
      host: 'stripe.internal',
      port: 443,
      protocol: 'https',
    });
    expect(() => readPlatformConfig({ STRIPE_API_URL: 'stripe.internal/v1' })).toThrow(/STRIPE_API_URL/);
  });

  it('reads each limit from its variable and refuses one that would not limit', () => {
    const { limits } = readPlatformConfig({
      RATE_LIMIT_SIGN_IN_PER_MINUTE: ' 5 ',
      EMAIL_CODES_PER_IP_PER_DAY: '200',
      SWEEP_INTERVAL_SECONDS: '',
    });
    expect(limits).toEqual({
      ...DEFAULT_PLATFORM_LIMITS,
      signInRequestsPerMinute: 5,
      emailCodesPerIpPerDay: 200,
    });
    for (const value of ['0', '-1', '2.5', 'ten', '1e3', '99999999999999999999']) {
      expect(() => readPlatformConfig({ EMAIL_CODE_ATTEMPTS_PER_WINDOW: value }), value).toThrow(ConfigError);
    }
    expect(
      readPlatformConfig({ STOCK_HOLD_SECONDS: '300', STOCK_HOLDS_PER_CUSTOMER: '1' }).paymentLimits,
    ).toEqual({ ...DEFAULT_PAYMENT_LIMITS, stockHoldSeconds: 300, stockHoldsPerCustomer: 1 });
    expect(() => readPlatformConfig({ STOCK_HOLD_SECONDS: '0' })).toThrow(ConfigError);
    expect(() => readPlatformConfig({ RATE_LIMIT_GUEST_PER_MINUTE: 'off' })).toThrow(
      'RATE_LIMIT_GUEST_PER_MINUTE must be a whole number of at least 1 (got "off")',
    );
  });

  it('follows PORT for the default public URL and takes PUBLIC_URL as an origin', () => {
    expect(readPlatformConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(readPlatformConfig({ PUBLIC_URL: 'https://Shop.Example/' }).publicUrl).toBe(
      'https://shop.example',
    );
    expect(readPlatformConfig({ PUBLIC_URL: 'https://shop.example:443' }).publicUrl).toBe(
      'https://shop.example',
    );
    expect(readPlatformConfig({ PUBLIC_URL: 'http://10.0.0.5:8080' }).publicUrl).toBe('http://10.0.0.5:8080');
  });

  it('reads the embedders, live mode, the proxy and private webhooks', () => {
    const config = readPlatformConfig({
      EMBED_ORIGINS: ' https://blog.example, https://docs.example:8443/ ,,https://blog.example',
      LIVEMODE: 'on',
      TRUST_PROXY: 'true',
      WEBHOOKS_ALLOW_PRIVATE: 'on',
    });
    expect(config.embedOrigins).toEqual(['https://blog.example', 'https://docs.example:8443']);
    expect(config).toMatchObject({
      livemode: true,
      trustProxy: true,
      demoChain: null,
      webhooksAllowPrivate: true,
    });
  });

  it.each([
    ['PUBLIC_URL', 'shop.example'],
    ['PUBLIC_URL', 'ftp://shop.example'],
    ['PUBLIC_URL', 'https://shop.example/bazaar'],
    ['PUBLIC_URL', 'https://shop.example/?x=1'],
    ['PUBLIC_URL', 'https://admin@shop.example'],
    ['PUBLIC_URL', 'javascript:alert(1)'],
    ['EMBED_ORIGINS', 'https://blog.example, not an origin'],
    ['PORT', 'eighty'],
    ['PORT', '70000'],
  ])('stops with a message naming %s for "%s"', (name, value) => {
    expect(() => readPlatformConfig({ [name]: value })).toThrow(new RegExp(`^${name} must be`));
  });
});
