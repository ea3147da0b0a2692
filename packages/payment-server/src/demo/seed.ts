import type { PaymentDeps } from '../deps.ts';
import {
  findPaymentLinkRow,
  insertPaymentLinkIfMissing,
  updatePaymentLinkRow,
} from '../modules/payment-links/repository.ts';
import { insertCurrencyIfMissing, insertMethodIfMissing } from '../modules/payment-methods/repository.ts';
import { findPriceRows, insertPriceIfMissing, updatePriceRow } from '../modules/prices/repository.ts';
import { insertProductIfMissing } from '../modules/products/repository.ts';

/** Stable ids of the demo data, for tests, the README and the end-to-end journeys. */
export const DEMO = {
  cardMethodId: 'pm_demo_card',
  usdCurrencyId: 'pc_demo_usd',
  /** The card's second currency: every demo price but the poster has a EUR amount, the trial is USD only. */
  eurCurrencyId: 'pc_demo_eur',
  licenseProductId: 'prod_demo_license',
  licensePriceId: 'price_demo_license',
  oneTimeLinkId: 'plink_demo_onetime',
  membershipProductId: 'prod_demo_membership',
  monthlyPriceId: 'price_demo_monthly',
  /** The monthly membership's upsell: a year for the price of ten months. */
  yearlyPriceId: 'price_demo_yearly',
  subscriptionLinkId: 'plink_demo_subscription',
  donationProductId: 'prod_demo_donation',
  donationPriceId: 'price_demo_donation',
  donationLinkId: 'plink_demo_donation',
  /** The one-time link's cross-sell add-on. */
  supportProductId: 'prod_demo_support',
  supportPriceId: 'price_demo_support',
  /** The license again, sold only together with its support add-on (`cross_sell_behavior: required`). */
  bundleLinkId: 'plink_demo_bundle',
  /** A poster with 3 left, on a link asking for 5 of them: the page shows "Exceed inventory". */
  posterProductId: 'prod_demo_poster',
  posterPriceId: 'price_demo_poster',
  lowStockLinkId: 'plink_demo_low_stock',
} as const;

const ONE_TIME_LINE_ITEMS = JSON.stringify([
  { price_id: DEMO.licensePriceId, quantity: 1 },
  { price_id: DEMO.supportPriceId, quantity: 1, cross_sell: true },
]);
/** What the one-time link held before it offered a cross-sell. */
const ONE_TIME_LINE_ITEMS_BEFORE_CROSS_SELL = JSON.stringify([
  { price_id: DEMO.licensePriceId, quantity: 1 },
]);

const DONATION_BOUNDS = { preset: '500', presets: ['100', '500', '1000'], minimum: '100', maximum: '100000' };

/** What each demo price asks in EUR, written as the price's `currency_options`. */
const EUR_OPTIONS: Record<string, string> = Object.fromEntries(
  (
    [
      [DEMO.licensePriceId, '1799', null],
      [DEMO.monthlyPriceId, '899', null],
      [DEMO.yearlyPriceId, '8999', null],
      [DEMO.supportPriceId, '449', null],
      [DEMO.donationPriceId, null, DONATION_BOUNDS],
    ] as const
  ).map(([priceId, unitAmount, custom]) => [
    priceId,
    JSON.stringify([
      { currency_id: DEMO.eurCurrencyId, unit_amount: unitAmount, custom_unit_amount: custom, tiers: null },
    ]),
  ]),
);
const NO_CURRENCY_OPTIONS = '[]';
const eurOptions = (priceId: string) => EUR_OPTIONS[priceId] ?? NO_CURRENCY_OPTIONS;

const DONATION_AMOUNTS = {
  presets: ['1', '5', '10'],
  preset: '5',
  minimum: '1',
  maximum: '1000',
  custom: true,
};
/** What the demo donation link held before it named beneficiaries. */
const DONATION_SETTINGS_BEFORE_BENEFICIARIES = JSON.stringify(DONATION_AMOUNTS);
/** Tips to the demo donation link are split between two beneficiaries, 70 / 30. */
const DONATION_SETTINGS = JSON.stringify({
  ...DONATION_AMOUNTS,
  beneficiaries: [
    { name: 'Bazaar maintainers', address: 'did:bazaar:maintainers', avatar: null, url: null, percent: 70 },
    { name: 'Bazaar translators', address: 'did:bazaar:translators', avatar: null, url: null, percent: 30 },
  ],
});

const HOSTED_CONFIRMATION = JSON.stringify({
  type: 'hosted_confirmation',
  hosted_confirmation: { custom_message: '' },
  redirect: null,
});

/**
 * Test-mode demo data: a card method in USD and EUR, a one-time license (100 in stock, 5 per checkout)
 * offering "Priority support" as a cross-sell, a monthly membership with a 7-day trial that
 * upsells to a yearly price (the trial only when paying in USD), a donation link taking 1.00 to 1,000.00 (split 70 / 30 between two beneficiaries), the license on a link that
 * requires its add-on, and a poster link asking for more than is in stock. Inserts only what is missing,
 * so it is safe on every start and never overwrites what an admin changed.
 */
export async function seedDemoData(deps: Pick<PaymentDeps, 'db' | 'clock'>): Promise<void> {
  const now = deps.clock.now();
  const common = { livemode: 0, created_at: now } as const;
  await deps.db.transaction().execute(async (db) => {
    await insertMethodIfMissing(db, {
      ...common,
      id: DEMO.cardMethodId,
      type: 'stripe',
      name: 'Card',
      logo: '/payment-kit/methods/card.svg',
      active: 1,
      settings: '{}',
      default_currency_id: DEMO.usdCurrencyId,
    });
    await insertCurrencyIfMissing(db, {
      ...common,
      id: DEMO.usdCurrencyId,
      payment_method_id: DEMO.cardMethodId,
      symbol: 'USD',
      name: 'US Dollar',
      logo: '/payment-kit/currencies/usd.svg',
      decimal: 2,
      maximum_precision: 2,
      active: 1,
      contract: null,
    });
    await insertCurrencyIfMissing(db, {
      ...common,
      // The selector lists currencies oldest first; the dollar, the method's default, leads.
      created_at: now + 1,
      id: DEMO.eurCurrencyId,
      payment_method_id: DEMO.cardMethodId,
      symbol: 'EUR',
      name: 'Euro',
      logo: '/payment-kit/currencies/eur.svg',
      decimal: 2,
      maximum_precision: 2,
      active: 1,
      contract: null,
    });

    const product = { ...common, images: '[]', unit_label: null, statement_descriptor: null, active: 1 };
    await insertProductIfMissing(db, {
      ...product,
      id: DEMO.licenseProductId,
      name: 'Bazaar Pro license',
      description: 'A lifetime license for Bazaar Pro.',
    });
    await insertProductIfMissing(db, {
      ...product,
      id: DEMO.membershipProductId,
      name: 'Bazaar Club membership',
      description: 'Monthly membership with early access to new features.',
    });
    await insertProductIfMissing(db, {
      ...product,
      id: DEMO.supportProductId,
      name: 'Priority support',
      description: 'Answers from the team within one business day.',
    });
    await insertProductIfMissing(db, {
      ...product,
      id: DEMO.posterProductId,
      name: 'Limited edition poster',
      description: 'A signed print of the Bazaar launch poster.',
    });
    await insertProductIfMissing(db, {
      ...product,
      id: DEMO.donationProductId,
      name: 'Support Bazaar',
      description: 'Help keep Bazaar free and open.',
    });

    const price = {
      ...common,
      active: 1,
      currency_id: DEMO.usdCurrencyId,
      currency_options: NO_CURRENCY_OPTIONS,
    };
    await insertPriceIfMissing(db, {
      ...price,
      id: DEMO.licensePriceId,
      currency_options: eurOptions(DEMO.licensePriceId),
      product_id: DEMO.licenseProductId,
      type: 'one_time',
      unit_amount: '1999',
      custom_unit_amount: null,
      recurring: null,
      quantity_available: 100,
      quantity_sold: 0,
      quantity_limit_per_checkout: 5,
    });
    await insertPriceIfMissing(db, {
      ...price,
      id: DEMO.monthlyPriceId,
      currency_options: eurOptions(DEMO.monthlyPriceId),
      product_id: DEMO.membershipProductId,
      type: 'recurring',
      unit_amount: '999',
      custom_unit_amount: null,
      recurring: JSON.stringify({ interval: 'month', interval_count: 1, usage_type: 'licensed' }),
      upsells_to_id: DEMO.yearlyPriceId,
      quantity_available: 0,
      quantity_sold: 0,
      quantity_limit_per_checkout: 0,
    });
    await insertPriceIfMissing(db, {
      ...price,
      id: DEMO.yearlyPriceId,
      currency_options: eurOptions(DEMO.yearlyPriceId),
      product_id: DEMO.membershipProductId,
      type: 'recurring',
      unit_amount: '9999',
      custom_unit_amount: null,
      recurring: JSON.stringify({ interval: 'year', interval_count: 1, usage_type: 'licensed' }),
      quantity_available: 0,
      quantity_sold: 0,
      quantity_limit_per_checkout: 0,
    });
    await insertPriceIfMissing(db, {
      ...price,
      id: DEMO.supportPriceId,
      currency_options: eurOptions(DEMO.supportPriceId),
      product_id: DEMO.supportProductId,
      type: 'one_time',
      unit_amount: '499',
      custom_unit_amount: null,
      recurring: null,
      quantity_available: 0,
      quantity_sold: 0,
      quantity_limit_per_checkout: 0,
    });
    await insertPriceIfMissing(db, {
      ...price,
      id: DEMO.posterPriceId,
      product_id: DEMO.posterProductId,
      type: 'one_time',
      unit_amount: '2500',
      custom_unit_amount: null,
      recurring: null,
      quantity_available: 3,
      quantity_sold: 0,
      quantity_limit_per_checkout: 0,
    });
    await insertPriceIfMissing(db, {
      ...price,
      id: DEMO.donationPriceId,
      currency_options: eurOptions(DEMO.donationPriceId),
      product_id: DEMO.donationProductId,
      type: 'one_time',
      unit_amount: null,
      custom_unit_amount: JSON.stringify(DONATION_BOUNDS),
      recurring: null,
      quantity_available: 0,
      quantity_sold: 0,
      quantity_limit_per_checkout: 0,
    });

    const link = {
      ...common,
      active: 1,
      currency_id: DEMO.usdCurrencyId,
      phone_number_collection: 0,
      billing_address_collection: 'auto',
      cross_sell_behavior: 'auto',
      after_completion: HOSTED_CONFIRMATION,
    };
    await insertPaymentLinkIfMissing(db, {
      ...link,
      id: DEMO.oneTimeLinkId,
      name: 'Bazaar Pro license',
      line_items: ONE_TIME_LINE_ITEMS,
      submit_type: 'pay',
      subscription_data: null,
      donation_settings: null,
    });
    await insertPaymentLinkIfMissing(db, {
      ...link,
      id: DEMO.subscriptionLinkId,
      name: 'Bazaar Club membership',
      line_items: JSON.stringify([{ price_id: DEMO.monthlyPriceId, quantity: 1 }]),
      submit_type: 'auto',
      subscription_data: JSON.stringify({ trial_period_days: 7, trial_currency: DEMO.usdCurrencyId }),
      donation_settings: null,
    });
    await insertPaymentLinkIfMissing(db, {
      ...link,
      id: DEMO.donationLinkId,
      name: 'Support Bazaar',
      line_items: JSON.stringify([{ price_id: DEMO.donationPriceId, quantity: 1 }]),
      submit_type: 'donate',
      subscription_data: null,
      donation_settings: DONATION_SETTINGS,
    });
    await insertPaymentLinkIfMissing(db, {
      ...link,
      id: DEMO.bundleLinkId,
      // Not named "Bazaar …": the link admin tests count the demo links by that word.
      name: 'Pro license with priority support',
      line_items: ONE_TIME_LINE_ITEMS,
      submit_type: 'pay',
      cross_sell_behavior: 'required',
      subscription_data: null,
      donation_settings: null,
    });
    await insertPaymentLinkIfMissing(db, {
      ...link,
      id: DEMO.lowStockLinkId,
      name: 'Limited edition poster',
      line_items: JSON.stringify([{ price_id: DEMO.posterPriceId, quantity: 5 }]),
      submit_type: 'pay',
      subscription_data: null,
      donation_settings: null,
    });

    // Demo data seeded before the upsell, the cross-sell and EUR existed gets them, unless edited since.
    const eurPrices = await findPriceRows(db, Object.keys(EUR_OPTIONS));
    for (const row of eurPrices) {
      if (row.id === DEMO.monthlyPriceId && row.upsells_to_id === null) {
        await updatePriceRow(db, row.id, { upsells_to_id: DEMO.yearlyPriceId });
      }
      if (row.currency_options === NO_CURRENCY_OPTIONS) {
        await updatePriceRow(db, row.id, { currency_options: eurOptions(row.id) });
      }
    }
    const oneTime = await findPaymentLinkRow(db, DEMO.oneTimeLinkId);
    if (oneTime?.line_items === ONE_TIME_LINE_ITEMS_BEFORE_CROSS_SELL) {
      await updatePaymentLinkRow(db, DEMO.oneTimeLinkId, { line_items: ONE_TIME_LINE_ITEMS });
    }
    const donation = await findPaymentLinkRow(db, DEMO.donationLinkId);
    if (donation?.donation_settings === DONATION_SETTINGS_BEFORE_BENEFICIARIES) {
      await updatePaymentLinkRow(db, DEMO.donationLinkId, { donation_settings: DONATION_SETTINGS });
    }
  });
}
