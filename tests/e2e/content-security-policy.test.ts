import { createTranslator } from '@bazaar/i18n';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, startPlatform, type RunningPlatform } from './harness.ts';
import { E2E_TIMEOUT, fillContact, payByCard, signInFromCheckout } from './steps.ts';

let platform: RunningPlatform;

beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const REPORT_VIOLATION = '__reportCspViolation';

/**
 * Every `securitypolicyviolation` any page of the context fires, as `directive blocked-uri`,
 * kept in Node so that navigations lose none of them.
 */
async function recordViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeFunction(REPORT_VIOLATION, (violation: string) => void violations.push(violation));
  await context.addInitScript((report) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const send = (window as unknown as Record<string, (violation: string) => void>)[report]!;
      send(`${event.effectiveDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
    });
  }, REPORT_VIOLATION);
  return violations;
}

/** CssBaseline's `body { margin: 0 }` is an emotion style tag: it only applies when its nonce does. */
async function expectMuiStyles(page: Page) {
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.body).margin), E2E_TIMEOUT)
    .toBe('0px');
}

describe('the content security policy in Chromium', () => {
  it('lets the Store, the login page, the checkout and the invoice page run and style themselves', async () => {
    const t = createTranslator('en');
    const { context, page } = await openBrowser();
    const violations = await recordViolations(context);
    try {
      await page.goto(`${platform.baseUrl}/`);
      await page.getByRole('heading', { name: t('store.home.headline') }).waitFor(E2E_TIMEOUT);
      await expectMuiStyles(page);

      await page.goto(`${platform.baseUrl}/.well-known/service/user/login`);
      await page.getByLabel(t('platform.login.email.label')).waitFor(E2E_TIMEOUT);
      await expectMuiStyles(page);

      const action = t('payment.checkout.action.pay');
      await signInFromCheckout(page, platform, t, {
        link: 'plink_demo_onetime',
        action,
        email: 'csp@example.com',
      });
      await expectMuiStyles(page);
      await fillContact(page, t, 'Ada Lovelace', 'csp@example.com');
      await page.getByRole('button', { name: action, exact: true }).click();
      await payByCard(page, t, '4242 4242 4242 4242');
      await expect
        .poll(() => page.getByText(t('payment.checkout.completed.payment')).isVisible(), E2E_TIMEOUT)
        .toBe(true);

      await page.getByRole('link', { name: t('payment.checkout.completed.viewInvoice') }).click();
      await page.waitForURL(/\/payment-kit\/customer\/invoice\/in_/, E2E_TIMEOUT);
      await expect.poll(() => page.getByText('$19.99').first().isVisible(), E2E_TIMEOUT).toBe(true);
      await expectMuiStyles(page);

      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('refuses a script, an event handler and a style injected into the page without the nonce', async () => {
    const { context, page } = await openBrowser();
    const violations = await recordViolations(context);
    try {
      await page.goto(`${platform.baseUrl}/payment-kit/checkout/pay/plink_demo_onetime`);
      await expectMuiStyles(page);
      expect(violations).toEqual([]);

      // What an HTML injection looks like: markup with a handler, a style and a script of its own.
      // The script sits in a srcdoc frame, which inherits the page's policy: Chromium runs any
      // script a DevTools evaluation inserts itself, whatever the policy says.
      await page.evaluate(() => {
        const injected = document.createElement('div');
        injected.innerHTML =
          '<img src="/no-such-image.png" onerror="window.__injectedHandlerRan = true">' +
          '<style>body { margin: 33px }</style>' +
          '<iframe srcdoc="<script>parent.__injectedScriptRan = true</script>"></iframe>';
        document.body.append(injected);
      });
      await expect.poll(() => violations.length, E2E_TIMEOUT).toBeGreaterThanOrEqual(3);

      const ran = await page.evaluate(() => {
        const flags = window as unknown as Record<string, unknown>;
        return { script: flags.__injectedScriptRan ?? false, handler: flags.__injectedHandlerRan ?? false };
      });
      expect(ran).toEqual({ script: false, handler: false });
      expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
      expect(violations.map((violation) => violation.split(' ')[0])).toEqual(
        expect.arrayContaining(['script-src-elem', 'script-src-attr', 'style-src-elem']),
      );
    } finally {
      await context.close();
    }
  });
});
