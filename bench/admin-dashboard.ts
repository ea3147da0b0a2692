/**
 * What the Payment Kit's admin dashboard costs an operator's browser on its first load, next to
 * the hosted checkout measured the same way in the same run, and whether any of the dashboard's
 * code reaches the checkout: the shipped build is served by a test platform, and Chromium (a fresh
 * context per load) opens /payment-kit/admin/overview signed in as the owner, then the checkout.
 *
 *   npm run bench:admin-dashboard   (or: node bench/admin-dashboard.ts)
 *
 * Prints, per page: the JavaScript files it fetched until it was ready and their gzip size; what
 * the dashboard fetched that the checkout did not; and whether the checkout fetched the
 * dashboard's entry chunk (`admin-app-*.js`, which every dashboard page is lazily loaded from).
 */
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { SESSION_COOKIE } from '@bazaar/platform';
import { createTestPlatform } from '@bazaar/platform/testing';
import { createTranslator } from '@bazaar/i18n';
import { buildWebApps } from '../scripts/build-web.ts';
import { builtScripts, kilobytes, launchChromium } from './built-scripts.ts';

const OUT_DIR = resolve(import.meta.dirname, '../apps/payment-web/dist');
const VIEWPORT = { width: 1280, height: 860 };
const t = createTranslator('en');

interface PageLoad {
  page: string;
  path: string;
  /** What shows once the page is usable. */
  ready: string;
}

const ADMIN: PageLoad = {
  page: 'admin dashboard (overview)',
  path: '/payment-kit/admin/overview?locale=en',
  ready: t('payment.admin.overview.title'),
};
const CHECKOUT: PageLoad = {
  page: 'baseline: hosted checkout',
  path: '/payment-kit/checkout/pay/plink_demo_onetime?locale=en',
  ready: t('payment.checkout.action.connect', { action: t('payment.checkout.action.pay') }),
};

/** The scripts a fresh browser fetched until `load` was ready. */
async function scriptsOf(browser: Browser, baseUrl: string, load: PageLoad, cookie: string | null) {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US' });
  try {
    if (cookie) {
      await context.addCookies([
        {
          name: SESSION_COOKIE,
          value: cookie.slice(SESSION_COOKIE.length + 1),
          url: baseUrl,
          httpOnly: true,
        },
      ]);
    }
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.endsWith('.js')) scripts.add(path);
    });
    await page.goto(`${baseUrl}${load.path}`);
    await page
      .getByRole(load === ADMIN ? 'heading' : 'button', { name: load.ready })
      .waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    return scripts;
  } finally {
    await context.close();
  }
}

buildWebApps();
const platform = await createTestPlatform('sqlite', { listen: true });
const browser = await launchChromium();
try {
  const { cookie } = await platform.signIn('owner@example.com');
  const built = builtScripts(OUT_DIR, '/payment-kit/');
  const admin = await scriptsOf(browser, platform.baseUrl, ADMIN, cookie);
  const checkout = await scriptsOf(browser, platform.baseUrl, CHECKOUT, null);
  const gzip = (scripts: Set<string>) => [...scripts].reduce((sum, path) => sum + (built.get(path) ?? 0), 0);
  const adminOnly = [...admin].filter((path) => !checkout.has(path));
  const rows = [
    { page: ADMIN.page, 'JS files': admin.size, 'JS first load (gzip)': kilobytes(gzip(admin)) },
    { page: CHECKOUT.page, 'JS files': checkout.size, 'JS first load (gzip)': kilobytes(gzip(checkout)) },
  ];
  console.log(
    `Chromium, first load of each page in a fresh context; build: ${join('apps', 'payment-web', 'dist')}`,
  );
  console.table(rows);
  const checkoutFetchedAdmin = [...checkout].some((path) => /\/admin-app-[^/]+\.js$/.test(path));
  console.log(
    `Fetched by the dashboard and not by the checkout: ${adminOnly.length} files, ${kilobytes(gzip(new Set(adminOnly)))} gzip.`,
  );
  console.log(`The checkout fetched the dashboard's entry chunk: ${checkoutFetchedAdmin ? 'YES' : 'no'}.`);
} finally {
  await browser.close();
  await platform.close();
}
