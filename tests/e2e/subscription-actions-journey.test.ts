import { createTranslator, type Translate } from '@bazaar/i18n';
import type { Page } from 'playwright-core';
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
const PLAN = 'Bazaar Club membership';

let platform: RunningPlatform;

beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

/** The state on screen at the journey's width and at the other one, back to the first after. */
async function shotBoth(page: Page, name: string, suffix: string) {
  const viewport = page.viewportSize() ?? DESKTOP;
  for (const size of viewport.width === PHONE.width ? [PHONE, DESKTOP] : [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await saveSettledScreenshot(
      page,
      `subscription-${name}-${suffix}-${size === PHONE ? 'phone' : 'desktop'}`,
    );
  }
  await page.setViewportSize(viewport);
}

/** A signed-in payer subscribes to the monthly membership in euros, where no trial applies, by card. */
async function subscribeMonthlyInEuros(page: Page, t: Translate, email: string, locale: string) {
  const subscribe = t('payment.checkout.action.subscribe');
  await signInFromCheckout(page, platform, t, {
    link: 'plink_demo_subscription',
    action: subscribe,
    email,
    locale,
  });
  await page.getByRole('radio', { name: /Euro/ }).click(TIMEOUT);
  await page.getByTestId('trial').waitFor({ state: 'detached', ...TIMEOUT });
  await fillContact(page, t, 'Sam Subscriber', email);
  await page.getByRole('button', { name: subscribe, exact: true }).click();
  await payByCard(page, t);
  await page.getByRole('link', { name: t('payment.checkout.completed.viewSubscription') }).click(TIMEOUT);
  await page.waitForURL(/\/payment-kit\/customer\/subscription\/sub_/, TIMEOUT);
}

async function readSubscription(page: Page) {
  const id = new URL(page.url()).pathname.split('/').at(-1)!;
  const response = await page.request.get(`${platform.baseUrl}/payment-kit/api/subscriptions/${id}`);
  return (await response.json()) as {
    id: string;
    cancel_at_period_end: boolean;
    items: { price_id: string }[];
    latest_invoice_id: string;
  };
}

describe('a subscriber manages the subscription, in Chromium', () => {
  it.each([
    { locale: 'en', viewport: DESKTOP, device: 'desktop', email: 'plans-en@example.com' },
    { locale: 'zh', viewport: PHONE, device: 'phone', email: 'plans-zh@example.com' },
  ])(
    'subscribes monthly, upgrades to yearly after reading the preview, cancels and resumes ($locale, $device)',
    async ({ locale, viewport, device, email }) => {
      const t = createTranslator(locale);
      const suffix = `${locale}-${device}`;
      const { context, page } = await openBrowser(viewport, locale === 'zh' ? 'zh-CN' : 'en-US');
      try {
        await subscribeMonthlyInEuros(page, t, email, locale);
        await page.getByRole('heading', { name: PLAN }).waitFor(TIMEOUT);
        await page.getByText(t('payment.checkout.recurring.per.month'), { exact: true }).waitFor(TIMEOUT);
        await shotBoth(page, 'page', suffix);

        // Change plan: the yearly price, then the preview of what it costs today.
        await page.getByRole('button', { name: t('payment.subscription.changePlan.action') }).click();
        const planDialog = page.getByRole('dialog', { name: t('payment.subscription.changePlan.title') });
        const yearly = planDialog.getByRole('radio', {
          name: new RegExp(t('payment.checkout.recurring.per.year')),
        });
        await yearly.click(TIMEOUT);
        await shotBoth(page, 'plan-options', suffix);
        await planDialog.getByRole('button', { name: t('payment.subscription.changePlan.review') }).click();
        const review = planDialog.getByTestId('plan-change-review');
        await review.getByText(t('payment.subscription.changePlan.unusedCredit')).waitFor(TIMEOUT);
        await review.getByText(t('payment.subscription.changePlan.remaining')).waitFor(TIMEOUT);
        await review.getByText(t('payment.subscription.changePlan.restartsPeriod')).waitFor(TIMEOUT);
        await shotBoth(page, 'plan-preview', suffix);
        const payLabel = t('payment.subscription.changePlan.confirmPay', { amount: '€' }).replace('€', '');
        await planDialog.getByRole('button', { name: new RegExp(`^${payLabel}€`) }).click();
        const yearlyPlan = t('payment.subscription.changePlan.optionAmount', {
          amount: '€89.99',
          period: t('payment.checkout.recurring.per.year'),
        });
        await page
          .getByText(t('payment.subscription.changePlan.done', { plan: `${PLAN} · ${yearlyPlan}` }))
          .waitFor(TIMEOUT);
        await planDialog.waitFor({ state: 'detached', ...TIMEOUT });
        await page.getByText(t('payment.checkout.recurring.per.year'), { exact: true }).waitFor(TIMEOUT);
        const upgraded = await readSubscription(page);
        expect(upgraded.items.map((item) => item.price_id)).toEqual(['price_demo_yearly']);
        const invoice = await page.request.get(
          `${platform.baseUrl}/payment-kit/api/invoices/${upgraded.latest_invoice_id}`,
        );
        expect(await invoice.json()).toMatchObject({ billing_reason: 'subscription_update', status: 'paid' });
        await shotBoth(page, 'upgraded', suffix);

        // Cancel with a reason: it runs to the end of the year, and can be resumed until then.
        await page.getByRole('button', { name: t('payment.subscription.cancel.action') }).click();
        const cancelDialog = page.getByRole('dialog', { name: t('payment.subscription.cancel.title') });
        await cancelDialog
          .getByRole('radio', { name: t('payment.subscription.cancel.feedback.missing_features') })
          .click(TIMEOUT);
        await cancelDialog
          .getByRole('textbox')
          .fill(locale === 'en' ? 'No team seats yet' : '还没有团队席位');
        await shotBoth(page, 'cancel-dialog', suffix);
        await cancelDialog.getByRole('button', { name: t('payment.subscription.cancel.confirm') }).click();
        const resume = page.getByRole('button', { name: t('payment.subscription.resume.action') });
        await resume.waitFor(TIMEOUT);
        expect((await readSubscription(page)).cancel_at_period_end).toBe(true);
        await shotBoth(page, 'canceled', suffix);

        await resume.click();
        await page.getByRole('button', { name: t('payment.subscription.cancel.action') }).waitFor(TIMEOUT);
        expect((await readSubscription(page)).cancel_at_period_end).toBe(false);
        await shotBoth(page, 'resumed', suffix);
      } finally {
        await context.close();
      }
    },
  );
});
