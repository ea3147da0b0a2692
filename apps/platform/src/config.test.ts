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
    });
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
