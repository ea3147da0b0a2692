import { createTranslator, type Translate } from '@bazaar/i18n';
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
import { blockingViolations } from './axe.ts';
import { E2E_TIMEOUT, fillContact, payByCard, signInWithEmailedCode } from './steps.ts';

const ONE_TIME_LINK = 'plink_demo_onetime';
const TIMEOUT = E2E_TIMEOUT;

let platform: RunningPlatform;

beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

/** Audits the state on screen at both widths, phone first when the page is already on a phone. */
async function auditBothWidths(page: Page, name: string): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  const widths = page.viewportSize()?.width === PHONE.width ? [PHONE, DESKTOP] : [DESKTOP, PHONE];
  for (const viewport of widths) {
    await page.setViewportSize(viewport);
    const label = `${name}-${viewport === PHONE ? 'phone' : 'desktop'}`;
    await saveScreenshot(page, `a11y-${label}`);
    found[label] = await blockingViolations(page);
  }
  return found;
}

async function payAsNewCustomer(page: Page, t: Translate, email: string) {
  await fillContact(page, t, 'Ada Lovelace', email);
  await page.getByRole('button', { name: t('payment.checkout.action.pay'), exact: true }).click();
  await payByCard(page, t);
}

describe.each([
  ['en', 'en-US', 'ada11y@example.com'],
  ['zh', 'zh-CN', 'lin11y@example.com'],
] as const)('accessibility of the checkout in Chromium (%s)', (locale, browserLocale, email) => {
  it('has no serious or critical axe violations on the guest form, login, payer form and success panel', async () => {
    const t = createTranslator(locale);
    const { context, page } = await openBrowser(DESKTOP, browserLocale);
    const found: Record<string, string[]> = {};
    try {
      await page.goto(`${platform.baseUrl}/payment-kit/checkout/pay/${ONE_TIME_LINK}?locale=${locale}`);
      const connect = page.getByRole('button', {
        name: t('payment.checkout.action.connect', { action: t('payment.checkout.action.pay') }),
      });
      await connect.waitFor(TIMEOUT);
      Object.assign(found, await auditBothWidths(page, `checkout-guest-${locale}`));

      await connect.click();
      const emailField = page.getByLabel(t('platform.login.email.label'));
      await emailField.waitFor(TIMEOUT);
      Object.assign(found, await auditBothWidths(page, `login-${locale}`));

      await signInWithEmailedCode(page, platform, t, email);
      await page.getByLabel(t('payment.checkout.form.email')).waitFor(TIMEOUT);
      Object.assign(found, await auditBothWidths(page, `checkout-form-${locale}`));

      await payAsNewCustomer(page, t, email);
      await page.getByText(t('payment.checkout.completed.payment')).waitFor(TIMEOUT);
      Object.assign(found, await auditBothWidths(page, `checkout-success-${locale}`));
    } finally {
      await context.close();
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((label) => [label, []])));
  });
});
