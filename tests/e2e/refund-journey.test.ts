import { readFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import { createTranslator } from '@bazaar/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  openBrowser,
  PHONE,
  saveSettledScreenshot,
  startPlatform,
  type RunningPlatform,
} from './harness.ts';
import { E2E_TIMEOUT, fillContact, payByCard, signInFromCheckout } from './steps.ts';

const TIMEOUT = E2E_TIMEOUT;

let platform: RunningPlatform;
/** The owner's session, to refund through the API as the admin dashboard will. */
let ownerCookie: string;

beforeAll(async () => {
  platform = await startPlatform();
  // The first person signed in on a test platform owns it.
  ownerCookie = (await platform.signIn('owner@example.com')).cookie;
});
afterAll(async () => {
  await platform?.close();
});

describe('a refund, in Chromium', () => {
  it.each([
    { locale: 'en', viewport: DESKTOP, device: 'desktop', email: 'refund-en@example.com' },
    { locale: 'zh', viewport: PHONE, device: 'phone', email: 'refund-zh@example.com' },
  ])(
    'the payer pays by card, the owner refunds part of it, and the invoice page shows it at once ($locale, $device)',
    async ({ locale, viewport, device, email }) => {
      const t = createTranslator(locale);
      const { context, page } = await openBrowser(viewport, locale === 'zh' ? 'zh-CN' : 'en-US');
      try {
        const pay = t('payment.checkout.action.pay');
        await signInFromCheckout(page, platform, t, {
          link: 'plink_demo_onetime',
          action: pay,
          email,
          locale,
        });
        await fillContact(page, t, 'Rita Refund', email);
        await page.getByRole('button', { name: pay, exact: true }).click();
        await payByCard(page, t);
        await page.getByRole('link', { name: t('payment.checkout.completed.viewInvoice') }).click(TIMEOUT);
        await page.waitForURL(/\/payment-kit\/customer\/invoice\/in_/, TIMEOUT);
        await page.getByText(t('payment.invoice.status.paid'), { exact: true }).waitFor(TIMEOUT);
        const invoiceId = new URL(page.url()).pathname.split('/').at(-1)!;

        const response = await platform.app.inject({
          method: 'POST',
          url: '/payment-kit/api/refunds',
          headers: { cookie: ownerCookie },
          payload: { invoice_id: invoiceId, amount: '500', reason: 'requested_by_customer' },
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({ status: 'succeeded', amount: '500' });

        // No reload: the relay tells the page its invoice changed.
        const refunds = page.getByRole('region', { name: t('payment.refund.title') });
        await refunds.waitFor(TIMEOUT);
        const line = t('payment.refund.line', {
          type: t('payment.refund.type.refund'),
          amount: '$5.00',
          date: '',
        });
        expect(await refunds.textContent()).toContain(line.trim());
        await refunds.getByText(t('payment.refund.status.succeeded'), { exact: true }).waitFor(TIMEOUT);
        const refundedRow = page.getByRole('row', { name: new RegExp(t('payment.invoice.amountRefunded')) });
        expect(await refundedRow.textContent()).toContain('$5.00');
        await saveSettledScreenshot(page, `refund-invoice-${locale}-${device}`);

        // The invoice's PDF, in the page's language, says the same.
        const downloading = page.waitForEvent('download');
        await page.getByRole('link', { name: t('payment.pdf.download') }).click();
        const download = await downloading;
        const pdf = await readFile((await download.path())!);
        const parser = new PDFParse({ data: new Uint8Array(pdf) });
        const text = (await parser.getText()).text;
        await parser.destroy();
        expect(download.suggestedFilename()).toMatch(/^invoice-.+\.pdf$/);
        for (const expected of [
          t('payment.pdf.heading'),
          t('payment.invoice.amountRefunded'),
          'Rita Refund',
          '$5.00',
        ]) {
          expect(text).toContain(expected);
        }
      } finally {
        await context.close();
      }
    },
  );
});
