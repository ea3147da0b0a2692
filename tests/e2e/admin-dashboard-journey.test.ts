import type { Translate } from '@bazaar/i18n';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook, WEBHOOK_SIGNATURE_HEADER } from '@bazaar/server-kit';
import type { Page } from 'playwright-core';
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
import { E2E_TIMEOUT, fillContact, openDashboard, payByCard, signInFromCheckout } from './steps.ts';

/**
 * Issue 17: an operator runs the Payment Kit from its dashboard in Chromium — builds what it
 * sells, watches a customer (in a second browser) pay for it, and deals with the payment — in
 * English on a desktop and in Chinese at phone width.
 */

let platform: RunningPlatform;
let ownerCookie: string;

beforeAll(async () => {
  // The overview counts back from the browser's now, so the platform's payments happen now too.
  platform = await startPlatform({ atRealTime: true, allowPrivateWebhooks: true });
  // The first person signed in on a test platform owns it.
  ownerCookie = (await platform.signIn('owner@example.com')).cookie;
});
afterAll(async () => {
  await platform?.close();
});

const RUNS = [
  { locale: 'en', viewport: DESKTOP, device: 'desktop', browserLocale: 'en-US' },
  { locale: 'zh', viewport: PHONE, device: 'phone', browserLocale: 'zh-CN' },
] as const;
type Run = (typeof RUNS)[number];

/** The owner's browser on the dashboard, in test mode. */
const openDashboardAs = (run: Run) => openDashboard(platform, ownerCookie, run);

/** Goes to a section of the dashboard through its navigation, as a person would (a drawer on a phone). */
async function openSection(page: Page, t: Translate, label: Parameters<Translate>[0]) {
  const menu = page.getByRole('button', { name: t('payment.admin.nav.open') });
  if (await menu.isVisible()) await menu.click();
  await page
    .getByRole('navigation', { name: t('payment.admin.nav.label') })
    .getByRole('link', { name: t(label) })
    .click(E2E_TIMEOUT);
}

/** The gross volume the overview shows, in cents: nothing when it says nothing happened yet. */
async function grossVolume(page: Page, t: Translate): Promise<bigint> {
  const card = page.getByRole('region', { name: t('payment.admin.overview.grossVolume'), exact: true });
  const empty = page.getByRole('heading', { name: t('payment.admin.overview.empty.title') });
  await card.or(empty).waitFor(E2E_TIMEOUT);
  if (await empty.isVisible()) return 0n;
  // The card's label, then its figure.
  return BigInt((await card.locator('p').nth(1).textContent())!.replace(/[^0-9]/g, ''));
}

describe('the Payment Kit dashboard, in Chromium', () => {
  it.each(RUNS)(
    'creates a product, its price and a payment link, sees a customer pay it live, and refunds it ($locale, $device)',
    async (run) => {
      const { context, page, t } = await openDashboardAs(run);
      const customer = await openBrowser(run.viewport, run.browserLocale);
      try {
        const grossBefore = await grossVolume(page, t);

        // The product and its price.
        const productName = `Field guide ${run.locale}`;
        await openSection(page, t, 'payment.admin.nav.products');
        await page.getByRole('link', { name: t('payment.admin.products.new') }).click(E2E_TIMEOUT);
        await page
          .getByRole('textbox', { name: t('payment.admin.product.name'), exact: true })
          .fill(productName, E2E_TIMEOUT);
        await page.getByRole('button', { name: t('payment.admin.save') }).click();
        await page.getByRole('heading', { name: productName }).waitFor(E2E_TIMEOUT);
        await page.getByRole('button', { name: t('payment.admin.price.add') }).click();
        const priceDialog = page.getByRole('dialog', { name: t('payment.admin.price.createTitle') });
        await priceDialog
          .getByRole('combobox', { name: t('payment.admin.price.currency') })
          .click(E2E_TIMEOUT);
        await page.getByRole('option', { name: /^USD · / }).click();
        await priceDialog
          .getByRole('textbox', { name: t('payment.admin.price.unitAmount'), exact: true })
          .fill('12.50', E2E_TIMEOUT);
        await priceDialog.getByRole('button', { name: t('payment.admin.price.add') }).click();
        await priceDialog.waitFor({ state: 'detached', ...E2E_TIMEOUT });
        await page.getByText('$12.50').first().waitFor(E2E_TIMEOUT);
        await saveSettledScreenshot(page, `admin-product-${run.locale}-${run.device}`);

        // A payment link selling it.
        await openSection(page, t, 'payment.admin.nav.paymentLinks');
        await page.getByRole('link', { name: t('payment.admin.links.new') }).click(E2E_TIMEOUT);
        await page
          .getByRole('textbox', { name: t('payment.admin.link.name'), exact: true })
          .fill(`${productName} link`, E2E_TIMEOUT);
        await page.getByRole('combobox', { name: t('payment.admin.price.currency') }).click();
        await page.getByRole('option', { name: /^USD · / }).click();
        // The picker searches the server: the product's name finds its price however many there are.
        await page
          .getByRole('combobox', { name: t('payment.admin.link.price') })
          .fill(productName, E2E_TIMEOUT);
        await page
          .getByRole('option', { name: new RegExp(`^${productName} · \\$12\\.50`) })
          .click(E2E_TIMEOUT);
        await page.getByRole('button', { name: t('payment.admin.link.create') }).click();
        await page
          .getByRole('searchbox', { name: t('payment.admin.grid.search') })
          .fill(productName, E2E_TIMEOUT);
        const linkRow = page.getByRole('row', { name: new RegExp(`${productName} link`) });
        await linkRow.waitFor(E2E_TIMEOUT);
        const checkoutHref = await linkRow
          .getByRole('link', { name: t('payment.admin.link.open') })
          .getAttribute('href');
        const linkId = /\/(plink_[^/?]+)/.exec(checkoutHref!)![1]!;
        await saveSettledScreenshot(page, `admin-links-${run.locale}-${run.device}`);

        // The link's own page, opened from its row, and the link renamed through its form.
        await linkRow.getByRole('gridcell', { name: `${productName} link` }).click();
        await page.getByRole('link', { name: t('payment.admin.link.edit'), exact: true }).click(E2E_TIMEOUT);
        const linkName = page.getByRole('textbox', { name: t('payment.admin.link.name'), exact: true });
        expect(await linkName.inputValue(E2E_TIMEOUT)).toBe(`${productName} link`);
        await linkName.fill(`${productName} club`);
        await page.getByRole('button', { name: t('payment.admin.link.saveChanges') }).click(E2E_TIMEOUT);
        await page
          .getByRole('heading', { level: 1, name: new RegExp(`^${productName} club`) })
          .waitFor(E2E_TIMEOUT);
        await saveSettledScreenshot(page, `admin-link-${run.locale}-${run.device}`);

        // The overview stays open while a customer pays in their own browser.
        await openSection(page, t, 'payment.admin.nav.overview');
        expect(await grossVolume(page, t)).toBe(grossBefore);
        const email = `buyer-${run.locale}@example.com`;
        const pay = t('payment.checkout.action.pay');
        await signInFromCheckout(customer.page, platform, t, {
          link: linkId,
          action: pay,
          email,
          locale: run.locale,
        });
        await fillContact(customer.page, t, 'Bea Buyer', email);
        await customer.page.getByRole('button', { name: pay, exact: true }).click();
        await payByCard(customer.page, t);
        await customer.page
          .getByRole('link', { name: t('payment.checkout.completed.viewInvoice') })
          .waitFor(E2E_TIMEOUT);

        // No reload: the relay tells the dashboard, and the figure grows by the payment.
        await expect.poll(() => grossVolume(page, t), E2E_TIMEOUT).toBe(grossBefore + 1250n);
        await saveSettledScreenshot(page, `admin-overview-paid-${run.locale}-${run.device}`);

        // The payment, found by its customer, refunded in part.
        await openSection(page, t, 'payment.admin.payments.title');
        await page.getByRole('searchbox', { name: t('payment.admin.grid.search') }).fill(email, E2E_TIMEOUT);
        // The other run's payment of the same amount leaves the list once the search applies.
        const paymentRows = page.getByRole('row', { name: /\$12\.50/ });
        await expect.poll(() => paymentRows.count(), E2E_TIMEOUT).toBe(1);
        await paymentRows.click();
        await page.getByRole('button', { name: t('payment.admin.refund.action') }).click(E2E_TIMEOUT);
        const refundDialog = page.getByRole('dialog', { name: t('payment.admin.refund.title') });
        await refundDialog.getByRole('radio', { name: t('payment.admin.refund.partial') }).check(E2E_TIMEOUT);
        await refundDialog.getByRole('textbox', { name: t('payment.admin.refund.amount') }).fill('2.50');
        await refundDialog.getByRole('button', { name: t('payment.admin.refund.action') }).click();
        await refundDialog.waitFor({ state: 'detached', ...E2E_TIMEOUT });
        const leftToRefund = page
          .locator('dt', { hasText: t('payment.admin.payment.refundable') })
          .locator('xpath=following-sibling::dd[1]');
        await expect.poll(() => leftToRefund.textContent(), E2E_TIMEOUT).toBe('$10.00');
        await saveSettledScreenshot(page, `admin-payment-refunded-${run.locale}-${run.device}`);
      } catch (error) {
        // What the operator saw when it went wrong, for whoever reads the failure.
        await saveSettledScreenshot(page, `admin-failure-${run.locale}-${run.device}`);
        throw error;
      } finally {
        await customer.context.close();
        await context.close();
      }
    },
  );

  it('adds a webhook endpoint, sees a test event fail at the receiver, and redelivers it once the receiver is fixed (en, desktop)', async () => {
    const receiver = await startReceiver();
    const { context, page, t } = await openDashboardAs(RUNS[0]);
    try {
      await openSection(page, t, 'payment.admin.nav.webhooks');
      await page.getByRole('button', { name: t('payment.admin.webhooks.add') }).click(E2E_TIMEOUT);
      const createDialog = page.getByRole('dialog', { name: t('payment.admin.webhook.createTitle') });
      await createDialog
        .getByRole('textbox', { name: t('payment.admin.webhook.url') })
        .fill(receiver.url, E2E_TIMEOUT);
      await createDialog.getByRole('checkbox', { name: t('payment.admin.webhook.allEvents') }).check();
      await createDialog.getByRole('button', { name: t('payment.admin.webhook.create') }).click();

      // The signing secret, this once.
      const secretDialog = page.getByRole('dialog', { name: t('payment.admin.webhook.secretTitle') });
      const secret = await secretDialog
        .getByRole('textbox', { name: t('payment.admin.webhook.secretLabel') })
        .inputValue(E2E_TIMEOUT);
      expect(secret).toMatch(/^whsec_/);
      await secretDialog.getByRole('button', { name: t('payment.admin.webhook.secretSaved') }).click();
      await secretDialog.waitFor({ state: 'detached', ...E2E_TIMEOUT });
      expect(await page.content()).not.toContain(secret);

      // A test event, which the receiver refuses.
      await page.getByRole('button', { name: t('payment.admin.webhook.sendTest') }).click(E2E_TIMEOUT);
      const testDialog = page.getByRole('dialog', { name: t('payment.admin.webhook.testTitle') });
      await testDialog.getByRole('button', { name: t('payment.admin.webhook.testSend') }).click(E2E_TIMEOUT);
      await testDialog.getByText(/HTTP 500/).waitFor(E2E_TIMEOUT);
      await page.keyboard.press('Escape');
      expect(receiver.requests).toHaveLength(1);
      // Signed with the secret the dialog showed.
      const [sent] = receiver.requests;
      const header = sent!.headers[WEBHOOK_SIGNATURE_HEADER] as string | undefined;
      expect(verifyWebhook({ header, body: sent!.body, secret, now: platform.clock.now() })).toBe(true);

      // Fixed, the receiver takes it again when the delivery is redelivered.
      receiver.status = 200;
      await page
        .getByRole('button', { name: t('payment.admin.delivery.redeliver'), exact: true })
        .click(E2E_TIMEOUT);
      // The sender takes the queued delivery on its next run; the page polls while one is due.
      await page
        .getByRole('row', { name: new RegExp(t('payment.admin.delivery.status.succeeded')) })
        .waitFor({ timeout: 60_000 });
      expect(receiver.requests).toHaveLength(2);
      expect(receiver.requests[1]!.body).toBe(receiver.requests[0]!.body);
      await saveSettledScreenshot(page, 'admin-webhook-redelivered-en-desktop');
    } catch (error) {
      await saveSettledScreenshot(page, 'admin-failure-webhook-en-desktop');
      throw error;
    } finally {
      await context.close();
      await receiver.close();
    }
  });

  it('puts a subscriber on a test clock, advances it a month and shows the renewal it made (zh, phone)', async () => {
    // A subscriber, through the API: the journey is the operator's.
    const email = 'clock-subscriber@example.com';
    const subscriber = await platform.signIn(email);
    const session = await startTestCheckout(platform.app, 'plink_demo_subscription', subscriber.cookie);
    await payTestCheckout(platform.app, session, { cookie: subscriber.cookie, email, name: 'Clara Clock' });

    const { context, page, t } = await openDashboardAs(RUNS[1]);
    try {
      await openSection(page, t, 'payment.admin.nav.testClocks');
      await page.getByRole('button', { name: t('payment.admin.testClocks.new') }).click(E2E_TIMEOUT);
      const createDialog = page.getByRole('dialog', { name: t('payment.admin.testClocks.new') });
      await createDialog
        .getByRole('textbox', { name: t('payment.admin.testClock.name'), exact: true })
        .fill('Renewal rehearsal', E2E_TIMEOUT);
      await createDialog.getByRole('button', { name: t('payment.admin.testClock.create') }).click();
      await page.getByRole('heading', { name: 'Renewal rehearsal' }).waitFor(E2E_TIMEOUT);

      await page
        .getByRole('combobox', { name: t('payment.admin.testClock.attachSearch') })
        .fill(email, E2E_TIMEOUT);
      await page.getByRole('option', { name: /Clara Clock/ }).click(E2E_TIMEOUT);
      await page.getByRole('button', { name: t('payment.admin.testClock.attach') }).click();
      await page
        .getByText(t('payment.admin.testClock.attached', { name: 'Clara Clock' }))
        .waitFor(E2E_TIMEOUT);

      await page.getByRole('button', { name: t('payment.admin.testClock.advance') }).click();
      const advanceDialog = page.getByRole('dialog', { name: t('payment.admin.testClock.advanceTitle') });
      await advanceDialog
        .getByRole('button', { name: t('payment.admin.testClock.plusMonth') })
        .click(E2E_TIMEOUT);
      await advanceDialog.getByRole('button', { name: t('payment.admin.testClock.advance') }).click();

      // The advance runs in the kit's worker; the page follows it to the end.
      const renewals = page.getByRole('region', { name: t('payment.admin.testClock.invoices') });
      await renewals.getByRole('link').first().waitFor({ timeout: 60_000 });
      await page
        .getByText(t('payment.admin.testClock.status.ready'), { exact: true })
        .first()
        .waitFor(E2E_TIMEOUT);
      await saveSettledScreenshot(page, 'admin-test-clock-advanced-zh-phone');

      // The renewal is the subscriber's next invoice, paid by their card.
      await renewals.getByRole('link').first().click();
      await page.getByText(t('payment.invoice.status.paid'), { exact: true }).first().waitFor(E2E_TIMEOUT);
      await page.getByText('Clara Clock').first().waitFor(E2E_TIMEOUT);
      await saveSettledScreenshot(page, 'admin-renewal-invoice-zh-phone');
    } catch (error) {
      await saveSettledScreenshot(page, 'admin-failure-test-clock-zh-phone');
      throw error;
    } finally {
      await context.close();
    }
  });
});

/** A webhook receiver on 127.0.0.1 that answers `status` and keeps what it was sent. */
async function startReceiver() {
  const requests: { headers: IncomingHttpHeaders; body: string }[] = [];
  const state = { status: 500 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.writeHead(state.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    requests,
    set status(status: number) {
      state.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
