import { createTranslator } from '@bazaar/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSettledScreenshot, startPlatform, type RunningPlatform } from './harness.ts';
import { callStore, openSignedInBrowser, STORE_RUNS } from './store-steps.ts';
import { E2E_TIMEOUT, fillContact, payByCard } from './steps.ts';

let platform: RunningPlatform;

beforeAll(async () => {
  platform = await startPlatform();
  // The first person signed in on a test platform owns it, and turns on staking.
  const owner = await platform.signIn('owner@example.com');
  await callStore(platform, owner.cookie, 'PUT', '/console/settings', {
    permissionMode: 'staking',
    stakeAmount: '5',
    stakeCurrency: 'USD',
  });
});
afterAll(async () => {
  await platform?.close();
});

describe('joining the Store by staking, in Chromium', () => {
  it.each(STORE_RUNS)(
    'agrees to the terms, pays the stake in the embedded checkout, becomes a developer and leaves ($locale, $device)',
    async (run) => {
      const t = createTranslator(run.locale);
      const email = `staker-${run.locale}@example.com`;
      const { cookie } = await platform.signIn(email);
      const { context, page } = await openSignedInBrowser(platform, cookie, run);
      try {
        await page.goto(`${platform.baseUrl}/join`);
        await page
          .getByText(t('store.join.stake.amount', { amount: '5', currency: 'USD' }))
          .waitFor(E2E_TIMEOUT);
        await page.getByLabel(t('store.join.terms.agree')).check();
        await page.getByRole('button', { name: t('store.join.continue') }).click();
        await page.getByRole('button', { name: t('store.join.pay.title') }).click();

        // The Payment Kit's checkout, embedded: any method it offers; here the test card.
        await fillContact(page, t, 'Stella Staker', email);
        await page.getByRole('button', { name: t('payment.checkout.action.pay'), exact: true }).click();
        await payByCard(page, t);
        await page.getByText(t('store.developer.already.title')).waitFor(E2E_TIMEOUT);
        const held = t('store.join.stake.held', { amount: '5', currency: 'USD' });
        await page.getByText(held).waitFor(E2E_TIMEOUT);
        await saveSettledScreenshot(page, `store-staking-joined-${run.locale}-${run.device}`);

        await page.getByRole('button', { name: t('store.join.leave.action') }).click();
        const dialog = page.getByRole('dialog', { name: t('store.join.leave.title') });
        await dialog.getByRole('button', { name: t('store.join.leave.confirm') }).click();
        await page.getByText(t('store.join.left')).waitFor(E2E_TIMEOUT);
        const returning = page.getByRole('status').filter({ hasText: '5 USD' });
        await returning.waitFor(E2E_TIMEOUT);
        expect(await returning.textContent()).toMatch(/\d{4}-\d{2}-\d{2}/);
        // Who left may stake again.
        await page.getByRole('button', { name: t('store.join.continue') }).waitFor(E2E_TIMEOUT);
        await saveSettledScreenshot(page, `store-staking-left-${run.locale}-${run.device}`);
      } finally {
        await context.close();
      }
    },
  );
});
