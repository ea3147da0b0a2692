import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  openBrowser,
  PHONE,
  saveScreenshot,
  startPlatform,
  type RunningPlatform,
} from './harness.ts';
import { E2E_TIMEOUT } from './steps.ts';

const ONE_TIME_LINK = 'plink_demo_onetime';
const TIMEOUT = E2E_TIMEOUT;
/** Google's "good" Cumulative Layout Shift is 0.1; a checkout that only swaps skeleton for form should be near 0. */
const MAX_LAYOUT_SHIFT = 0.01;

let platform: RunningPlatform;

beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

interface Box {
  x: number;
  y: number;
  width: number;
}

/** Where the page's columns (summary, payment card) sit: their left edge, top and width. */
function columnBoxes(page: Page, container: string): Promise<Box[]> {
  return page.$$eval(`${container} > section`, (sections) =>
    sections.map((section) => {
      const rect = section.getBoundingClientRect();
      return { x: Math.round(rect.x), y: Math.round(rect.y), width: Math.round(rect.width) };
    }),
  );
}

/** Starts recording layout shifts before the page's own code runs, as Chromium reports them. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const record = globalThis as unknown as { layoutShift: number };
    record.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) record.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('checkout layout in Chromium (%s)', (name, viewport) => {
  it('keeps the columns in place from skeleton to form, without layout shift, with the pay button in reach', async () => {
    const { context, page } = await openBrowser(viewport);
    try {
      await recordLayoutShifts(page);
      await page.goto(`${platform.baseUrl}/payment-kit/checkout/pay/${ONE_TIME_LINK}?locale=en`);
      await page.locator('[aria-busy="true"] > section').first().waitFor(TIMEOUT);
      const skeleton = await columnBoxes(page, '[aria-busy="true"]');
      await saveScreenshot(page, `layout-skeleton-${name}`);

      const payButton = page.getByRole('button', { name: 'Connect and Pay' });
      await payButton.waitFor(TIMEOUT);
      const form = await columnBoxes(page, 'main > div');
      await saveScreenshot(page, `layout-form-${name}`);

      expect(form).toEqual(skeleton);
      const layoutShift = await page.evaluate(
        () => (globalThis as unknown as { layoutShift: number }).layoutShift,
      );
      expect(layoutShift).toBeLessThanOrEqual(MAX_LAYOUT_SHIFT);

      const button = await payButton.boundingBox();
      expect(button).not.toBeNull();
      expect(button!.y + button!.height).toBeLessThanOrEqual(viewport.height);
      const position = await payButton.evaluate((element) => getComputedStyle(element).position);
      expect(position).toBe(name === 'phone' ? 'sticky' : 'static');
    } finally {
      await context.close();
    }
  });
});
