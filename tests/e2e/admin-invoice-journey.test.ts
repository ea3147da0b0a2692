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
import { E2E_TIMEOUT, fillContact, openDashboard, payByCard, signInFromCheckout } from './steps.ts';

/**
 * Issue 17: an operator bills a customer by hand from the dashboard in Chromium — writes a draft
 * invoice, finalizes it, and watches the customer (in a second browser) pay it, without a reload.
 */

let platform: RunningPlatform;
let ownerCookie: string;

beforeAll(async () => {
  platform = await startPlatform();
  // The first person signed in on a test platform owns it.
  ownerCookie = (await platform.signIn('owner@example.com')).cookie;
});
afterAll(async () => {
  await platform?.close();
});

const RUNS = [
  { locale: 'en', viewport: DESKTOP, device: 'desktop', browserLocale: 'en-US', name: 'Cleo Customer' },
  { locale: 'zh', viewport: PHONE, device: 'phone', browserLocale: 'zh-CN', name: '王小明' },
] as const;

describe('manual invoices in the Payment Kit dashboard, in Chromium', () => {
  it.each(RUNS)(
    'writes a draft for a customer, finalizes it, and sees the customer pay it live ($locale, $device)',
    async (run) => {
      const t = createTranslator(run.locale);
      const email = `invoiced-${run.locale}@example.com`;
      const customer = await openBrowser(run.viewport, run.browserLocale);
      let owner: Awaited<ReturnType<typeof openDashboard>> | undefined;
      const shot = async (name: string) => {
        if (owner)
          await saveSettledScreenshot(owner.page, `admin-invoice-${name}-${run.locale}-${run.device}`);
      };
      try {
        // The customer buys once, so the kit knows them.
        const pay = t('payment.checkout.action.pay');
        await signInFromCheckout(customer.page, platform, t, {
          link: 'plink_demo_onetime',
          action: pay,
          email,
          locale: run.locale,
        });
        await fillContact(customer.page, t, run.name, email);
        await customer.page.getByRole('button', { name: pay, exact: true }).click();
        await payByCard(customer.page, t);
        await customer.page
          .getByRole('link', { name: t('payment.checkout.completed.viewInvoice') })
          .waitFor(E2E_TIMEOUT);

        // The owner writes them a draft in test mode, the mode the demo's payments are in.
        owner = await openDashboard(platform, ownerCookie, run, 'invoices');
        const { page } = owner;
        await page.getByRole('link', { name: t('payment.admin.invoices.new') }).click(E2E_TIMEOUT);
        await page
          .getByRole('combobox', { name: t('payment.admin.invoice.customer') })
          .fill(email, E2E_TIMEOUT);
        await page.getByRole('option', { name: `${run.name} · ${email}` }).click(E2E_TIMEOUT);
        await page.getByRole('combobox', { name: t('payment.admin.price.currency') }).click();
        await page.getByRole('option', { name: /^USD · / }).click();
        const line = page.getByRole('group', { name: t('payment.admin.invoices.lineNumber', { number: 1 }) });
        await line.getByRole('textbox', { name: t('payment.invoice.description') }).fill('Onboarding call');
        await line.getByRole('textbox', { name: t('payment.invoice.unitPrice') }).fill('40');
        await line.getByRole('spinbutton', { name: t('payment.admin.link.quantity') }).fill('2');
        await page.getByRole('spinbutton', { name: t('payment.admin.invoices.daysUntilDue') }).fill('7');
        const memo = `Thank you, ${run.name}.`;
        await page.getByRole('textbox', { name: t('payment.admin.invoices.memo') }).fill(memo);
        await shot('form');
        await page.getByRole('button', { name: t('payment.admin.invoices.saveDraft') }).click();

        const heading = page.getByRole('heading', { level: 1 });
        await heading.getByText(t('payment.invoice.status.draft')).waitFor(E2E_TIMEOUT);
        await page.getByText('$80.00').first().waitFor(E2E_TIMEOUT);
        const invoiceId = /\/admin\/invoices\/(in_[^/?]+)/.exec(page.url())![1]!;
        await shot('draft');

        const finalize = t('payment.admin.invoices.finalize');
        await page.getByRole('button', { name: finalize }).click();
        await page.getByRole('dialog', { name: finalize }).getByRole('button', { name: finalize }).click();
        await heading.getByText(t('payment.invoice.status.open')).waitFor(E2E_TIMEOUT);

        // The customer pays it on their invoice page while the owner's page stays open.
        await customer.page.goto(
          `${platform.baseUrl}/payment-kit/customer/invoice/${invoiceId}?locale=${run.locale}`,
        );
        await customer.page.getByText(memo).waitFor(E2E_TIMEOUT);
        await customer.page.getByRole('button', { name: t('payment.invoice.payNow') }).click(E2E_TIMEOUT);
        await payByCard(customer.page, t);
        await customer.page.getByText(t('payment.invoice.paidNotice')).waitFor(E2E_TIMEOUT);

        // No reload: the relay tells the dashboard, and the invoice is paid, by the payment it lists.
        await heading.getByText(t('payment.invoice.status.paid')).waitFor(E2E_TIMEOUT);
        const payments = page.getByRole('region', { name: t('payment.admin.customer.payments') });
        await payments.getByRole('link', { name: '$80.00' }).waitFor(E2E_TIMEOUT);
        expect(await page.getByRole('button', { name: t('payment.admin.invoices.void') }).count()).toBe(0);
        await shot('paid');
      } catch (error) {
        await shot('failure');
        throw error;
      } finally {
        await customer.context.close();
        await owner?.context.close();
      }
    },
  );
});
