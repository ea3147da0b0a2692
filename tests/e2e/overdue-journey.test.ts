import { createTranslator, type Translate } from '@bazaar/i18n';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  openBrowser,
  PHONE,
  saveSettledScreenshot,
  startPlatform,
  type RunningPlatform,
} from './harness.ts';
import { checkoutUrl, E2E_TIMEOUT, fillContact, payByCard, signInFromCheckout } from './steps.ts';

const TIMEOUT = E2E_TIMEOUT;
const DAY_SECONDS = 86_400;
/** Saved by a trial checkout, declined on every charge: the trial's renewal fails (billing design). */
const CARD_THAT_DECLINES_RENEWALS = '4000 0000 0000 0341';

async function shot(page: Page, name: string) {
  await saveSettledScreenshot(page, `overdue-${name}`);
}

let platform: RunningPlatform;
let ownerCookie: string;

beforeAll(async () => {
  platform = await startPlatform();
  // The first address signed in owns the platform: the administrator who drives the test clock.
  ownerCookie = (await platform.signIn('owner@example.com')).cookie;
});
afterAll(async () => {
  await platform?.close();
});

async function asOwner(method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>) {
  const response = await platform.app.inject({
    method,
    url: `/payment-kit/api${path}`,
    headers: { cookie: ownerCookie },
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode !== 200)
    throw new Error(`${method} ${path}: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** A signed-in payer starts the monthly membership's trial with a card that will decline its renewal. */
async function subscribeWithTrial(page: Page, t: Translate, email: string, locale: string) {
  const subscribe = t('payment.checkout.action.subscribe');
  await signInFromCheckout(page, platform, t, {
    link: 'plink_demo_subscription',
    action: subscribe,
    email,
    locale,
  });
  await fillContact(page, t, 'Pat Pastdue', email);
  await page.getByRole('button', { name: subscribe, exact: true }).click();
  await page.getByLabel(t('payment.checkout.card.number')).fill(CARD_THAT_DECLINES_RENEWALS, TIMEOUT);
  await page.getByLabel(t('payment.checkout.card.expiry')).fill('12/34');
  await page.getByLabel(t('payment.checkout.card.cvc')).fill('123');
  await page.getByRole('button', { name: t('payment.checkout.card.startTrial') }).click();
  await page.getByRole('link', { name: t('payment.checkout.completed.viewSubscription') }).waitFor(TIMEOUT);
}

/**
 * The administrator puts the payer on a test clock and moves it past the trial end and the
 * whole retry schedule of `renewals` monthly renewals, so each is declined four times and ends
 * uncollectible.
 */
async function letRenewalsFail(page: Page, renewals = 1) {
  // The payer's own subscription, read with their session as their pages would.
  const own = await page.request.get(`${platform.baseUrl}/payment-kit/api/subscriptions?livemode=false`);
  const [subscription] = (await own.json()).list as { id: string; customer_id: string; trial_end: number }[];
  if (!subscription) throw new Error('the trial checkout made no subscription');
  const clock = await asOwner('POST', '/test-clocks', { name: `Past due ${subscription.id}` });
  await asOwner('POST', `/test-clocks/${clock.id}/customers`, { customer_id: subscription.customer_id });
  let advanced = await asOwner('POST', `/test-clocks/${clock.id}/advance`, {
    frozen_time: subscription.trial_end + ((renewals - 1) * 31 + 8) * DAY_SECONDS,
  });
  // An advance longer than its request goes on in the kit's worker: wait until the clock is there.
  while (advanced.status === 'advancing') {
    await new Promise((resolve) => setTimeout(resolve, 200));
    advanced = await asOwner('GET', `/test-clocks/${clock.id}`);
  }
  expect(advanced.status).toBe('ready');
  const invoices = await asOwner(
    'GET',
    `/invoices?livemode=false&subscription_id=${subscription.id}&status=uncollectible`,
  );
  expect(invoices.count).toBe(renewals);
  return subscription;
}

/** Opens "View now" in the dialog: the invoice page (or the list of several) comes in a new tab. */
async function openInvoiceFromDialog(context: BrowserContext, page: Page, t: Translate, amount = '$9.99') {
  const dialog = page.getByRole('dialog', { name: t('payment.overdue.title') });
  await dialog.waitFor(TIMEOUT);
  await dialog.getByText(amount).waitFor(TIMEOUT);
  await dialog.getByRole('button', { name: t('payment.checkout.action.pay'), exact: true }).click();
  await dialog.getByText(t('payment.overdue.payOnInvoicePage')).waitFor(TIMEOUT);
  const [invoicePage] = await Promise.all([
    context.waitForEvent('page', TIMEOUT),
    dialog.getByRole('link', { name: t('payment.overdue.viewNow') }).click(),
  ]);
  await invoicePage.waitForLoadState();
  return { dialog, invoicePage };
}

describe('a payer with a past-due invoice, in Chromium', () => {
  it.each([
    { locale: 'en', viewport: DESKTOP, device: 'desktop', email: 'late-en@example.com' },
    { locale: 'zh', viewport: PHONE, device: 'phone', email: 'late-zh@example.com' },
  ])(
    'tries to buy ($locale, $device), pays the overdue invoice by card on its page, and the purchase goes on by itself',
    async ({ locale, viewport, device, email }) => {
      const t = createTranslator(locale);
      const suffix = `${locale}-${device}`;
      const { context, page } = await openBrowser(viewport, locale === 'zh' ? 'zh-CN' : 'en-US');
      try {
        await subscribeWithTrial(page, t, email, locale);
        await letRenewalsFail(page);

        await page.goto(checkoutUrl(platform, 'plink_demo_onetime', locale));
        await fillContact(page, t, 'Pat Pastdue', email);
        await page.getByRole('button', { name: t('payment.checkout.action.pay'), exact: true }).click();
        const { dialog, invoicePage } = await openInvoiceFromDialog(context, page, t);
        await shot(page, `dialog-${suffix}`);

        await invoicePage.getByText(t('payment.invoice.pastDueNotice')).waitFor(TIMEOUT);
        await shot(invoicePage, `invoice-unpaid-${suffix}`);
        await invoicePage.getByRole('button', { name: t('payment.invoice.payNow') }).click();
        await payByCard(invoicePage, t);
        await invoicePage.getByText(t('payment.invoice.paidNotice')).waitFor(TIMEOUT);
        await shot(invoicePage, `invoice-paid-${suffix}`);

        // Back on the checkout nobody clicks anything: the held submit goes on to the card step.
        await page.bringToFront();
        await dialog.waitFor({ state: 'detached', ...TIMEOUT });
        await page.getByLabel(t('payment.checkout.card.number')).waitFor(TIMEOUT);
        await shot(page, `checkout-continues-${suffix}`);
        await payByCard(page, t);
        await page.getByText(t('payment.checkout.completed.payment')).waitFor(TIMEOUT);
        await invoicePage.close();
      } finally {
        await context.close();
      }
    },
  );

  it.each([
    { locale: 'en', viewport: DESKTOP, device: 'desktop', email: 'late-twice-en@example.com' },
    { locale: 'zh', viewport: PHONE, device: 'phone', email: 'late-twice-zh@example.com' },
  ])(
    'with two past-due invoices ($locale, $device), View now lists both with the way back to the checkout',
    async ({ locale, viewport, device, email }) => {
      const t = createTranslator(locale);
      const { context, page } = await openBrowser(viewport, locale === 'zh' ? 'zh-CN' : 'en-US');
      try {
        await subscribeWithTrial(page, t, email, locale);
        await letRenewalsFail(page, 2);
        await page.goto(checkoutUrl(platform, 'plink_demo_onetime', locale));
        await fillContact(page, t, 'Pat Pastdue', email);
        await page.getByRole('button', { name: t('payment.checkout.action.pay'), exact: true }).click();
        const { dialog, invoicePage: pastDuePage } = await openInvoiceFromDialog(context, page, t, '$19.98');
        await dialog.getByText(t('payment.overdue.rowDetail', { method: 'Card', count: 2 })).waitFor(TIMEOUT);

        await pastDuePage.getByRole('heading', { name: t('payment.overdue.title') }).waitFor(TIMEOUT);
        await expect
          .poll(() => pastDuePage.getByRole('link', { name: t('payment.pastDue.pay') }).count(), TIMEOUT)
          .toBe(2);
        const back = pastDuePage.getByRole('link', { name: t('payment.pastDue.back') });
        expect(await back.getAttribute('href')).toBe(page.url());
        await shot(pastDuePage, `past-due-page-${locale}-${device}`);
      } finally {
        await context.close();
      }
    },
  );

  it('pays an uncollectible invoice from the customer area, whose row turns paid without a reload', async () => {
    const t = createTranslator('en');
    const { context, page } = await openBrowser(DESKTOP, 'en-US');
    try {
      await subscribeWithTrial(page, t, 'late-list@example.com', 'en');
      await letRenewalsFail(page);

      await page.goto(`${platform.baseUrl}/payment-kit/customer?livemode=false`);
      const invoices = page.getByRole('region', { name: t('payment.customer.invoices') });
      const payNow = invoices.getByRole('link', { name: t('payment.invoice.payNow') });
      await payNow.waitFor(TIMEOUT);
      expect(await payNow.getAttribute('href')).toMatch(/\/payment-kit\/customer\/invoice\/in_/);
      await shot(page, 'customer-area-unpaid-en-desktop');

      // The person opens the invoice in another tab, as a middle click would, and pays it there.
      const invoicePage = await context.newPage();
      await invoicePage.goto(new URL((await payNow.getAttribute('href')) ?? '', platform.baseUrl).href);
      await invoicePage.getByRole('button', { name: t('payment.invoice.payNow') }).click(TIMEOUT);
      await payByCard(invoicePage, t);
      await invoicePage.getByText(t('payment.invoice.paidNotice')).waitFor(TIMEOUT);

      // The first tab hears of it over the relay: the pay action gives way to the paid status.
      await page.bringToFront();
      await payNow.waitFor({ state: 'detached', ...TIMEOUT });
      await invoices.getByText(t('payment.invoice.status.paid')).first().waitFor(TIMEOUT);
      await shot(page, 'customer-area-paid-live-en-desktop');
      await invoicePage.close();
    } finally {
      await context.close();
    }
  });
});
