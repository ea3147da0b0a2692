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
import { E2E_TIMEOUT, fillContact, payByCard, signInFromCheckout } from './steps.ts';

const ONE_TIME_LINK = 'plink_demo_onetime';
const TIMEOUT = E2E_TIMEOUT;

let platform: RunningPlatform;

beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

/** Contact details, then Pay: the card step comes next. */
async function fillCustomer(page: Page, t: Translate, name: string, email: string) {
  await fillContact(page, t, name, email);
  await page.getByRole('button', { name: t('payment.checkout.action.pay'), exact: true }).click();
}

function signInFromLink(page: Page, t: Translate, email: string, locale: string) {
  const action = t('payment.checkout.action.pay');
  return signInFromCheckout(page, platform, t, { link: ONE_TIME_LINK, action, email, locale });
}

describe('checkout in Chromium', () => {
  it('a signed-in payer buys the one-time product with 4242 and sees the success panel', async () => {
    const t = createTranslator('en');
    const { context, page } = await openBrowser(DESKTOP);
    try {
      await signInFromLink(page, t, 'ada@example.com', 'en');
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
      await signInFromLink(page, t, 'grace@example.com', 'en');
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
      await signInFromLink(page, t, 'lin@example.com', 'zh');
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
