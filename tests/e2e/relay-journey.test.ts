import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO } from '@bazaar/payment-server';
import { SESSION_COOKIE } from '@bazaar/platform';
import { eventsChannel, RELAY_PATH } from '@bazaar/schemas';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, startPlatform, type RunningPlatform } from './harness.ts';
import { E2E_TIMEOUT } from './steps.ts';

/** What a page's relay socket heard, kept on its window by `listenToRelay`. */
interface RelayProbe {
  relayHeard: string[];
  relaySocket: WebSocket;
}

/** Runs in the page: opens the relay socket as any script of that page could, and subscribes. */
function listenToRelay({ url, channel }: { url: string; channel: string }): Promise<void> {
  const probe = window as unknown as RelayProbe;
  probe.relayHeard = [];
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    probe.relaySocket = socket;
    socket.onerror = () => reject(new Error('the relay socket failed'));
    socket.onopen = () => socket.send(JSON.stringify({ type: 'subscribe', channel }));
    socket.onmessage = (message) => {
      const frame = JSON.parse(String(message.data));
      if (frame.type === 'subscribed') resolve();
      if (frame.type === 'event') probe.relayHeard.push(`${frame.event.type} ${frame.event.data.id}`);
    };
  });
}

/** Runs in the page: everything heard so far (a pong answers after every frame sent before it). */
function relayHeard(): Promise<string[]> {
  const probe = window as unknown as RelayProbe;
  return new Promise((resolve) => {
    probe.relaySocket.addEventListener('message', function onPong(message) {
      if (JSON.parse(String(message.data)).type !== 'pong') return;
      probe.relaySocket.removeEventListener('message', onPong);
      resolve(probe.relayHeard);
    });
    probe.relaySocket.send(JSON.stringify({ type: 'ping' }));
  });
}

let platform: RunningPlatform;
let browser: { context: BrowserContext; page: Page } | null = null;
let attacker: Server | null = null;

beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await browser?.context.close();
  // The browser keeps its connection alive; close would wait a minute for it.
  attacker?.closeAllConnections();
  await new Promise((resolve) => (attacker ? attacker.close(resolve) : resolve(undefined)));
  await platform?.close();
});

async function payForLicense(cookie: string): Promise<string> {
  const call = async (method: 'POST' | 'PUT', url: string, payload?: object, headers = { cookie }) => {
    const response = await platform.app.inject({ method, url: `/payment-kit/api${url}`, headers, payload });
    if (response.statusCode !== 200)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const started = await call('POST', `/checkout-sessions/start/${DEMO.oneTimeLinkId}`);
  const sessionId: string = started.checkoutSession.id;
  const submitted = await call('PUT', `/checkout-sessions/${sessionId}/submit`, {
    customer_name: 'Pat Payer',
    customer_email: 'payer@example.com',
    payment_method: DEMO.cardMethodId,
    payment_currency: DEMO.usdCurrencyId,
    billing_address: { country: 'us', postal_code: '94107' },
  });
  await call(
    'POST',
    `/test-card/payment-intents/${submitted.paymentIntent.id}/confirm`,
    {
      client_secret: submitted.stripeContext.client_secret,
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
    },
    { cookie: '' },
  );
  return sessionId;
}

describe('the relay in Chromium', () => {
  it("hears a payer's payment on the payer's own page, and nothing on another site's page carrying the payer's cookie", async () => {
    // The first person signed in on a test platform owns it (and hears everything); the payer is the second.
    await platform.signIn('owner@example.com');
    const payer = await platform.signIn('payer@example.com');
    browser = await openBrowser();
    const { context, page } = browser;
    await context.addCookies([
      {
        name: SESSION_COOKIE,
        value: payer.cookie.slice(SESSION_COOKIE.length + 1),
        url: platform.baseUrl,
        httpOnly: true,
        sameSite: 'Lax',
      },
    ]);
    // Another port of the same host is the same site: SameSite=Lax sends the cookie with its socket.
    attacker = createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Prizes</title>'),
    );
    await new Promise<void>((resolve) => attacker!.listen(0, '127.0.0.1', resolve));
    const attackerPage = await context.newPage();
    await attackerPage.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
    await page.goto(`${platform.baseUrl}/`);

    const relay = {
      url: `${platform.baseUrl.replace('http', 'ws')}${RELAY_PATH}`,
      channel: eventsChannel('bazaar'),
    };
    await page.evaluate(listenToRelay, relay);
    await attackerPage.evaluate(listenToRelay, relay);
    const sessionId = await payForLicense(payer.cookie);

    await expect
      .poll(() => page.evaluate(relayHeard), E2E_TIMEOUT)
      .toContain(`checkout.session.completed ${sessionId}`);
    expect(await attackerPage.evaluate(relayHeard)).toEqual([]);
  });
});
