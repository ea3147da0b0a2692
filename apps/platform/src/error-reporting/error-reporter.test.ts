import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { COMPONENT_IDS, REGISTRY_PATH } from '@bazaar/schemas';
import { AppError, useZod, type PlatformComponent } from '@bazaar/server-kit';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import * as Sentry from '@sentry/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readPlatformConfig } from '../config.ts';
import { createTestPlatform, type TestPlatform } from '../testing.ts';
import { startErrorReporting, type ErrorReporter } from './error-reporter.ts';

const SECRET_OF_THE_PAGE = 'ann@example.com';

interface Received {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A stand-in for Sentry's ingest: it records every request and answers as Sentry does. */
async function startSentryStandIn(): Promise<{ server: Server; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: body.toString('utf8'),
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, received };
}

/** A component whose routes fail in each way a route can. */
const failing: PlatformComponent = {
  did: COMPONENT_IDS.store,
  name: 'Store',
  mountPoint: '/',
  api: async (app) => {
    app.get('/boom', async () => {
      throw new Error('The ledger is on fire');
    });
    app.get('/missing', async () => {
      throw new AppError('NOT_FOUND', 'No such ledger: the caller asked for one that is not there');
    });
    useZod(app).post('/strict', { schema: { body: z.object({ name: z.string() }) } }, async () => ({}));
  },
  migrate: async () => {},
  seed: async () => {},
  start: () => {},
  stop: async () => {},
};

describe.each(TEST_DIALECTS)('error reporting on %s', (dialect) => {
  let standIn: Awaited<ReturnType<typeof startSentryStandIn>>;
  let platform: TestPlatform | undefined;
  let reporter: ErrorReporter | null = null;

  beforeAll(async () => {
    standIn = await startSentryStandIn();
  });
  afterAll(async () => {
    await new Promise((resolve) => standIn.server.close(resolve));
  });
  beforeEach(() => {
    standIn.received.length = 0;
  });
  afterEach(async () => {
    await platform?.close();
    await reporter?.close();
    platform = undefined;
    reporter = null;
    expect(Sentry.isInitialized(), 'no SDK client is left behind').toBe(false);
  });

  async function open(env: Record<string, string>) {
    reporter = await startErrorReporting(readPlatformConfig(env).errorReporting);
    platform = await createTestPlatform(dialect, {
      components: () => [failing],
      errorReporter: reporter ?? undefined,
    });
    return platform;
  }

  const dsnOf = (port: number) => `http://publickey@127.0.0.1:${port}/1`;

  it('sends an unexpected error to the DSN as a Sentry envelope, without the page’s data', async () => {
    const { app } = await open({ SENTRY_DSN: dsnOf(standIn.port) });
    expect(Sentry.isInitialized()).toBe(true);

    const response = await app.inject({
      url: `/api/boom?email=${SECRET_OF_THE_PAGE}`,
      headers: { cookie: `bazaar_cookie_consent=accepted; theme=${SECRET_OF_THE_PAGE}` },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong' } });
    await reporter!.close();

    expect(standIn.received).toHaveLength(1);
    const [envelope] = standIn.received;
    expect(envelope!.method).toBe('POST');
    expect(envelope!.url).toMatch(/^\/api\/1\/envelope\//);
    expect(`${envelope!.url} ${envelope!.headers['x-sentry-auth']}`).toContain('sentry_key=publickey');
    // An envelope is newline-separated JSON: its header, then each item's header and payload.
    const [header, itemHeader, event] = envelope!.body.split('\n').map((line) => JSON.parse(line));
    expect(header).toMatchObject({ event_id: event.event_id, sdk: { name: 'sentry.javascript.node' } });
    expect(itemHeader.type).toBe('event');
    expect(event.exception.values[0]).toMatchObject({ type: 'Error', value: 'The ledger is on fire' });
    expect(event.tags).toMatchObject({ 'http.method': 'GET', 'http.route': '/api/boom' });
    expect(envelope!.body).not.toContain(SECRET_OF_THE_PAGE);
    expect(envelope!.body).not.toContain('bazaar_cookie_consent');
  });

  it('sends nothing for what the caller got wrong (4xx)', async () => {
    const { app } = await open({ SENTRY_DSN: dsnOf(standIn.port) });
    expect((await app.inject({ url: '/api/missing' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api/strict', payload: {} })).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/nothing-here' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/boom' })).statusCode).toBe(500);
    await reporter!.close();
    expect(standIn.received).toHaveLength(1);
    const event = JSON.parse(standIn.received[0]!.body.split('\n')[2]!);
    expect(event.exception.values.map((value: { value: string }) => value.value)).toEqual([
      'The ledger is on fire',
    ]);
  });

  it('sends the share SENTRY_SAMPLE_RATE asks for: none at 0', async () => {
    const { app } = await open({ SENTRY_DSN: dsnOf(standIn.port), SENTRY_SAMPLE_RATE: '0' });
    expect(Sentry.isInitialized()).toBe(true);
    for (let index = 0; index < 5; index += 1) {
      expect((await app.inject({ url: '/api/boom' })).statusCode).toBe(500);
    }
    await reporter!.close();
    expect(standIn.received).toEqual([]);
  });

  it('tells the pages the DSN and sample rate through the registry', async () => {
    const { app } = await open({ SENTRY_DSN: dsnOf(standIn.port), SENTRY_SAMPLE_RATE: '0.25' });
    expect((await app.inject({ url: REGISTRY_PATH })).json().errorReporting).toEqual({
      dsn: dsnOf(standIn.port),
      sampleRate: 0.25,
    });
  });

  it('without a DSN initialises no SDK, tells the pages nothing and sends nothing anywhere', async () => {
    const { app } = await open({});
    expect(reporter).toBeNull();
    expect(Sentry.isInitialized()).toBe(false);
    expect((await app.inject({ url: REGISTRY_PATH })).json().errorReporting).toBeNull();

    expect((await app.inject({ url: '/api/boom' })).statusCode).toBe(500);
    await Sentry.flush(500);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(standIn.received).toEqual([]);
    expect(Sentry.isInitialized()).toBe(false);
  });
});
