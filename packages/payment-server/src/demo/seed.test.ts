import { submitCheckoutResponseSchema } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getPaymentIntent } from '../modules/payment-intents/service.ts';
import { findPaymentLink, listBenefits } from '../modules/payment-links/service.ts';
import { getPricesById } from '../modules/prices/service.ts';
import { confirmCard, startCheckout } from '../test-utils/checkout-steps.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../test-utils/payment-test-app.ts';
import { makeSubmitBody, openPaymentTestKit, type PaymentTestKit } from '../test-utils/payment-test-kit.ts';
import { DEMO, seedDemoData } from './seed.ts';

/** A link the seed must have written. */
async function seededLink(db: PaymentTestKit['db'], id: string) {
  const link = await findPaymentLink(db, id);
  if (!link) throw new Error(`the seed wrote no payment link ${id}`);
  return link;
}

describe.each(TEST_DIALECTS)('demo seed on %s', (dialect) => {
  let kit: PaymentTestKit;

  beforeEach(async () => {
    kit = await openPaymentTestKit(dialect);
  });
  afterEach(async () => {
    await kit.close();
  });

  it('is safe to run again and keeps what changed since', async () => {
    await kit.db
      .updateTable('prices')
      .set({ quantity_sold: 7 })
      .where('id', '=', DEMO.licensePriceId)
      .execute();
    await seedDemoData(kit.deps);
    const prices = await getPricesById(kit.db, [
      DEMO.licensePriceId,
      DEMO.monthlyPriceId,
      DEMO.donationPriceId,
    ]);
    expect(prices.get(DEMO.licensePriceId)).toMatchObject({
      unit_amount: '1999',
      quantity_available: 100,
      quantity_sold: 7,
      quantity_limit_per_checkout: 5,
      livemode: false,
    });
    expect(prices.get(DEMO.monthlyPriceId)?.recurring).toEqual({
      interval: 'month',
      interval_count: 1,
      usage_type: 'licensed',
    });
    expect(prices.get(DEMO.donationPriceId)?.custom_unit_amount?.presets).toEqual(['100', '500', '1000']);
    const links = await kit.db.selectFrom('payment_links').select('id').orderBy('id').execute();
    expect(links.map((link) => link.id)).toEqual([
      DEMO.bundleLinkId,
      DEMO.donationLinkId,
      DEMO.lowStockLinkId,
      DEMO.oneTimeLinkId,
      DEMO.subscriptionLinkId,
    ]);
    expect((await seededLink(kit.db, DEMO.donationLinkId)).link).toMatchObject({
      submit_type: 'donate',
      donation_settings: { presets: ['1', '5', '10'] },
    });
  });

  it('gives a donation link seeded before beneficiaries existed its two beneficiaries', async () => {
    const before = { presets: ['1', '5', '10'], preset: '5', minimum: '1', maximum: '1000', custom: true };
    await kit.db
      .updateTable('payment_links')
      .set({ donation_settings: JSON.stringify(before) })
      .where('id', '=', DEMO.donationLinkId)
      .execute();
    await seedDemoData(kit.deps);
    const benefits = await listBenefits(kit.db, { paymentLinkId: DEMO.donationLinkId, amount: null });
    expect(benefits.map((benefit) => [benefit.name, benefit.percent])).toEqual([
      ['Bazaar maintainers', 70],
      ['Bazaar translators', 30],
    ]);
  });

  it('offers a link that requires its add-on and one asking for more posters than are left', async () => {
    const bundle = await seededLink(kit.db, DEMO.bundleLinkId);
    expect(bundle.link).toMatchObject({ active: true, submit_type: 'pay' });
    expect(bundle.line_items).toEqual([
      { price_id: DEMO.licensePriceId, quantity: 1, cross_sell: false },
      { price_id: DEMO.supportPriceId, quantity: 1, cross_sell: true },
    ]);
    const bundleRow = await kit.db
      .selectFrom('payment_links')
      .select(['cross_sell_behavior', 'livemode'])
      .where('id', '=', DEMO.bundleLinkId)
      .executeTakeFirstOrThrow();
    expect(bundleRow).toEqual({ cross_sell_behavior: 'required', livemode: 0 });

    const lowStock = await seededLink(kit.db, DEMO.lowStockLinkId);
    expect(lowStock.line_items).toEqual([{ price_id: DEMO.posterPriceId, quantity: 5, cross_sell: false }]);
    const poster = (await getPricesById(kit.db, [DEMO.posterPriceId])).get(DEMO.posterPriceId);
    expect(poster).toMatchObject({ unit_amount: '2500', quantity_available: 3, quantity_sold: 0 });
  });

  it('gives demo data seeded before them the yearly upsell, EUR and the cross-sell, unless edited since', async () => {
    await kit.db
      .updateTable('prices')
      .set({ upsells_to_id: null, currency_options: '[]' })
      .where('id', '=', DEMO.monthlyPriceId)
      .execute();
    const editedOptions = JSON.stringify([
      { currency_id: DEMO.eurCurrencyId, unit_amount: '1500', custom_unit_amount: null, tiers: null },
    ]);
    await kit.db
      .updateTable('prices')
      .set({ currency_options: editedOptions })
      .where('id', '=', DEMO.licensePriceId)
      .execute();
    const before = JSON.stringify([{ price_id: DEMO.licensePriceId, quantity: 1 }]);
    await kit.db
      .updateTable('payment_links')
      .set({ line_items: before })
      .where('id', '=', DEMO.oneTimeLinkId)
      .execute();
    await seedDemoData(kit.deps);
    const prices = await getPricesById(kit.db, [DEMO.monthlyPriceId, DEMO.licensePriceId]);
    expect(prices.get(DEMO.monthlyPriceId)).toMatchObject({
      upsell: { upsells_to_id: DEMO.yearlyPriceId },
      currency_options: [{ currency_id: DEMO.eurCurrencyId, unit_amount: '899' }],
    });
    expect(prices.get(DEMO.licensePriceId)?.currency_options).toMatchObject([{ unit_amount: '1500' }]);
    expect((await seededLink(kit.db, DEMO.oneTimeLinkId)).line_items).toEqual([
      { price_id: DEMO.licensePriceId, quantity: 1, cross_sell: false },
      { price_id: DEMO.supportPriceId, quantity: 1, cross_sell: true },
    ]);

    const edited = JSON.stringify([{ price_id: DEMO.licensePriceId, quantity: 2 }]);
    await kit.db
      .updateTable('payment_links')
      .set({ line_items: edited })
      .where('id', '=', DEMO.oneTimeLinkId)
      .execute();
    await seedDemoData(kit.deps);
    expect((await seededLink(kit.db, DEMO.oneTimeLinkId)).line_items).toEqual([
      { price_id: DEMO.licensePriceId, quantity: 2, cross_sell: false },
    ]);
  });
});

describe.each(TEST_DIALECTS)('demo checkout in EUR on %s', (dialect) => {
  let t: PaymentTestApp;
  const payer = { did: 'did:bazaar:usr_payer' };

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const start = async (linkId: string) => (await startCheckout(t, linkId, { user: payer })).checkoutSession;

  it('offers the membership trial in USD only', async () => {
    const session = await start(DEMO.subscriptionLinkId);
    expect(session.trial?.applies).toBe(true);
    expect(session.currency_amounts).toEqual([
      { currency_id: DEMO.usdCurrencyId, amount_due_now: '0', amount_renewal: '999' },
      { currency_id: DEMO.eurCurrencyId, amount_due_now: '899', amount_renewal: '899' },
    ]);
  });

  it('charges the license in EUR when the payer chooses it', async () => {
    const session = await start(DEMO.oneTimeLinkId);
    const submitted = await t.app.inject({
      method: 'PUT',
      url: `${API}/checkout-sessions/${session.id}/submit`,
      headers: t.signedIn(payer),
      payload: makeSubmitBody({ payment_currency: DEMO.eurCurrencyId }),
    });
    expect(submitted.statusCode).toBe(200);
    const body = submitCheckoutResponseSchema.parse(submitted.json());
    const confirmed = await confirmCard(
      t,
      body.paymentIntent?.id ?? '',
      body.stripeContext?.client_secret ?? '',
      '4242424242424242',
    );
    expect(confirmed.statusCode).toBe(200);
    expect((await getPaymentIntent(t.db, body.paymentIntent?.id ?? '')).intent).toMatchObject({
      status: 'succeeded',
      amount: '1799',
      currency_id: DEMO.eurCurrencyId,
    });
  });
});
