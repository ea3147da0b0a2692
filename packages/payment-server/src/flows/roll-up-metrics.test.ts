import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../demo/seed.ts';
import { getMetricsOverview } from '../modules/metrics/service.ts';
import { insertPaidInvoice, insertPayment } from '../modules/metrics/test-rows.ts';
import { getTopProducts } from '../modules/metrics/top-products.ts';
import { insertCurrencyIfMissing } from '../modules/payment-methods/repository.ts';
import { openPaymentTestApp, type PaymentTestApp } from '../test-utils/payment-test-app.ts';
import { saveTestCustomer } from '../test-utils/payment-test-kit.ts';
import { rollUpMetrics, rollUpPaymentVolume, rollUpPriceRevenue } from './roll-up-metrics.ts';

/** `hour` UTC on a day of March 2027. */
const mar = (day: number, hour: number) => Date.UTC(2027, 2, day, hour) / 1_000;
const ETH = 'pc_rollup_eth';
/** Above 2^64: two of them on one day are added beyond what SQLite's integers hold. */
const ETH_LARGE = '12345678901234567890123';

describe.each(TEST_DIALECTS)('the rollups of the dashboard figures per day, on %s', (dialect) => {
  let t: PaymentTestApp;
  let usd: { customerId: string; currencyId: string };
  let eth: { customerId: string; currencyId: string };

  beforeAll(async () => {
    t = await openPaymentTestApp(dialect);
    await insertCurrencyIfMissing(t.db, {
      id: ETH,
      payment_method_id: DEMO.cardMethodId,
      symbol: 'ETH',
      name: 'Ether',
      logo: '',
      decimal: 18,
      maximum_precision: 6,
      active: 1,
      contract: null,
      livemode: 0,
      created_at: mar(1, 0),
    });
    const { id: customerId } = await saveTestCustomer(t.deps, 'did:bazaar:usr_rollup');
    usd = { customerId, currencyId: DEMO.usdCurrencyId };
    eth = { customerId, currencyId: ETH };
    const license = (amount: string) => [{ priceId: DEMO.licensePriceId, quantity: 1, amount }];
    await insertPaidInvoice(t.db, { ...usd, paidAt: mar(3, 12), lines: license('1999') });
    await insertPaidInvoice(t.db, {
      ...usd,
      paidAt: mar(3, 23),
      lines: [{ priceId: DEMO.posterPriceId, quantity: 1, amount: '2500' }],
    });
    await insertPaidInvoice(t.db, { ...usd, paidAt: mar(4, 1), lines: license('1000') });
    await insertPaidInvoice(t.db, { ...usd, paidAt: mar(6, 12), lines: license('-300') });
    await insertPaidInvoice(t.db, { ...eth, paidAt: mar(5, 10), lines: license(ETH_LARGE) });
  });
  afterAll(() => t?.close());

  /** Revenue per currency symbol and product name. */
  async function top(from: number, to: number) {
    const result = await getTopProducts(t.db, { livemode: false, from, to });
    return Object.fromEntries(
      result.currencies.map((entry) => [
        entry.currency.symbol,
        Object.fromEntries(entry.top_products.map((product) => [product.name, product.revenue])),
      ]),
    );
  }

  /** Whole days, and a range cut mid-day at both ends (the 3rd at 18:00 to the 6th at 06:00). */
  const whole = () => top(mar(1, 0), mar(8, 0));
  const cut = () => top(mar(3, 18), mar(6, 6));

  it('answers the same before, while and after invoices are rolled up, days whole or cut', async () => {
    const wholeBefore = {
      USD: { 'Bazaar Pro license': '2699', 'Limited edition poster': '2500' },
      ETH: { 'Bazaar Pro license': ETH_LARGE },
    };
    const cutBefore = {
      USD: { 'Limited edition poster': '2500', 'Bazaar Pro license': '1000' },
      ETH: { 'Bazaar Pro license': ETH_LARGE },
    };
    expect(await whole()).toEqual(wholeBefore);
    expect(await cut()).toEqual(cutBefore);

    expect(await rollUpPriceRevenue(t.deps)).toBe(5);
    expect(await rollUpPriceRevenue(t.deps)).toBe(0);
    expect(await whole()).toEqual(wholeBefore);
    expect(await cut()).toEqual(cutBefore);

    // Paid after the rollup ran: counted from the invoice until the next run adds it to its day.
    await insertPaidInvoice(t.db, {
      ...eth,
      paidAt: mar(5, 14),
      lines: [{ priceId: DEMO.licensePriceId, quantity: 1, amount: ETH_LARGE }],
    });
    const twice = (BigInt(ETH_LARGE) * 2n).toString();
    expect((await whole()).ETH).toEqual({ 'Bazaar Pro license': twice });
    expect((await cut()).ETH).toEqual({ 'Bazaar Pro license': twice });

    expect(await rollUpPriceRevenue(t.deps)).toBe(1);
    expect((await whole()).ETH).toEqual({ 'Bazaar Pro license': twice });
    expect((await cut()).ETH).toEqual({ 'Bazaar Pro license': twice });
    const day = await t.db
      .selectFrom('metrics_price_days')
      .select(['day', 'amount'])
      .where('currency_id', '=', ETH)
      .execute();
    expect(day).toEqual([{ day: mar(5, 0) / 86_400, amount: twice }]);
  });

  it('keeps credits apart from what was billed, and a range within one day reads its invoices', async () => {
    const credits = await t.db
      .selectFrom('metrics_price_days')
      .select(['day', 'is_credit', 'amount'])
      .where('currency_id', '=', DEMO.usdCurrencyId)
      .where('price_id', '=', DEMO.licensePriceId)
      .orderBy('day')
      .execute();
    expect(credits).toEqual([
      { day: mar(3, 0) / 86_400, is_credit: 0, amount: '1999' },
      { day: mar(4, 0) / 86_400, is_credit: 0, amount: '1000' },
      { day: mar(6, 0) / 86_400, is_credit: 1, amount: '300' },
    ]);
    expect((await top(mar(3, 13), mar(3, 23))).USD).toBeUndefined();
    expect((await top(mar(3, 12), mar(3, 23) + 1)).USD).toEqual({
      'Limited edition poster': '2500',
      'Bazaar Pro license': '1999',
    });
  });

  /** Gross volume and payment count per currency symbol, and per day of a range cut into days. */
  async function volume(from: number, to: number) {
    const overview = await getMetricsOverview(t.deps, { livemode: false, from, to, interval: 'day' });
    return Object.fromEntries(
      overview.currencies.map((entry) => [
        entry.currency.symbol,
        {
          total: entry.totals.gross_volume,
          count: entry.totals.payment_count,
          days: entry.series.map((point) => point.gross_volume),
        },
      ]),
    );
  }

  it('sums payments the same before and after they are rolled up, days whole or cut, 0s and live ones left out', async () => {
    await insertPayment(t.db, { ...usd, amount: '1000', at: mar(3, 12) });
    await insertPayment(t.db, { ...usd, amount: '250', at: mar(3, 23) });
    await insertPayment(t.db, { ...usd, amount: '0', at: mar(4, 1) });
    await insertPayment(t.db, { ...usd, amount: '700', at: mar(4, 2), status: 'requires_payment_method' });
    await insertPayment(t.db, { ...usd, amount: '99999', at: mar(4, 3), livemode: true });
    await insertPayment(t.db, { ...eth, amount: ETH_LARGE, at: mar(5, 10) });
    const whole = () => volume(mar(3, 0), mar(6, 0));
    const cut = () => volume(mar(3, 18), mar(5, 12));
    const wholeBefore = {
      USD: { total: '1250', count: 2, days: ['1250', '0', '0'] },
      ETH: { total: ETH_LARGE, count: 1, days: ['0', '0', ETH_LARGE] },
    };
    const cutBefore = {
      USD: { total: '250', count: 1, days: ['250', '0', '0'] },
      ETH: { total: ETH_LARGE, count: 1, days: ['0', '0', ETH_LARGE] },
    };
    expect(await whole()).toEqual(wholeBefore);
    expect(await cut()).toEqual(cutBefore);

    // Five succeeded ones are taken (the 0 too, adding nothing); the failed one never is.
    expect(await rollUpPaymentVolume(t.deps)).toBe(5);
    expect(await rollUpMetrics(t.deps)).toBe(0);
    expect(await whole()).toEqual(wholeBefore);
    expect(await cut()).toEqual(cutBefore);

    // Succeeded after the run: counted from the payment until the next run adds it to its day.
    await insertPayment(t.db, { ...eth, amount: ETH_LARGE, at: mar(5, 11) });
    const twice = (BigInt(ETH_LARGE) * 2n).toString();
    const ethTwice = { total: twice, count: 2, days: ['0', '0', twice] };
    expect((await whole()).ETH).toEqual(ethTwice);
    expect(await rollUpMetrics(t.deps)).toBe(1);
    expect((await whole()).ETH).toEqual(ethTwice);
    expect((await cut()).ETH).toEqual(ethTwice);
    const days = await t.db
      .selectFrom('metrics_payment_days')
      .select(['livemode', 'day', 'count', 'amount'])
      .where('currency_id', '=', ETH)
      .execute();
    expect(days.map((row) => ({ ...row, count: Number(row.count) }))).toEqual([
      { livemode: 0, day: mar(5, 0) / 86_400, count: 2, amount: twice },
    ]);
  });
});
