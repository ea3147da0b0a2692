import { describe, expect, it } from 'vitest';
import { createTestPlatform } from '../testing.ts';

const PAGE = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'sec-fetch-mode': 'navigate' };

async function withPlatform(
  publicUrl: string,
  run: (
    inject: (
      host: string,
      headers?: object,
    ) => Promise<{ statusCode: number; headers: Record<string, unknown> }>,
  ) => Promise<void>,
) {
  const platform = await createTestPlatform('sqlite', { components: () => [], webDist: {}, publicUrl });
  try {
    await run((host, headers = PAGE) =>
      platform.app.inject({ url: '/payment-kit/checkout/pay/cs_1?locale=en', headers: { host, ...headers } }),
    );
  } finally {
    await platform.close();
  }
}

describe('page loads at a loopback alias of a loopback public URL', () => {
  it('are sent to the same path on the public URL', async () => {
    await withPlatform('http://localhost:3000', async (inject) => {
      for (const host of ['127.0.0.1:3000', '127.0.0.2:3000', '[::1]:3000', 'localhost:3001']) {
        const response = await inject(host);
        expect(response.statusCode, host).toBe(307);
        expect(response.headers.location).toBe(
          'http://localhost:3000/payment-kit/checkout/pay/cs_1?locale=en',
        );
      }
    });
  });

  it('are left alone at the public host, for other hosts, and for API calls', async () => {
    await withPlatform('http://localhost:3000', async (inject) => {
      expect((await inject('localhost:3000')).statusCode).toBe(404);
      expect((await inject('shop.example')).statusCode).toBe(404);
      expect((await inject('127.0.0.1:3000', { accept: 'application/json' })).statusCode).toBe(404);
    });
  });

  it('are never redirected when the public URL is not a loopback address', async () => {
    await withPlatform('https://shop.example', async (inject) => {
      expect((await inject('127.0.0.1:3000')).statusCode).toBe(404);
    });
  });
});
