import { readBundle } from '@bazaar/bundle';
import { createTranslator } from '@bazaar/i18n';
import { BUNDLE_HEADERS } from '@bazaar/schemas';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type RunningPlatform } from './harness.ts';
import { openSignedInBrowser, saveStoreScreenshot, STORE_RUNS } from './store-steps.ts';
import { E2E_TIMEOUT, fillContact, payByCard } from './steps.ts';

let platform: RunningPlatform;

beforeAll(async () => {
  // The demo catalogue: five apps published through the real pipeline, Receipt OCR at 4.99 USD.
  platform = await startPlatform({ withDemoApps: true });
  // The first person signed in on a test platform owns it (and so manages every app): not a buyer.
  await platform.signIn('owner@example.com');
});
afterAll(async () => {
  await platform?.close();
});

describe("the Store's visitor, in Chromium", () => {
  it.each(STORE_RUNS)(
    'finds a paid app by a misspelt word, buys it by test card, downloads and verifies it, comments and tips its developer ($locale, $device)',
    async (run) => {
      const t = createTranslator(run.locale);
      const email = `buyer-${run.locale}@example.com`;
      const { cookie } = await platform.signIn(email);
      const { context, page } = await openSignedInBrowser(platform, cookie, run);
      try {
        await page.goto(`${platform.baseUrl}/`);
        await page.getByRole('heading', { name: t('store.catalogue.section.trending') }).waitFor(E2E_TIMEOUT);
        await saveStoreScreenshot(page, 'visitor-home', run);

        // "recipt": one letter off; the search finds Receipt OCR all the same.
        await page.getByRole('searchbox', { name: t('store.catalogue.search.label') }).fill('recipt');
        await page.waitForURL(/\/search\?keyword=recipt/, E2E_TIMEOUT);
        const card = page.getByRole('link', { name: /Receipt OCR/ }).first();
        await card.waitFor(E2E_TIMEOUT);
        await saveStoreScreenshot(page, 'visitor-search', run);
        await card.click();

        await page.getByRole('heading', { level: 1, name: 'Receipt OCR' }).waitFor(E2E_TIMEOUT);
        await page
          .getByRole('button', { name: t('store.visitor.action.buy', { price: '4.99 USD' }) })
          .click();
        const dialog = page.getByRole('dialog', {
          name: t('store.visitor.buy.title', { title: 'Receipt OCR' }),
        });
        await dialog.waitFor(E2E_TIMEOUT);
        await fillContact(page, t, 'Bea Buyer', email);
        await dialog.getByRole('button', { name: t('payment.checkout.action.pay'), exact: true }).click();
        await payByCard(page, t);
        await page.getByText(t('store.visitor.action.purchased')).first().waitFor(E2E_TIMEOUT);
        const download = page.getByRole('link', { name: t('store.visitor.action.download') });
        await download.waitFor(E2E_TIMEOUT);
        await saveStoreScreenshot(page, 'visitor-purchased', run);

        // What the Download button fetches, with the buyer's session: the bytes hash to the
        // integrity headers, and the bundle's manifest verifies under the app's own key.
        const response = await context.request.get(
          new URL((await download.getAttribute('href'))!, platform.baseUrl).href,
        );
        expect(response.status()).toBe(200);
        const bytes = await response.body();
        const integrity = `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
        expect(response.headers()[BUNDLE_HEADERS.integrity]).toBe(integrity);
        const bundle = await readBundle(bytes, { maxBytes: bytes.length, expectedIntegrity: integrity });
        expect(bundle.manifest).toMatchObject({
          name: 'receipt-ocr',
          price: { amount: '4.99', currency: 'USD' },
        });
        // A visitor without the licence gets nothing.
        const anonymous = await fetch(new URL((await download.getAttribute('href'))!, platform.baseUrl));
        expect(anonymous.status).toBe(402);

        // A comment with a link, which renders as a link and nothing more.
        const comment = `Works well for my receipts (${run.locale}), see https://example.com/guide`;
        await page.getByRole('textbox', { name: t('store.comments.field') }).fill(comment);
        await page.getByRole('button', { name: t('store.comments.post') }).click();
        await page
          .getByText(`Works well for my receipts (${run.locale})`, { exact: false })
          .waitFor(E2E_TIMEOUT);
        // Each run's comment links there: the earlier run's is on the page too.
        const link = page.getByRole('link', { name: 'https://example.com/guide' }).first();
        expect(await link.getAttribute('rel')).toContain('nofollow');

        // A tip to the developer, in the app's own tip jar.
        const jar = page.getByRole('region', { name: t('store.visitor.section.support') });
        // Each run tips 5 USD, the widget's preselected amount (the kit's default); a run after
        // another finds its tip there already.
        const summary = (count: number) => t('payment.donate.summary', { count, total: `$${5 * count}.00` });
        // The widget loads its supporters once it is near the window (50 px on a phone).
        await jar.scrollIntoViewIfNeeded(E2E_TIMEOUT);
        const noneYet = jar.getByText(t('payment.donate.empty'));
        await noneYet.or(jar.getByText(summary(1))).waitFor(E2E_TIMEOUT);
        const tips = (await noneYet.isVisible()) ? 1 : 2;
        await jar.getByRole('button', { name: t('payment.donate.button') }).click(E2E_TIMEOUT);
        const tipDialog = page.getByRole('dialog');
        await tipDialog.getByRole('textbox', { name: t('payment.checkout.form.name') }).fill('Bea Buyer');
        await tipDialog.getByRole('textbox', { name: t('payment.checkout.form.email') }).fill(email);
        await tipDialog.getByRole('textbox', { name: t('payment.checkout.form.postalCode') }).fill('94107');
        await tipDialog
          .getByRole('button', { name: t('payment.checkout.action.donate'), exact: true })
          .click();
        await payByCard(page, t);
        await tipDialog.getByText(t('payment.checkout.completed.donate')).waitFor(E2E_TIMEOUT);
        await tipDialog.waitFor({ state: 'detached', timeout: 10_000 });
        await jar.getByText(summary(tips)).waitFor(E2E_TIMEOUT);
        await saveStoreScreenshot(page, 'visitor-tipped', run);

        // The purchase is in the buyer's profile, with its invoice.
        await page.goto(`${platform.baseUrl}/profile`);
        const bought = page.getByRole('region', { name: t('store.purchases.apps.heading') });
        await bought.getByRole('link', { name: 'Receipt OCR', exact: true }).waitFor(E2E_TIMEOUT);
        await bought.getByText(t('store.purchases.licence.active')).waitFor(E2E_TIMEOUT);
        await saveStoreScreenshot(page, 'visitor-profile', run);
      } finally {
        await context.close();
      }
    },
  );
});
