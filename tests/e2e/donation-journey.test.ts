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
import { E2E_TIMEOUT, enterEmailedCode, payByCard } from './steps.ts';

const TIMEOUT = E2E_TIMEOUT;

let platform: RunningPlatform;

beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const supportersText = (t: Translate, count: number, total: string) =>
  t('payment.donate.summary', { count, total });

/** The Store's tip jar, as the home page shows it. */
function jar(page: Page, t: Translate) {
  return page.getByRole('region', { name: t('store.support.heading') });
}

describe('the donation widget on the Store home page, in Chromium', () => {
  it.each([
    {
      locale: 'en',
      viewport: DESKTOP,
      device: 'desktop',
      amount: '2.5',
      before: null,
      after: { count: 1, total: '$2.50' },
    },
    {
      locale: 'zh',
      viewport: PHONE,
      device: 'phone',
      amount: '7',
      before: { count: 1, total: '$2.50' },
      after: { count: 2, total: '$9.50' },
    },
  ])(
    'a guest tips $amount anonymously and another visitor sees them join the supporters without a reload ($locale, $device)',
    async ({ locale, viewport, device, amount, before, after }) => {
      const t = createTranslator(locale);
      const home = `${platform.baseUrl}/?locale=${locale}`;
      const watcher = await openBrowser(DESKTOP, locale === 'zh' ? 'zh-CN' : 'en-US');
      const donor = await openBrowser(viewport, locale === 'zh' ? 'zh-CN' : 'en-US');
      try {
        await watcher.page.goto(home);
        const watched = jar(watcher.page, t);
        await watched
          .getByText(before ? supportersText(t, before.count, before.total) : t('payment.donate.empty'))
          .waitFor(TIMEOUT);

        await donor.page.goto(home);
        await jar(donor.page, t)
          .getByRole('button', { name: t('payment.donate.button') })
          .click(TIMEOUT);
        const dialog = donor.page.getByRole('dialog');
        await dialog.getByRole('radio', { name: t('payment.checkout.donation.custom') }).click(TIMEOUT);
        await dialog.getByLabel(t('payment.checkout.donation.customAmount', { symbol: '$' })).fill(amount);
        await dialog.getByRole('textbox', { name: t('payment.checkout.form.name') }).fill('Secret Santa');
        await dialog
          .getByRole('textbox', { name: t('payment.checkout.form.email') })
          .fill(`santa-${locale}@example.com`);
        await dialog.getByRole('textbox', { name: t('payment.checkout.form.postalCode') }).fill('94107');
        await dialog.getByRole('radio', { name: t('payment.checkout.supporter.anonymous') }).check();
        await saveSettledScreenshot(donor.page, `donate-dialog-${locale}-${device}`);
        await dialog.getByRole('button', { name: t('payment.checkout.action.donate'), exact: true }).click();
        await payByCard(donor.page, t);
        await dialog.getByText(t('payment.checkout.completed.donate')).waitFor(TIMEOUT);
        // The dialog closes by itself after five seconds.
        await dialog.waitFor({ state: 'detached', timeout: 10_000 });
        await jar(donor.page, t)
          .getByText(supportersText(t, after.count, after.total))
          .waitFor(TIMEOUT);

        // The other visitor's page hears of the donation over the relay.
        await watched.getByText(supportersText(t, after.count, after.total)).waitFor(TIMEOUT);
        await watched
          .getByRole('button', { name: t('payment.donate.supporters', { count: after.count }) })
          .click();
        const list = watcher.page.getByRole('table');
        await list.waitFor(TIMEOUT);
        const rows = await list.getByRole('row').allTextContents();
        const paid = `$${Number(amount).toFixed(2)}`;
        expect(rows.filter((row) => row.includes(paid))).toEqual([
          expect.stringContaining(t('payment.donate.anonymous')),
        ]);
        // Neither the name nor the email the donor typed reached the other visitor's page.
        const html = await watcher.page.content();
        expect(html).not.toContain('Secret Santa');
        expect(html).not.toContain('santa-');
        await saveSettledScreenshot(watcher.page, `donate-supporters-${locale}-desktop`);
        await saveSettledScreenshot(donor.page, `donate-home-${locale}-${device}`);
      } finally {
        await donor.context.close();
        await watcher.context.close();
      }
    },
  );
});

describe('an owner configures the donation widget, in Chromium', () => {
  it.each([
    {
      locale: 'en',
      viewport: DESKTOP,
      device: 'desktop',
      presets: ['2', '4', '8'],
      shown: ['$2.00', '$4.00', '$8.00'],
    },
    { locale: 'zh', viewport: PHONE, device: 'phone', presets: ['3', '6'], shown: ['$3.00', '$6.00'] },
  ])(
    'turns the Store tip jar off and on again, and edits its presets on the integrations page ($locale, $device)',
    async ({ locale, viewport, device, presets, shown }) => {
      const t = createTranslator(locale);
      const { context, page } = await openBrowser(viewport, locale === 'zh' ? 'zh-CN' : 'en-US');
      try {
        // The first person to sign in owns the test platform.
        await page.goto(`${platform.baseUrl}/.well-known/service/user/login?redirect=/&locale=${locale}`);
        await enterEmailedCode(page, platform, t, 'owner@example.com');
        await page.waitForURL(`${platform.baseUrl}/`, TIMEOUT);
        // The widget's first showing makes its setting, which the integrations page then lists.
        await jar(page, t)
          .getByRole('button', { name: t('payment.donate.button') })
          .waitFor(TIMEOUT);

        const integrations = `${platform.baseUrl}/payment-kit/integrations/donations?locale=${locale}`;
        await page.goto(integrations);
        const card = page.getByRole('region', { name: 'store/home' });
        const active = card.getByLabel(t('payment.integrations.setting.active'));
        await expect.poll(() => active.isChecked(), TIMEOUT).toBe(true);
        await active.click();
        await expect.poll(() => active.isChecked(), TIMEOUT).toBe(false);

        // Where donations are off, visitors see nothing and the owner sees the switch.
        await page.goto(`${platform.baseUrl}/?locale=${locale}`);
        const tipJar = jar(page, t);
        await tipJar.getByText(t('payment.donate.off')).waitFor(TIMEOUT);
        await saveSettledScreenshot(page, `donate-off-owner-${locale}-${device}`);
        await tipJar.getByRole('button', { name: t('payment.donate.enable') }).click();
        await tipJar.getByRole('button', { name: t('payment.donate.button') }).waitFor(TIMEOUT);

        await page.goto(integrations);
        await expect.poll(() => active.isChecked(), TIMEOUT).toBe(true);
        await card
          .getByRole('button', {
            name: t('payment.integrations.setting.editLabel', { location: 'store/home' }),
          })
          .click();
        const editor = page.getByRole('dialog');
        // Whatever the presets are now, they all go.
        const removeLabel = t('payment.integrations.field.presetRemove', { amount: '' });
        const removeButtons = editor.getByRole('button', { name: new RegExp(`^${removeLabel}\\d`) });
        await removeButtons.first().waitFor(TIMEOUT);
        while ((await removeButtons.count()) > 0) await removeButtons.first().click();
        const newAmount = editor.getByRole('textbox', { name: t('payment.integrations.field.presetNew') });
        for (const preset of presets) {
          await newAmount.fill(preset);
          await editor.getByRole('button', { name: t('payment.integrations.field.presetAdd') }).click();
        }
        await saveSettledScreenshot(page, `donate-integrations-editor-${locale}-${device}`);
        await editor.getByRole('button', { name: t('payment.integrations.editor.save') }).click();
        await editor.waitFor({ state: 'detached', ...TIMEOUT });
        await saveSettledScreenshot(page, `donate-integrations-${locale}-${device}`);

        // The tip jar's donation now offers the new presets.
        await page.goto(`${platform.baseUrl}/?locale=${locale}`);
        await jar(page, t)
          .getByRole('button', { name: t('payment.donate.button') })
          .click(TIMEOUT);
        const dialog = page.getByRole('dialog');
        for (const amount of shown)
          await dialog.getByRole('radio', { name: amount, exact: true }).waitFor(TIMEOUT);
        expect(await dialog.getByRole('radio', { name: '$10.00', exact: true }).count()).toBe(0);
      } finally {
        await context.close();
      }
    },
  );
});
