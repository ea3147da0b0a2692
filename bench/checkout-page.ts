/**
 * What the hosted checkout costs a payer's browser, code-split (as shipped) against one single
 * bundle, in the same run: the Payment Kit pages are built both ways into temporary folders, each
 * is served by a test platform, and Chromium (4× CPU throttling, a fresh profile per load) opens
 * /payment-kit/checkout/pay/plink_demo_onetime.
 *
 *   npx node bench/checkout-page.ts [loads=5]
 *
 * Prints, per build: gzip JavaScript the checkout route fetched on its first load, gzip
 * JavaScript of the whole build, and the median Largest Contentful Paint.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { createTestPlatform } from '@bazaar/platform/testing';
import { COMPONENT_IDS } from '@bazaar/schemas';
import { builtScripts, kilobytes, launchChromium } from './built-scripts.ts';

const ROOT = resolve(import.meta.dirname, '..');
const APP_ROOT = join(ROOT, 'apps/payment-web');
const LOADS = Number(process.argv[2] ?? 5);
const CHECKOUT_PATH = '/payment-kit/checkout/pay/plink_demo_onetime?locale=en';
const CPU_SLOWDOWN = 4;
const VIEWPORT = { width: 1280, height: 860 };
/** A guest's form is ready when its main action shows. */
const READY_BUTTON = 'Connect and Pay';
/** One uncounted load first, so the server's own warm-up (JIT, first queries) is not charged to the page. */
const WARM_UP_LOADS = 1;
/** LCP may still move to a later, larger paint for a moment after the form shows. */
const LCP_SETTLE_MS = 500;

interface Variant {
  name: string;
  isCodeSplit: boolean;
}

const VARIANTS: Variant[] = [
  { name: 'code-split (as shipped)', isCodeSplit: true },
  { name: 'single bundle', isCodeSplit: false },
];

async function buildVariant(variant: Variant, outDir: string): Promise<void> {
  await build({
    configFile: join(APP_ROOT, 'vite.config.ts'),
    root: APP_ROOT,
    logLevel: 'error',
    build: {
      outDir,
      emptyOutDir: true,
      // Vite 8 (Rolldown) spells Rollup's `inlineDynamicImports: true` as `codeSplitting: false`.
      ...(variant.isCodeSplit ? {} : { rolldownOptions: { output: { codeSplitting: false } } }),
    },
  });
}

interface Load {
  lcpMs: number;
  scripts: Set<string>;
}

async function loadOnce(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US' });
  try {
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.endsWith('.js')) scripts.add(path);
    });
    await page.addInitScript(() => {
      const record = globalThis as unknown as { lcp: number };
      record.lcp = 0;
      new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1);
        if (last) record.lcp = last.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url);
    await page.getByRole('button', { name: READY_BUTTON }).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(LCP_SETTLE_MS);
    const lcpMs = await page.evaluate(() => (globalThis as unknown as { lcp: number }).lcp);
    return { lcpMs: Math.round(lcpMs), scripts };
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

async function measure(browser: Browser, variant: Variant) {
  const outDir = mkdtempSync(join(tmpdir(), 'bazaar-checkout-bench-'));
  await buildVariant(variant, outDir);
  // Listening at its public URL: a page asked for at another loopback name is redirected there.
  const platform = await createTestPlatform('sqlite', {
    webDist: { [COMPONENT_IDS.paymentKit]: outDir },
    listen: true,
  });
  try {
    const { baseUrl } = platform;
    const built = builtScripts(outDir, '/payment-kit/');
    for (let run = 0; run < WARM_UP_LOADS; run += 1) await loadOnce(browser, `${baseUrl}${CHECKOUT_PATH}`);
    const loads: Load[] = [];
    for (let run = 0; run < LOADS; run += 1)
      loads.push(await loadOnce(browser, `${baseUrl}${CHECKOUT_PATH}`));
    const firstLoad = [...loads[0]!.scripts].reduce((sum, path) => sum + (built.get(path) ?? 0), 0);
    const total = [...built.values()].reduce((sum, bytes) => sum + bytes, 0);
    return {
      build: variant.name,
      'JS files (first load / built)': `${loads[0]!.scripts.size} / ${built.size}`,
      'JS first load (gzip)': kilobytes(firstLoad),
      'JS total (gzip)': kilobytes(total),
      'LCP median': `${median(loads.map((load) => load.lcpMs))} ms`,
      'LCP loads': loads.map((load) => load.lcpMs).join(', '),
    };
  } finally {
    await platform.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

const browser = await launchChromium();
try {
  const results = [];
  for (const variant of VARIANTS) results.push(await measure(browser, variant));
  console.log(`Checkout ${CHECKOUT_PATH}, Chromium, ${CPU_SLOWDOWN}× CPU slowdown, median of ${LOADS} loads`);
  console.table(results);
} finally {
  await browser.close();
}
