import { createTranslator, type MessageKey, type Translate } from '@bazaar/i18n';
import { SESSION_COOKIE } from '@bazaar/platform';
import type { Page } from 'playwright-core';
import { latestCode, openBrowser, type RunningPlatform } from './harness.ts';

/** The steps a person takes on the checkout, shared by the journeys; texts come from the catalogues. */

export const E2E_TIMEOUT = { timeout: 20_000 };

export function checkoutUrl(platform: RunningPlatform, id: string, locale = 'en'): string {
  return `${platform.baseUrl}/payment-kit/checkout/pay/${id}?locale=${locale}`;
}

/** On the login page: asks for a code, types the one mailed to `email`, and signs in. */
export async function enterEmailedCode(page: Page, platform: RunningPlatform, t: Translate, email: string) {
  await page.getByLabel(t('platform.login.email.label')).fill(email, E2E_TIMEOUT);
  await page.getByRole('button', { name: t('platform.login.email.send') }).click();
  // The code field shows once the server answered, so the mail has been sent by then.
  const codeField = page.getByLabel(t('platform.login.code.label'));
  await codeField.waitFor(E2E_TIMEOUT);
  await codeField.fill(latestCode(platform, email));
  // exact: with a wallet in the browser, "Sign in with wallet" is a button too.
  await page.getByRole('button', { name: t('platform.login.code.verify'), exact: true }).click();
}

/** On the login page: signs in with the emailed code and lands back on the checkout. */
export async function signInWithEmailedCode(
  page: Page,
  platform: RunningPlatform,
  t: Translate,
  email: string,
) {
  await enterEmailedCode(page, platform, t, email);
  await page.waitForURL(/\/payment-kit\/checkout\/pay\/cs_/, E2E_TIMEOUT);
}

/** A guest opens a link, follows "Connect and {action}" to sign in, and comes back to it. */
export async function signInFromCheckout(
  page: Page,
  platform: RunningPlatform,
  t: Translate,
  visit: { link: string; action: string; email: string; locale?: string },
) {
  await page.goto(checkoutUrl(platform, visit.link, visit.locale));
  const connect = t('payment.checkout.action.connect', { action: visit.action });
  await page.getByRole('button', { name: connect }).click(E2E_TIMEOUT);
  await signInWithEmailedCode(page, platform, t, visit.email);
}

/** Name, email and, since card payments always collect it, the billing postal code. */
export async function fillContact(page: Page, t: Translate, name: string, email: string) {
  await page.getByLabel(t('payment.checkout.form.name')).fill(name, E2E_TIMEOUT);
  await page.getByLabel(t('payment.checkout.form.email')).fill(email);
  await page.getByLabel(t('payment.checkout.form.postalCode')).fill('94107');
}

/** The card step of the built-in test card network; a trial's card step reads "Start trial" (`confirm`). */
export async function payByCard(
  page: Page,
  t: Translate,
  number = '4242 4242 4242 4242',
  confirm: MessageKey = 'payment.checkout.card.confirm',
) {
  await page.getByLabel(t('payment.checkout.card.number')).fill(number, E2E_TIMEOUT);
  await page.getByLabel(t('payment.checkout.card.expiry')).fill('12/34');
  await page.getByLabel(t('payment.checkout.card.cvc')).fill('123');
  await page.getByRole('button', { name: t(confirm) }).click();
}

/** Who looks at the dashboard, in which language and at what size. */
export interface DashboardView {
  locale: string;
  browserLocale: string;
  viewport: { width: number; height: number };
}

/**
 * The owner's own browser (signed in with `ownerCookie`) on a page of the Payment Kit dashboard
 * (`section`), switched to test mode, where the demo's and the journeys' payments are.
 */
export async function openDashboard(
  platform: RunningPlatform,
  ownerCookie: string,
  view: DashboardView,
  section = 'overview',
) {
  const browser = await openBrowser(view.viewport, view.browserLocale);
  await browser.context.addCookies([
    {
      name: SESSION_COOKIE,
      value: ownerCookie.slice(SESSION_COOKIE.length + 1),
      url: platform.baseUrl,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
  const t = createTranslator(view.locale);
  await browser.page.goto(`${platform.baseUrl}/payment-kit/admin/${section}?locale=${view.locale}`);
  await browser.page.getByLabel(t('payment.admin.mode.switch')).check(E2E_TIMEOUT);
  await browser.page.getByText(t('payment.admin.mode.banner')).waitFor(E2E_TIMEOUT);
  return { ...browser, t };
}
