import { createTranslator } from '@bazaar/i18n';
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
import {
  checkoutUrl as checkoutAt,
  E2E_TIMEOUT,
  fillContact,
  payByCard,
  signInFromCheckout,
} from './steps.ts';

/** The demo links (packages/payment-server/src/demo/seed.ts) each journey buys from. */
const LINKS = {
  subscription: 'plink_demo_subscription',
  bundle: 'plink_demo_bundle',
  lowStock: 'plink_demo_low_stock',
  donation: 'plink_demo_donation',
  oneTime: 'plink_demo_onetime',
};
const TIMEOUT = E2E_TIMEOUT;
const en = createTranslator('en');
const zh = createTranslator('zh');
const DAY_SECONDS = 86_400;

/** A date as the pages print it (YYYY-MM-DD, this machine's time zone, the browser's too). */
function localDate(unixSeconds: number): string {
  const date = new Date(unixSeconds * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

let platform: RunningPlatform;

beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const checkoutUrl = (id: string, locale = 'en') => checkoutAt(platform, id, locale);

/** A guest opens the link, follows "Connect and …" to sign in with an emailed code, and comes back. */
function signInAt(page: Page, link: string, action: string, email: string) {
  return signInFromCheckout(page, platform, en, { link, action, email });
}

const text = (page: Page, testId: string) => page.getByTestId(testId).textContent(TIMEOUT);

describe('checkout journeys in Chromium', () => {
  it('a subscription with a trial: $0.00 today, the card saved by Start trial, then the subscription page', async () => {
    const { context, page } = await openBrowser(DESKTOP);
    try {
      await signInAt(page, LINKS.subscription, en('payment.checkout.action.subscribe'), 'sub@example.com');
      expect(await text(page, 'trial')).toBe('7-day free trial');
      expect(await text(page, 'total-due')).toBe('$0.00');
      expect(await text(page, 'renewal')).toBe('Then $9.99 per month');
      await fillContact(page, en, 'Sam Sub', 'sub@example.com');
      await page.getByRole('button', { name: en('payment.checkout.action.subscribe'), exact: true }).click();
      await page.getByText(en('payment.checkout.card.setupNotice')).waitFor(TIMEOUT);
      await saveScreenshot(page, 'journey-subscription-trial-card-en-desktop');
      await payByCard(page, en, '4242 4242 4242 4242', 'payment.checkout.card.startTrial');
      await page.getByText(en('payment.checkout.completed.trial')).waitFor(TIMEOUT);
      await saveScreenshot(page, 'journey-subscription-trial-en-desktop');

      await page.getByRole('link', { name: en('payment.checkout.completed.viewSubscription') }).click();
      await page.waitForURL(/\/payment-kit\/customer\/subscription\/sub_/, TIMEOUT);
      await page.getByText(en('payment.subscription.status.trialing'), { exact: true }).waitFor(TIMEOUT);
      const trialEnds = localDate(platform.clock.now() + 7 * DAY_SECONDS);
      expect(await text(page, 'subscription-next-date')).toBe(
        en('payment.subscription.trialEnds', { date: trialEnds }),
      );
      const invoices = page.getByRole('region', { name: en('payment.subscription.invoices') });
      await invoices.getByText(en('payment.invoice.status.paid')).waitFor(TIMEOUT);
      expect(await invoices.textContent()).toContain('$0.00');
      await saveScreenshot(page, 'journey-subscription-page-en-desktop');

      // The same page on a phone and in Chinese: nothing overflows, the trial still reads.
      await page.setViewportSize(PHONE);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await saveScreenshot(page, 'journey-subscription-page-en-phone');
      await page.goto(`${page.url().split('?')[0]}?locale=zh`);
      await page.getByText(zh('payment.subscription.trialEnds', { date: trialEnds })).waitFor(TIMEOUT);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await saveScreenshot(page, 'journey-subscription-page-zh-phone');
      await page.setViewportSize(DESKTOP);
      await saveScreenshot(page, 'journey-subscription-page-zh-desktop');
    } finally {
      await context.close();
    }
  });

  it('the trial is for dollars only: choosing Euro hides it and €8.99 is due today', async () => {
    const { context, page } = await openBrowser(DESKTOP);
    try {
      await page.goto(checkoutUrl(LINKS.subscription));
      expect(await text(page, 'trial')).toBe('7-day free trial');
      expect(await text(page, 'total-due')).toBe('$0.00');
      const euro = page.getByRole('radio', { name: /Euro/ });
      expect(await euro.textContent(TIMEOUT)).toContain('€8.99');
      await euro.click();
      await page.getByTestId('trial').waitFor({ state: 'detached', ...TIMEOUT });
      expect(await text(page, 'total-due')).toBe('€8.99');
      expect(await text(page, 'renewal')).toBe('Then €8.99 per month');
      expect(await euro.getAttribute('aria-checked')).toBe('true');
      await saveScreenshot(page, 'journey-subscription-euro-no-trial-en-desktop');
    } finally {
      await context.close();
    }
  });

  it('the yearly saving shows before the switch; upsell then downsell keep it', async () => {
    const { context, page } = await openBrowser(DESKTOP);
    try {
      await page.goto(checkoutUrl(LINKS.subscription));
      const yearly = page.getByRole('switch', {
        name: en('payment.checkout.upsell.switch', { recurring: 'yearly' }),
      });
      const saving = page.getByText(en('payment.checkout.upsell.save', { percent: 18 }), { exact: true });
      // The offer's saving shows before the payer switches.
      await saving.waitFor(TIMEOUT);
      await expect.poll(() => yearly.isChecked(), TIMEOUT).toBe(false);
      await saveScreenshot(page, 'journey-upsell-offer-en-desktop');
      await yearly.click();
      await expect.poll(() => text(page, 'renewal'), TIMEOUT).toBe('Then $99.99 per year');
      await saving.waitFor(TIMEOUT);
      await saveScreenshot(page, 'journey-upsell-yearly-en-desktop');

      await yearly.click();
      await expect.poll(() => text(page, 'renewal'), TIMEOUT).toBe('Then $9.99 per month');
      await saving.waitFor(TIMEOUT);
      await saveScreenshot(page, 'journey-downsell-monthly-en-desktop');
    } finally {
      await context.close();
    }
  });

  it('a required add-on: paying without it shakes the panel, adding it lets the card pay', async () => {
    const { context, page } = await openBrowser(DESKTOP);
    try {
      await signInAt(page, LINKS.bundle, en('payment.checkout.action.pay'), 'bundle@example.com');
      const panel = page.getByRole('group', { name: en('payment.checkout.crossSell.title') });
      await panel.getByText(en('payment.checkout.crossSell.required')).waitFor(TIMEOUT);
      await fillContact(page, en, 'Bea Bundle', 'bundle@example.com');
      const pay = page.getByRole('button', { name: en('payment.checkout.action.pay'), exact: true });
      await pay.click();
      await expect.poll(() => panel.getAttribute('data-shaking'), TIMEOUT).toBe('true');
      await saveScreenshot(page, 'journey-cross-sell-required-en-desktop');
      expect(await page.getByRole('alert').count()).toBe(0);

      await panel
        .getByRole('button', { name: `${en('payment.checkout.crossSell.add')} Priority support` })
        .click();
      await expect.poll(() => text(page, 'total-due'), TIMEOUT).toBe('$24.98');
      await pay.click();
      await payByCard(page, en);
      await page.getByText(en('payment.checkout.completed.payment')).waitFor(TIMEOUT);
      await saveScreenshot(page, 'journey-cross-sell-paid-en-desktop');
    } finally {
      await context.close();
    }
  });

  it('asking for more posters than are left reads "Exceed inventory" and cannot be paid', async () => {
    const { context, page } = await openBrowser(DESKTOP);
    try {
      await page.goto(checkoutUrl(LINKS.lowStock));
      await page.getByText(en('payment.error.quantityNotEnough')).waitFor(TIMEOUT);
      const connect = en('payment.checkout.action.connect', { action: en('payment.checkout.action.pay') });
      expect(await page.getByRole('button', { name: connect }).isDisabled()).toBe(true);
      await saveScreenshot(page, 'journey-inventory-exceeded-en-desktop');
    } finally {
      await context.close();
    }
  });

  it('a guest donation refuses an amount out of bounds, shows who receives 12.50, then pays it with 4242', async () => {
    const { context, page } = await openBrowser(DESKTOP);
    try {
      await page.goto(checkoutUrl(LINKS.donation));
      const middle = page.getByRole('radio', { name: '$5.00', exact: true });
      await expect.poll(() => middle.getAttribute('aria-checked'), TIMEOUT).toBe('true');
      await page.getByRole('radio', { name: en('payment.checkout.donation.custom') }).click();
      const amount = page.getByLabel(en('payment.checkout.donation.customAmount', { symbol: '$' }));
      await amount.fill('1000.01');
      await page
        .getByText(en('payment.checkout.donation.outOfRange', { min: '$1.00', max: '$1,000.00' }))
        .waitFor(TIMEOUT);
      const donate = page.getByRole('button', { name: en('payment.checkout.action.donate'), exact: true });
      expect(await donate.isDisabled()).toBe(true);
      await saveScreenshot(page, 'journey-donation-out-of-range-en-desktop');

      await amount.fill('12.5');
      await expect.poll(() => text(page, 'total-due'), TIMEOUT).toBe('$12.50');

      // Who receives the tip: the demo link splits it 70 / 30, and Close comes back to the form as it was.
      const beneficiaries = en('payment.checkout.donation.benefits.title');
      await page.getByRole('button', { name: beneficiaries }).click();
      const benefits = page.getByRole('region', { name: beneficiaries });
      await benefits.getByText(en('payment.checkout.donation.benefits.many', { count: 2 })).waitFor(TIMEOUT);
      await expect
        .poll(() => benefits.getByRole('listitem').allTextContents(), TIMEOUT)
        .toEqual([
          expect.stringMatching(/maintainers.*\$8\.75.*70%/),
          expect.stringMatching(/translators.*\$3\.75.*30%/),
        ]);
      await saveScreenshot(page, 'journey-donation-benefits-en-desktop');
      await benefits.getByRole('button', { name: en('payment.checkout.donation.benefits.close') }).click();
      expect(await amount.inputValue()).toBe('12.5');
      await fillContact(page, en, 'Dana Donor', 'dana@example.com');
      await expect.poll(() => donate.isEnabled(), TIMEOUT).toBe(true);
      // Donations are submitted through their own route, donate-submit.
      const donateSubmit = page.waitForRequest((request) => request.url().includes('/donate-submit'));
      await donate.click();
      await donateSubmit;
      await payByCard(page, en);
      await page.getByText(en('payment.checkout.completed.donate')).waitFor(TIMEOUT);
      await saveScreenshot(page, 'journey-donation-paid-en-desktop');
    } finally {
      await context.close();
    }
  });

  it('an unknown id shows the Oops panel with why', async () => {
    const { context, page } = await openBrowser(DESKTOP);
    try {
      await page.goto(checkoutUrl('nope_123'));
      await page.getByText(en('payment.checkout.error.title')).waitFor(TIMEOUT);
      await page.getByText(en('payment.error.INVALID_CHECKOUT_ID')).waitFor(TIMEOUT);
      await saveScreenshot(page, 'journey-unknown-id-en-desktop');
    } finally {
      await context.close();
    }
  });

  it('in Chinese, the subscription summary reads the trial and the renewal', async () => {
    const { context, page } = await openBrowser(DESKTOP, 'zh-CN');
    try {
      await page.goto(checkoutUrl(LINKS.subscription, 'zh'));
      expect(await text(page, 'trial')).toBe('7 天免费试用');
      expect(await text(page, 'renewal')).toBe('之后每月 $9.99');
      await page
        .getByText(zh('payment.checkout.summary.subscribeTo', { name: 'Bazaar Club membership' }))
        .waitFor();
      await saveScreenshot(page, 'journey-subscription-zh-desktop');
    } finally {
      await context.close();
    }
  });

  it('on a phone, the donation presets fit and the Donate button is within reach', async () => {
    const { context, page } = await openBrowser(PHONE);
    try {
      await page.goto(checkoutUrl(LINKS.donation));
      await page.getByRole('radio', { name: '$5.00', exact: true }).waitFor(TIMEOUT);
      const donate = page.getByRole('button', { name: en('payment.checkout.action.donate'), exact: true });
      const box = await donate.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(PHONE.width);
      await saveScreenshot(page, 'journey-donation-en-phone');
    } finally {
      await context.close();
    }
  });

  // Last: it moves the platform's clock past every open session's expiry. A minute past the
  // link's day, not further: a session expired for longer than the 24 h retention may be
  // deleted by the sweeper before the reload reads it, and then the page says not found.
  it('a session past expires_at shows the expired panel', async () => {
    const { context, page } = await openBrowser(DESKTOP);
    try {
      await page.goto(checkoutUrl(LINKS.oneTime));
      await page.waitForURL(/\/payment-kit\/checkout\/pay\/cs_/, TIMEOUT);
      platform.clock.advance(86_400 + 60);
      await page.reload();
      await page.getByText(en('payment.checkout.expired.title')).waitFor(TIMEOUT);
      await saveScreenshot(page, 'journey-expired-en-desktop');
    } finally {
      await context.close();
    }
  });
});
