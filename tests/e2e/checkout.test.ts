import { createTranslator, type Translate } from '@bazaar/i18n';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  latestCode,
  openBrowser,
  PHONE,
  saveScreenshot,
  startPlatform,
  type RunningPlatform,
} from './harness.ts';

const ONE_TIME_LINK = 'plink_demo_onetime';
const TIMEOUT = { timeout: 20_000 };

let platform: RunningPlatform;

beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

/** A guest opens the link, is sent to sign in with an emailed code, and comes back to pay. */
async function signInFromCheckout(page: Page, t: Translate, email: string, locale: string) {
  await page.goto(`${platform.baseUrl}/payment-kit/checkout/pay/${ONE_TIME_LINK}?locale=${locale}`);
  const connect = t('payment.checkout.action.connect', { action: t('payment.checkout.action.pay') });
  await page.getByRole('button', { name: connect }).click(TIMEOUT);
  await page.getByLabel(t('platform.login.email.label')).fill(email);
  await page.getByRole('button', { name: t('platform.login.email.send') }).click();
  await page.getByLabel(t('platform.login.code.label')).fill(latestCode(platform, email));
  await page.getByRole('button', { name: t('platform.login.code.verify') }).click();
  await page.waitForURL(/\/payment-kit\/checkout\/pay\/cs_/, TIMEOUT);
}

async function fillCustomer(page: Page, t: Translate, name: string, email: string) {
  await page.getByLabel(t('payment.checkout.form.name')).fill(name, TIMEOUT);
  await page.getByLabel(t('payment.checkout.form.email')).fill(email);
  // Card payments collect the billing postal code (payment-kit.md §5); the country defaults to us.
  await page.getByLabel(t('payment.checkout.form.postalCode')).fill('94107');
  await page.getByRole('button', { name: t('payment.checkout.action.pay'), exact: true }).click();
}

async function payByCard(page: Page, t: Translate, number: string) {
  await page.getByLabel(t('payment.checkout.card.number')).fill(number, TIMEOUT);
  await page.getByLabel(t('payment.checkout.card.expiry')).fill('12/34');
  await page.getByLabel(t('payment.checkout.card.cvc')).fill('123');
  await page.getByRole('button', { name: t('payment.checkout.card.confirm') }).click();
}

describe('checkout in Chromium', () => {
  it('a signed-in payer buys the one-time product with 4242 and sees the success panel', async () => {
    const t = createTranslator('en');
    const { context, page } = await openBrowser(DESKTOP);
    try {
      await signInFromCheckout(page, t, 'ada@example.com', 'en');
      await saveScreenshot(page, 'checkout-form-en-desktop');
      await fillCustomer(page, t, 'Ada Lovelace', 'ada@example.com');
      await payByCard(page, t, '4242 4242 4242 4242');
      await expect
        .poll(() => page.getByText(t('payment.checkout.completed.payment')).isVisible(), TIMEOUT)
        .toBe(true);
      await saveScreenshot(page, 'checkout-success-en-desktop');

      await page.getByRole('link', { name: t('payment.checkout.completed.viewInvoice') }).click();
      await page.waitForURL(/\/payment-kit\/customer\/invoice\/in_/, TIMEOUT);
      await expect.poll(() => page.getByText('$19.99').first().isVisible(), TIMEOUT).toBe(true);
      await saveScreenshot(page, 'invoice-en-desktop');
    } finally {
      await context.close();
    }
  });

  it('a declined card shows the decline message and the payer pays with another card', async () => {
    const t = createTranslator('en');
    const { context, page } = await openBrowser(DESKTOP);
    try {
      await signInFromCheckout(page, t, 'grace@example.com', 'en');
      await fillCustomer(page, t, 'Grace Hopper', 'grace@example.com');
      await payByCard(page, t, '4000 0000 0000 0002');
      await expect.poll(() => page.getByText('Your card was declined.').isVisible(), TIMEOUT).toBe(true);
      await saveScreenshot(page, 'checkout-declined-en-desktop');

      await payByCard(page, t, '4242 4242 4242 4242');
      await expect
        .poll(() => page.getByText(t('payment.checkout.completed.payment')).isVisible(), TIMEOUT)
        .toBe(true);
    } finally {
      await context.close();
    }
  });

  it('the 3-D Secure test card asks for authentication in the page, on a phone, in Chinese', async () => {
    const t = createTranslator('zh');
    const { context, page } = await openBrowser(PHONE, 'zh-CN');
    try {
      await signInFromCheckout(page, t, 'lin@example.com', 'zh');
      await fillCustomer(page, t, '林徽因', 'lin@example.com');
      await payByCard(page, t, '4000 0025 0000 3155');
      await page.getByRole('button', { name: t('payment.checkout.authenticate.approve') }).click(TIMEOUT);
      await expect
        .poll(() => page.getByText(t('payment.checkout.completed.payment')).isVisible(), TIMEOUT)
        .toBe(true);
      await saveScreenshot(page, 'checkout-success-zh-phone');
    } finally {
      await context.close();
    }
  });
});
