import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getPaymentLink } from '../modules/payment-links/service.ts';
import { getPricesById } from '../modules/prices/service.ts';
import { openPaymentTestKit, type PaymentTestKit } from '../test-utils/payment-test-kit.ts';
import { DEMO, seedDemoData } from './seed.ts';

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
      DEMO.donationLinkId,
      DEMO.oneTimeLinkId,
      DEMO.subscriptionLinkId,
    ]);
    expect((await getPaymentLink(kit.db, DEMO.donationLinkId)).link).toMatchObject({
      submit_type: 'donate',
      donation_settings: { presets: ['1', '5', '10'] },
    });
  });
});
