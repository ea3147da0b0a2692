import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { createTestPlatform, startDemoChain } from '@bazaar/platform/testing';
import { CONSENT_COOKIE } from '@bazaar/schemas';
import { createManualClock } from '@bazaar/server-kit';
import { startStripeStandIn } from '@bazaar/stripe-stand-in';
import { buildWebApps } from '../../scripts/build-web.ts';

const ARTIFACTS = resolve(import.meta.dirname, '../../.test-artifacts/e2e');

/**
 * The whole platform on a free port of 127.0.0.1, with its built pages and a captured mailbox;
 * that address is its public URL (`baseUrl`), which the wallet's sign-in messages name.
 * `withDemoChain` also runs the demo's local Ethereum chain (TUSD in development accounts 1..8)
 * on a free port, for journeys that pay with a wallet; `withStripe` a stand-in for Stripe's
 * servers, which keyed Stripe methods' requests go to (`stripe`); `withDemoApps` the Store's demo
 * catalogue (a paid app among them). `atRealTime` starts the platform's clock at the real time
 * rather than the tests' fixed day, for journeys whose pages count back from the browser's now;
 * `allowPrivateWebhooks` lets webhook endpoints on 127.0.0.1 (a journey's own receiver) receive.
 */
export async function startPlatform({
  withDemoChain = false,
  withStripe = false,
  withDemoApps = false,
  atRealTime = false,
  allowPrivateWebhooks = false,
} = {}) {
  buildWebApps();
  const chain = withDemoChain ? await startDemoChain({ port: 0 }) : null;
  const stripe = withStripe ? await startStripeStandIn() : null;
  try {
    const platform = await createTestPlatform('sqlite', {
      listen: true,
      demoApps: withDemoApps,
      allowPrivateWebhooks,
      ...(stripe && { stripeApi: { host: stripe.host, port: stripe.port, protocol: 'http' as const } }),
      ...(chain && { demoChain: { rpcUrl: chain.rpcUrl } }),
      // The page's wallet dates its EIP-4361 messages by the real clock, which the server checks them against.
      ...((chain || atRealTime) && { clock: createManualClock(Math.floor(Date.now() / 1000)) }),
    });
    return {
      ...platform,
      chain,
      stripe,
      async close() {
        await platform.close();
        await chain?.close();
        await stripe?.close();
      },
    };
  } catch (error) {
    await chain?.close();
    await stripe?.close();
    throw error;
  }
}
export type RunningPlatform = Awaited<ReturnType<typeof startPlatform>>;

export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 390, height: 844 };

/**
 * Debian's Chromium with a fresh profile, as a person's browser would be. Unless a journey is about the question itself, the person already
 * answered the cookie banner (`consent`), so it does not cover what the journey clicks.
 */
export async function openBrowser(
  viewport = DESKTOP,
  locale = 'en-US',
  { consent = 'declined' }: { consent?: 'accepted' | 'declined' | null } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const profile = mkdtempSync(join(tmpdir(), 'bazaar-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport,
    locale,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  context.on('close', () => rmSync(profile, { recursive: true, force: true, maxRetries: 5 }));
  if (consent)
    await context.addCookies([{ name: CONSENT_COOKIE, value: consent, domain: '127.0.0.1', path: '/' }]);
  const page = context.pages()[0] ?? (await context.newPage());
  // A failing journey is read from what the page said and which requests it refused.
  page.on('console', (message) => {
    if (message.type() === 'error') console.log(`[browser] ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) console.log(`[browser] ${response.status()} ${response.url()}`);
  });
  return { context, page };
}

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** MUI fades dialogs and colours in 300 ms (a status chip turning paid): pictures wait for the end. */
const TRANSITION_MS = 350;

/** A screenshot of the page once MUI's transitions have finished. */
export async function saveSettledScreenshot(page: Page, name: string): Promise<string> {
  await page.waitForTimeout(TRANSITION_MS);
  return saveScreenshot(page, name);
}

/** The latest sign-in code mailed to `email`, as the person would read it in their inbox. */
export function latestCode(platform: RunningPlatform, email: string): string {
  const message = platform.mailbox.filter((mail) => mail.to === email).at(-1);
  const code = message?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no sign-in code was mailed to ${email}`);
  return code;
}
