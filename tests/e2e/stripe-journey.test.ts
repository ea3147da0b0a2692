import { createTranslator, type Translate } from '@bazaar/i18n';
import { routeStripeJs, type StripeStandIn } from '@bazaar/stripe-stand-in';
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
import { E2E_TIMEOUT, fillContact, signInFromCheckout } from './steps.ts';

const CARD_METHOD = 'pm_demo_card';
const WEBHOOK_SECRET = 'whsec_journeysigningsecret';

let platform: RunningPlatform;
let stripe: StripeStandIn;
/** The owner's session, to read what the kit recorded as the admin dashboard will. */
let ownerCookie: string;

async function asOwner(url: string) {
  const response = await platform.app.inject({ url, headers: { cookie: ownerCookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  platform = await startPlatform({ withStripe: true });
  stripe = platform.stripe!;
  // The first person signed in owns the platform; they give the demo's card method Stripe keys,
  // as a merchant would in the dashboard.
  ownerCookie = (await platform.signIn('owner@example.com')).cookie;
  const keyed = await platform.app.inject({
    method: 'PUT',
    url: `/payment-kit/api/payment-methods/${CARD_METHOD}`,
    headers: { cookie: ownerCookie },
    payload: {
      settings: {
        publishable_key: stripe.publishableKey,
        secret_key: stripe.secretKey,
        webhook_secret: WEBHOOK_SECRET,
      },
    },
  });
  expect(keyed.statusCode, keyed.body).toBe(200);
  stripe.addWebhookEndpoint(
    `${platform.baseUrl}/payment-kit/api/stripe/webhooks/${CARD_METHOD}`,
    WEBHOOK_SECRET,
  );
});
afterAll(async () => {
  await platform?.close();
});

/** Stripe's Payment Element, as the page shows it, filled as a payer would. */
async function fillStripeCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number, E2E_TIMEOUT);
  await page.getByLabel('Expiration date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
}

async function payThroughStripe(page: Page, t: Translate, email: string, locale: string) {
  const pay = t('payment.checkout.action.pay');
  await signInFromCheckout(page, platform, t, { link: 'plink_demo_onetime', action: pay, email, locale });
  await fillContact(page, t, 'Stella Stripe', email);
  await page.getByRole('button', { name: pay, exact: true }).click();
}

describe('paying through Stripe, in Chromium', () => {
  it.each([
    { locale: 'en', viewport: DESKTOP, device: 'desktop', email: 'stripe-en@example.com' },
    { locale: 'zh', viewport: PHONE, device: 'phone', email: 'stripe-zh@example.com' },
  ])(
    'a declined card, then 3-D Secure on another, completes the checkout once ($locale, $device)',
    async ({ locale, viewport, device, email }) => {
      const t = createTranslator(locale);
      const { context, page } = await openBrowser(viewport, locale === 'zh' ? 'zh-CN' : 'en-US');
      // Stripe.js and Stripe's API are answered on this machine: the only fake is Stripe's side.
      await routeStripeJs(context, stripe);
      const stripeScripts: string[] = [];
      page.on('request', (request) => {
        if (request.url().startsWith('https://js.stripe.com/')) stripeScripts.push(request.url());
      });
      try {
        await payThroughStripe(page, t, email, locale);
        // Stripe.js loads only now that the Stripe method asks for a card.
        await page.getByLabel('Card number').waitFor(E2E_TIMEOUT);
        expect(stripeScripts).toHaveLength(1);
        await saveSettledScreenshot(page, `stripe-card-step-${locale}-${device}`);

        await fillStripeCard(page, '4000 0000 0000 0002');
        await page.getByRole('button', { name: t('payment.checkout.card.confirm') }).click();
        await page.getByText('Your card was declined.').waitFor(E2E_TIMEOUT);

        await fillStripeCard(page, '4000 0025 0000 3155');
        await page.getByRole('button', { name: t('payment.checkout.card.confirm') }).click();
        const challenge = page.getByRole('dialog', { name: '3D Secure authentication' });
        await challenge.waitFor(E2E_TIMEOUT);
        await saveSettledScreenshot(page, `stripe-3ds-${locale}-${device}`);
        await challenge.getByRole('button', { name: 'Complete authentication' }).click();

        const viewInvoice = page.getByRole('link', { name: t('payment.checkout.completed.viewInvoice') });
        await viewInvoice.waitFor(E2E_TIMEOUT);
        await saveSettledScreenshot(page, `stripe-paid-${locale}-${device}`);

        // The page's confirmation and Stripe's webhooks both reached the kit: one payment, booked once.
        await stripe.webhooksSettled();
        expect(stripe.deliveries.every((delivery) => delivery.status === 200)).toBe(true);
        const invoiceId = (await viewInvoice.getAttribute('href'))!.split('/').at(-1)!.split('?')[0]!;
        const invoice = await asOwner(`/payment-kit/api/invoices/${invoiceId}`);
        expect(invoice).toMatchObject({ status: 'paid', amount_paid: '1999' });
        const events = await asOwner(
          `/payment-kit/api/events?livemode=false&object_id=${invoice.payment_intent_id}`,
        );
        const types = events.list.map((event: { type: string }) => event.type).sort();
        expect(types).toEqual(['payment_intent.payment_failed', 'payment_intent.succeeded']);
      } finally {
        await context.close();
      }
    },
  );
});
