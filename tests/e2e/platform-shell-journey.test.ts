import { createTranslator } from '@bazaar/i18n';
import { ANALYTICS_PATH } from '@bazaar/schemas';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  openBrowser,
  PHONE,
  saveSettledScreenshot,
  startPlatform,
  type RunningPlatform,
} from './harness.ts';
import { blockingViolations } from './axe.ts';
import { E2E_TIMEOUT, enterEmailedCode } from './steps.ts';

const TIMEOUT = E2E_TIMEOUT;
/** A 4×4 red PNG, standing in for a person's photo. */
const A_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4IScHRwzEcQCxYxBB16puEAAAAABJRU5ErkJggg==';

let platform: RunningPlatform;
let ownerCookie: string;

beforeAll(async () => {
  platform = await startPlatform();
  ownerCookie = (await platform.signIn('owner@example.com')).cookie;
});
afterAll(async () => {
  await platform?.close();
});

/** Page views the platform counted for `path` today, as its admin reads them. */
async function countedViews(path: string): Promise<number> {
  const response = await platform.app.inject({
    url: `${ANALYTICS_PATH}/counts?kind=pageview&path=${encodeURIComponent(path)}`,
    headers: { cookie: ownerCookie },
  });
  expect(response.statusCode).toBe(200);
  const { list } = response.json() as { list: Array<{ path: string; count: number }> };
  return list.filter((row) => row.path === path).reduce((sum, row) => sum + row.count, 0);
}

/** Every request the page makes for the analytics script or its pings. */
function analyticsRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(ANALYTICS_PATH)) seen.push(request.url());
  });
  return seen;
}

describe('the cookie banner, in Chromium', () => {
  it('asks a first visitor; accepting loads analytics, which counts the pages they open', async () => {
    const t = createTranslator('en');
    const { context, page } = await openBrowser(DESKTOP, 'en-US', { consent: null });
    try {
      const before = await countedViews('/search');
      await page.goto(`${platform.baseUrl}/?locale=en`);
      const banner = page.getByRole('region', { name: t('platform.shell.consent.label') });
      await banner.waitFor(TIMEOUT);
      await saveSettledScreenshot(page, 'shell-consent-en-desktop');
      expect(await blockingViolations(page)).toEqual([]);
      await banner.getByRole('button', { name: t('platform.shell.consent.accept') }).click();
      await banner.waitFor({ state: 'detached', ...TIMEOUT });

      // The choice holds on the next page, which is counted (the script sends when the page hides).
      await page.goto(`${platform.baseUrl}/search`);
      await page.getByRole('navigation', { name: t('platform.shell.nav.label') }).waitFor(TIMEOUT);
      expect(await banner.count()).toBe(0);
      await page.goto(`${platform.baseUrl}/`);
      await expect.poll(() => countedViews('/search'), TIMEOUT).toBe(before + 1);
      const cookies = await context.cookies();
      expect(cookies.find((cookie) => cookie.name === 'bazaar_cookie_consent')).toMatchObject({
        value: 'accepted',
      });
    } finally {
      await context.close();
    }
  });

  it('remembers a decline, in Chinese on a phone, and never loads analytics', async () => {
    const t = createTranslator('zh');
    const { context, page } = await openBrowser(PHONE, 'zh-CN', { consent: null });
    try {
      const requests = analyticsRequests(page);
      await page.goto(`${platform.baseUrl}/?locale=zh`);
      const banner = page.getByRole('region', { name: t('platform.shell.consent.label') });
      await banner.getByText(t('platform.shell.consent.text')).waitFor(TIMEOUT);
      await saveSettledScreenshot(page, 'shell-consent-zh-phone');
      await banner.getByRole('button', { name: t('platform.shell.consent.decline') }).click();
      await banner.waitFor({ state: 'detached', ...TIMEOUT });

      await page.reload();
      await page.getByRole('link', { name: t('platform.shell.signIn') }).waitFor(TIMEOUT);
      expect(await banner.count()).toBe(0);
      expect(requests).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('one header across the platform, in Chromium', () => {
  it.each([
    { locale: 'en', other: 'zh', viewport: DESKTOP, device: 'desktop', email: 'shell-en@example.com' },
    { locale: 'zh', other: 'en', viewport: PHONE, device: 'phone', email: 'shell-zh@example.com' },
  ] as const)(
    'a visitor opens a guarded Store page, signs in, comes back, crosses to the Payment Kit and logs out ($locale, $device)',
    async ({ locale, other, viewport, device, email }) => {
      const t = createTranslator(locale);
      // An emailed sign-in names the person after their address until they choose a name.
      const name = email.slice(0, email.indexOf('@'));
      const { context, page } = await openBrowser(viewport, locale === 'zh' ? 'zh-CN' : 'en-US');
      try {
        await page.goto(`${platform.baseUrl}/profile?locale=${locale}`);
        await page.waitForURL(/\/\.well-known\/service\/user\/login\?redirect=%2Fprofile/, TIMEOUT);
        // The sign-in page wears the same header, without offering to sign in again.
        await page.getByRole('link', { name: 'Bazaar' }).waitFor(TIMEOUT);
        expect(await page.getByRole('link', { name: t('platform.shell.signIn') }).count()).toBe(0);
        await saveSettledScreenshot(page, `shell-sign-in-${locale}-${device}`);
        await enterEmailedCode(page, platform, t, email);
        await page.waitForURL(/\/profile\?locale=/, TIMEOUT);

        const account = page.getByRole('button', { name: t('platform.shell.account.label', { name: name }) });
        await account.waitFor(TIMEOUT);
        expect(await blockingViolations(page)).toEqual([]);

        // A new picture replaces the identicon, on the page and in the header alike.
        await page.locator('input[type="file"]').setInputFiles({
          name: 'me.png',
          mimeType: 'image/png',
          buffer: Buffer.from(A_PNG, 'base64'),
        });
        await page.getByText(t('store.profile.avatar.uploaded')).waitFor(TIMEOUT);
        await expect
          .poll(() => page.locator('header img').getAttribute('src'), TIMEOUT)
          .toMatch(/\/avatar\/[^?]+\?v=/);
        await saveSettledScreenshot(page, `shell-profile-${locale}-${device}`);

        // The language chosen in the account menu follows the person into the Payment Kit.
        const tOther = createTranslator(other);
        await account.click();
        await page.getByRole('menuitem', { name: other === 'zh' ? '中文' : 'English' }).click();
        const accountNow = page.getByRole('button', {
          name: tOther('platform.shell.account.label', { name }),
        });
        await accountNow.click(TIMEOUT);
        await page.getByRole('menuitem', { name: tOther('platform.shell.account.billing') }).click();
        await page.waitForURL(/\/payment-kit\/customer/, TIMEOUT);
        await page.getByRole('heading', { name: tOther('payment.customer.title') }).waitFor(TIMEOUT);
        await saveSettledScreenshot(page, `shell-billing-${other}-${device}`);
        expect(await blockingViolations(page)).toEqual([]);

        await accountNow.click();
        await page.getByRole('menuitem', { name: tOther('platform.shell.account.logout') }).click();
        await page.waitForURL(`${platform.baseUrl}/`, TIMEOUT);
        await page.getByRole('link', { name: tOther('platform.shell.signIn') }).waitFor(TIMEOUT);
      } finally {
        await context.close();
      }
    },
  );
});
