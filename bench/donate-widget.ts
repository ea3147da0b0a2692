/**
 * What the donation widget costs the page that embeds it: the Store is built as shipped (its home
 * page shows the tip jar) and, in the same run, with the Payment Kit taken out (the widget, its
 * provider and everything they import replaced by `fixtures/without-payment-kit.tsx`). Each
 * build is served by a test platform and Chromium opens the home page, waits until the page has
 * settled (the widget has read its supporters), then clicks Donate and waits for the checkout.
 *
 *   npm run bench:donate-widget
 *
 * Prints, per build: gzip JavaScript fetched by the home page, and by opening the dialog.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { createTestPlatform } from '@bazaar/platform/testing';
import { COMPONENT_IDS } from '@bazaar/schemas';
import { builtScripts, kilobytes, launchChromium } from './built-scripts.ts';

const ROOT = resolve(import.meta.dirname, '..');
const APP_ROOT = join(ROOT, 'apps/store');
const WITHOUT_PAYMENT_KIT = join(import.meta.dirname, 'fixtures/without-payment-kit.tsx');
const VIEWPORT = { width: 1280, height: 860 };

interface Variant {
  name: string;
  hasWidget: boolean;
}

const VARIANTS: Variant[] = [
  { name: 'Store home with the tip jar (as shipped)', hasWidget: true },
  { name: 'Store home without the Payment Kit', hasWidget: false },
];

async function buildVariant(variant: Variant, outDir: string): Promise<void> {
  await build({
    configFile: join(APP_ROOT, 'vite.config.ts'),
    root: APP_ROOT,
    logLevel: 'error',
    ...(variant.hasWidget
      ? {}
      : {
          resolve: {
            alias: [
              { find: /^@bazaar\/payment-react\/donate$/, replacement: WITHOUT_PAYMENT_KIT },
              { find: /^@bazaar\/payment-react$/, replacement: WITHOUT_PAYMENT_KIT },
            ],
          },
        }),
    build: { outDir, emptyOutDir: true },
  });
}

/** The scripts a page asks for from now on. */
function recordScripts(page: Page): Set<string> {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.js')) scripts.add(path);
  });
  return scripts;
}

async function measure(browser: Browser, variant: Variant) {
  const outDir = mkdtempSync(join(tmpdir(), 'bazaar-donate-bench-'));
  await buildVariant(variant, outDir);
  const platform = await createTestPlatform('sqlite', {
    webDist: { [COMPONENT_IDS.store]: outDir },
    listen: true,
  });
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US' });
  try {
    const built = builtScripts(outDir, '/');
    const bytes = (scripts: Set<string>) =>
      [...scripts].reduce((sum, path) => sum + (built.get(path) ?? 0), 0);
    const page = await context.newPage();
    const onLoad = recordScripts(page);
    await page.goto(`${platform.baseUrl}/?locale=en`, { waitUntil: 'networkidle' });
    const onOpen = new Set<string>();
    if (variant.hasWidget) {
      await page.getByText('No supporters yet. Be the first!').waitFor({ timeout: 30_000 });
      const before = new Set(onLoad);
      await page.getByRole('button', { name: 'Donate' }).click();
      await page.getByRole('dialog').getByRole('radio', { name: 'Custom' }).waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      for (const path of onLoad) if (!before.has(path)) onOpen.add(path);
      for (const path of onOpen) onLoad.delete(path);
    }
    return {
      page: variant.name,
      'JS files (load / open)': `${onLoad.size} / ${onOpen.size}`,
      'JS on load (gzip)': kilobytes(bytes(onLoad)),
      'JS on opening the dialog (gzip)': kilobytes(bytes(onOpen)),
      loadBytes: bytes(onLoad),
    };
  } finally {
    await context.close();
    await platform.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

const browser = await launchChromium();
try {
  const results = [];
  for (const variant of VARIANTS) results.push(await measure(browser, variant));
  const [withWidget, without] = results;
  console.log('Store home page, Chromium, first load with an empty cache');
  console.table(results.map(({ loadBytes: _, ...row }) => row));
  console.log(
    `The widget's own JavaScript beyond what the page loads anyway: ${kilobytes(withWidget!.loadBytes - without!.loadBytes)} gzip on load`,
  );
} finally {
  await browser.close();
}
