import { createTranslator } from '@bazaar/i18n';
import { payTestCheckout, startTestCheckout } from '@bazaar/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  openBrowser,
  PHONE,
  saveSettledScreenshot,
  startPlatform,
  type RunningPlatform,
} from './harness.ts';
import { E2E_TIMEOUT, enterEmailedCode } from './steps.ts';

const TIMEOUT = E2E_TIMEOUT;

let platform: RunningPlatform;

beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

describe('the customer area, in Chromium', () => {
  it.each([
    { locale: 'en', viewport: DESKTOP, device: 'desktop', email: 'area-en@example.com' },
    { locale: 'zh', viewport: PHONE, device: 'phone', email: 'area-zh@example.com' },
  ])(
    'a visitor signs in from it and comes back; a purchase appears in the invoices without a reload ($locale, $device)',
    async ({ locale, viewport, device, email }) => {
      const t = createTranslator(locale);
      const { context, page } = await openBrowser(viewport, locale === 'zh' ? 'zh-CN' : 'en-US');
      try {
        const area = `${platform.baseUrl}/payment-kit/customer?locale=${locale}&livemode=false`;
        // The area is guarded: the visitor is sent to sign in, and back here afterwards.
        await page.goto(area);
        await page.waitForURL(/\/\.well-known\/service\/user\/login\?redirect=/, TIMEOUT);
        await enterEmailedCode(page, platform, t, email);
        await page.waitForURL(/\/payment-kit\/customer\?/, TIMEOUT);
        await page.getByRole('heading', { name: t('payment.customer.title') }).waitFor(TIMEOUT);
        await page.getByText(t('payment.payments.empty')).waitFor(TIMEOUT);

        // The same person buys the license on another page (here: through the API with their session).
        const cookie = (await context.cookies()).map((each) => `${each.name}=${each.value}`).join('; ');
        const session = await startTestCheckout(platform.app, 'plink_demo_onetime', cookie);
        await payTestCheckout(platform.app, session, { cookie, email });

        // The invoice list hears of it over the relay and shows it, with a notice.
        const invoices = page.getByRole('region', { name: t('payment.customer.invoices') });
        await invoices.getByText('$19.99').first().waitFor(TIMEOUT);
        await invoices.getByText(t('payment.invoice.status.paid')).first().waitFor(TIMEOUT);

        await page.reload();
        const payments = page.getByRole('region', { name: t('payment.payments.title') });
        await payments.getByText(t('payment.payments.status.succeeded')).waitFor(TIMEOUT);
        expect(await payments.textContent()).toContain('4242');
        await saveSettledScreenshot(page, `customer-area-${locale}-${device}`);
      } finally {
        await context.close();
      }
    },
  );
});
