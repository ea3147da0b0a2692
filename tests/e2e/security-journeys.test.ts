import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTranslator } from '@bazaar/i18n';
import { DEMO } from '@bazaar/payment-server';
import { SESSION_COOKIE } from '@bazaar/platform';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, startPlatform, type RunningPlatform } from './harness.ts';
import { E2E_TIMEOUT, enterEmailedCode } from './steps.ts';

const en = createTranslator('en');
const LOGIN = '/.well-known/service/user/login';

let platform: RunningPlatform;
let browser: { context: BrowserContext; page: Page } | null = null;

beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});
afterEach(async () => {
  await browser?.context.close();
  browser = null;
});

/** Signs in on the login page, as a person would; `redirect` is the login page's `?redirect=`. */
async function signInOnLoginPage(page: Page, email: string, redirect = '/') {
  await page.goto(`${platform.baseUrl}${LOGIN}?redirect=${redirect}`);
  await enterEmailedCode(page, platform, en, email);
  await page.waitForURL((url) => url.pathname !== LOGIN, E2E_TIMEOUT);
}

/** The session cookie the browser holds, to act as its user through `app.inject`. */
async function sessionCookie(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies(platform.baseUrl)).find(({ name }) => name === SESSION_COOKIE);
  if (!cookie) throw new Error('the browser holds no session cookie');
  return `${SESSION_COOKIE}=${cookie.value}`;
}

async function callApi(cookie: string, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) {
  const response = await platform.app.inject({
    method,
    url: `/payment-kit/api${path}`,
    headers: { cookie },
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode !== 200)
    throw new Error(`${method} ${path}: ${response.statusCode} ${response.body}`);
  return response.json();
}

/**
 * An open manual invoice of the administrator's own customer (made by a checkout they submit),
 * as the owner's dashboard would make it.
 */
async function openInvoice(cookie: string): Promise<string> {
  const started = await callApi(cookie, 'POST', `/checkout-sessions/start/${DEMO.oneTimeLinkId}`);
  await callApi(cookie, 'PUT', `/checkout-sessions/${started.checkoutSession.id}/submit`, {
    customer_name: 'Ada Admin',
    customer_email: 'admin@example.com',
    customer_phone: '',
    payment_method: DEMO.cardMethodId,
    payment_currency: DEMO.usdCurrencyId,
  });
  const customer = await callApi(cookie, 'GET', '/customers/me?livemode=false');
  const draft = await callApi(cookie, 'POST', '/invoices', {
    customer_id: customer.id,
    currency_id: DEMO.usdCurrencyId,
    lines: [{ description: 'Consulting', quantity: 1, unit_amount: '5000' }],
  });
  const open = await callApi(cookie, 'POST', `/invoices/${draft.id}/finalize`);
  expect(open.status).toBe('open');
  return draft.id;
}

/**
 * Another site on the same host (another port: same-site, so SameSite=Lax cookies go along),
 * whose page posts forms at the platform as soon as it loads, each into a frame of its own.
 */
async function startAttackerSite(targets: { action: string; enctype: string }[]): Promise<Server> {
  const forms = targets
    .map(
      ({ action, enctype }, index) =>
        `<iframe name="sink${index}"></iframe>` +
        `<form method="post" action="${action}" enctype="${enctype}" target="sink${index}">` +
        `<input type="hidden" name='{"reason":"' value='"}'></form>`,
    )
    .join('\n');
  const html = `<!doctype html><title>You won a prize</title>${forms}<script>for (const form of document.forms) form.submit();</script>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe('a signed-in administrator in Chromium', () => {
  it('visits a page on another port of the same host whose forms try to void an invoice and log out: nothing happens', async () => {
    browser = await openBrowser();
    const { context, page } = browser;
    // The first person signed in on a test platform owns it.
    await signInOnLoginPage(page, 'admin@example.com');
    const cookie = await sessionCookie(context);
    const invoiceId = await openInvoice(cookie);

    const voidUrl = `${platform.baseUrl}/payment-kit/api/invoices/${invoiceId}/void`;
    const logoutUrl = `${platform.baseUrl}/.well-known/service/user/logout`;
    const targets = [voidUrl, logoutUrl].flatMap((action) =>
      ['text/plain', 'application/x-www-form-urlencoded'].map((enctype) => ({ action, enctype })),
    );
    const attacker = await startAttackerSite(targets);
    try {
      const answers: { url: string; status: number }[] = [];
      // Only the forms' posts: the page signed in on (the Store's home) may still be posting its own.
      const targetUrls = new Set(targets.map(({ action }) => action));
      page.on('response', (response) => {
        if (response.request().method() === 'POST' && targetUrls.has(response.url()))
          answers.push({ url: response.url(), status: response.status() });
      });
      await page.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
      await expect.poll(() => answers.length, E2E_TIMEOUT).toBe(targets.length);
      // Every form reached the platform with the session cookie and was refused there.
      expect(answers.map(({ status }) => status)).toEqual(targets.map(() => 403));
    } finally {
      // The browser keeps its connection alive; close would wait a minute for it.
      attacker.closeAllConnections();
      await new Promise((resolve) => attacker.close(resolve));
    }

    expect((await callApi(cookie, 'GET', `/invoices/${invoiceId}`)).status).toBe('open');
    const session = await page.request.get(`${platform.baseUrl}/.well-known/service/user/session`);
    expect((await session.json()).user).toMatchObject({ email: 'admin@example.com' });
  });

  it('signs in from a login link whose redirect points at another site, and stays on the platform', async () => {
    browser = await openBrowser();
    // Were the redirect followed, the browser would land here, not on a failed lookup.
    await browser.context.route('http://evil.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>evil.example</h1>' }),
    );
    const { page } = browser;
    await signInOnLoginPage(page, 'redirected@example.com', '/.//evil.example/x');
    await page.waitForLoadState();
    expect(new URL(page.url()).origin).toBe(platform.baseUrl);
    expect(await page.getByText('evil.example').count()).toBe(0);
  });
});
