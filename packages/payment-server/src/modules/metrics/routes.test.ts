import {
  metricsOverviewSchema,
  metricsTopProductsSchema,
  type MetricsOverview,
  type Role,
} from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { adminRequest } from '../../test-utils/admin-requests.ts';
import { openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { saveTestCustomer } from '../../test-utils/payment-test-kit.ts';
import {
  insertPlanPrice,
  makeSubscription,
  MONTHLY,
  YEARLY,
  PLAN_PRODUCT_ID,
} from '../../test-utils/subscription-builders.ts';
import { recordEvents } from '../events/service.ts';
import { insertCurrencyIfMissing } from '../payment-methods/repository.ts';
import { insertDonation, insertPaidInvoice, insertPayment, insertRefund } from './test-rows.ts';

/** Noon (or `hour`) UTC on a day of January 2027; the 1st is a Friday, so ISO weeks start on the 4th, 11th, 18th and 25th. */
const jan = (day: number, hour = 12) => Date.UTC(2027, 0, day, hour) / 1_000;
const FROM = jan(1, 0);
const TO = Date.UTC(2027, 1, 1) / 1_000;
const WEEKS = [jan(1, 0), jan(4, 0), jan(11, 0), jan(18, 0), jan(25, 0)];
const ETH = 'pc_metrics_eth';
/** Above 2^63: SQLite cannot add it as an integer. */
const ETH_LARGE = '12345678901234567890123';
const WEEKLY = { interval: 'week', interval_count: 1 } as const;

describe.each(TEST_DIALECTS)('GET /metrics/overview on %s', (dialect) => {
  let t: PaymentTestApp;
  let overview: MetricsOverview;

  /**
   * A January of payments, refunds, donations and subscriptions in USD and an 18-decimal
   * currency, with a live-mode payment and rows just outside the range or never paid.
   */
  async function seed() {
    const { db } = t;
    await insertCurrencyIfMissing(db, {
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
      created_at: FROM,
    });
    const { id: customerId } = await saveTestCustomer(t.deps, 'did:bazaar:usr_payer');
    const usd = { customerId, currencyId: DEMO.usdCurrencyId };
    const eth = { customerId, currencyId: ETH };

    const license = await insertPayment(db, { ...usd, amount: '1999', at: jan(3) });
    await insertDonation(db, { ...usd, amount: '500', at: jan(10) });
    const poster = await insertPayment(db, { ...usd, amount: '2500', at: jan(10) });
    await insertPayment(db, { ...usd, amount: '300', at: FROM - 1 });
    await insertPayment(db, { ...usd, amount: '777', at: jan(5), status: 'requires_payment_method' });
    // A trial's card setup succeeds for 0: no payment.
    await insertPayment(db, { ...usd, amount: '0', at: jan(5) });
    await insertPayment(db, { ...usd, amount: '100000', at: jan(3), livemode: true });
    await insertRefund(db, { ...usd, paymentIntentId: license, amount: '499', at: jan(12) });
    await insertRefund(db, { ...usd, paymentIntentId: poster, amount: '100', at: jan(12), status: 'failed' });

    const ether = await insertPayment(db, { ...eth, amount: '5000000000000000000', at: jan(3) });
    await insertPayment(db, { ...eth, amount: ETH_LARGE, at: jan(20) });
    await insertRefund(db, { ...eth, paymentIntentId: ether, amount: '1000000000000000000', at: jan(21) });

    // Failed attempts: the payer's card on the 3rd, a renewal on the 10th, and a live one.
    const failure = { customer_id: customerId, code: 'card_declined' };
    await recordEvents(db, {
      now: jan(3),
      livemode: false,
      payloads: [{ type: 'payment_intent.payment_failed', data: { id: 'pi_failed', ...failure } }],
    });
    await recordEvents(db, {
      now: jan(10),
      livemode: false,
      payloads: [
        {
          type: 'invoice.payment_failed',
          data: {
            id: 'in_failed',
            subscription_id: null,
            attempt_count: 1,
            next_payment_attempt: null,
            ...failure,
          },
        },
      ],
    });
    await recordEvents(db, {
      now: jan(3),
      livemode: true,
      payloads: [{ type: 'payment_intent.payment_failed', data: { id: 'pi_failed_live', ...failure } }],
    });

    await insertPlanPrice(t, { id: 'price_metrics_pro', unitAmount: 2999n, interval: 'month' });
    await insertPlanPrice(t, { id: 'price_metrics_weekly', unitAmount: 1000n, interval: 'week' });
    const subscribe = async (at: number, input: Parameters<typeof makeSubscription>[1]) => {
      t.clock.set(at);
      return makeSubscription(t, input);
    };
    const monthly = { priceId: DEMO.monthlyPriceId, recurrence: MONTHLY };
    const yearly = { priceId: DEMO.yearlyPriceId, recurrence: YEARLY };
    // Before the range: A (999), E (999, then Pro at 2999 on the 15th), F (3 yearly, then 1 on the 18th).
    await subscribe(Date.UTC(2026, 11, 1) / 1_000, { items: [monthly] });
    const e = await subscribe(Date.UTC(2026, 11, 20) / 1_000, {
      items: [{ priceId: 'price_metrics_pro', recurrence: MONTHLY }],
    });
    const f = await subscribe(Date.UTC(2026, 11, 10) / 1_000, { items: [yearly] });
    // G's trial ends on the 8th: its MRR is new then. D is still trialing: live, no MRR.
    await subscribe(jan(8) - 14 * 86_400, { items: [monthly], trialDays: 14, status: 'active' });
    await subscribe(jan(8), { items: [monthly], trialDays: 30 });
    // In the range: B (yearly, 833 a month), C (2 weekly, 2000 × 52 / 12 = 8666 a month) ending on the 25th.
    await subscribe(jan(5), { items: [yearly] });
    const c = await subscribe(jan(6), {
      items: [{ priceId: 'price_metrics_weekly', quantity: 2, recurrence: WEEKLY }],
      status: 'canceled',
    });
    await db
      .updateTable('subscriptions')
      .set({ ended_at: jan(25) })
      .where('id', '=', c.subscriptionId)
      .execute();

    const itemOf = async (subscriptionId: string) =>
      (
        await db
          .selectFrom('subscription_items')
          .select('id')
          .where('subscription_id', '=', subscriptionId)
          .executeTakeFirstOrThrow()
      ).id;
    await insertPaidInvoice(db, {
      ...usd,
      paidAt: jan(3),
      lines: [{ priceId: DEMO.licensePriceId, quantity: 1, amount: '1999' }],
    });
    await insertPaidInvoice(db, {
      ...usd,
      paidAt: jan(10),
      lines: [{ priceId: DEMO.posterPriceId, quantity: 1, amount: '2500' }],
    });
    await insertPaidInvoice(db, {
      ...usd,
      paidAt: jan(15),
      subscriptionId: e.subscriptionId,
      planChange: {
        itemId: await itemOf(e.subscriptionId),
        fromPriceId: DEMO.monthlyPriceId,
        priceId: 'price_metrics_pro',
        quantity: 1,
      },
      lines: [
        { priceId: DEMO.monthlyPriceId, quantity: 1, amount: '-500' },
        { priceId: 'price_metrics_pro', quantity: 1, amount: '1500' },
      ],
    });
    await db
      .updateTable('subscription_items')
      .set({ quantity: 1 })
      .where('subscription_id', '=', f.subscriptionId)
      .execute();
    await insertPaidInvoice(db, {
      ...usd,
      paidAt: jan(18),
      subscriptionId: f.subscriptionId,
      planChange: {
        itemId: await itemOf(f.subscriptionId),
        fromPriceId: DEMO.yearlyPriceId,
        priceId: DEMO.yearlyPriceId,
        quantity: 1,
      },
      lines: [
        { priceId: DEMO.yearlyPriceId, quantity: 3, amount: '-2000' },
        { priceId: DEMO.yearlyPriceId, quantity: 1, amount: '100' },
      ],
    });
    t.clock.set(TO + 86_400);
  }

  const overviewAs = async (role: Role | null, query: string) =>
    adminRequest(t, 'GET', `/metrics/overview?${query}`, undefined, role);
  const WEEKLY_QUERY = `from=${FROM}&to=${TO}&interval=week&livemode=false`;

  beforeAll(async () => {
    t = await openPaymentTestApp(dialect);
    await seed();
    const response = await overviewAs('owner', WEEKLY_QUERY);
    expect(response.statusCode, response.body).toBe(200);
    overview = metricsOverviewSchema.parse(response.json());
  });
  afterAll(async () => {
    await t.close();
  });

  const currency = (id: string) => overview.currencies.find((entry) => entry.currency.id === id)!;

  it('answers each currency apart, with its symbol and decimals', () => {
    expect(overview.currencies.map((entry) => entry.currency)).toEqual([
      { id: ETH, symbol: 'ETH', name: 'Ether', decimal: 18 },
      { id: DEMO.usdCurrencyId, symbol: 'USD', name: 'US Dollar', decimal: 2 },
    ]);
    expect(overview.currencies[0]!.series.map((point) => point.start)).toEqual(WEEKS);
  });

  it('adds up succeeded payments, refunds and donations in the range, and nets refunds off', () => {
    expect(currency(DEMO.usdCurrencyId).totals).toEqual({
      gross_volume: '4999',
      refunds: '499',
      net_revenue: '4500',
      donations: '500',
      payment_count: 3,
      refund_count: 1,
      donation_count: 1,
    });
    const series = currency(DEMO.usdCurrencyId).series;
    expect(series.map((point) => point.gross_volume)).toEqual(['1999', '3000', '0', '0', '0']);
    expect(series.map((point) => point.refunds)).toEqual(['0', '0', '499', '0', '0']);
    expect(series.map((point) => point.net_revenue)).toEqual(['1999', '3000', '-499', '0', '0']);
    expect(series.map((point) => point.donations)).toEqual(['0', '500', '0', '0', '0']);
  });

  it('adds 18-decimal amounts beyond 2^63 exactly', () => {
    expect(currency(ETH).totals).toMatchObject({
      gross_volume: '12350678901234567890123',
      refunds: '1000000000000000000',
      net_revenue: '12349678901234567890123',
    });
    expect(currency(ETH).series.map((point) => point.net_revenue)).toEqual([
      '5000000000000000000',
      '0',
      '0',
      '12344678901234567890123',
      '0',
    ]);
  });

  it('moves MRR with new, expanded, contracted and churned subscriptions, each price brought to a month', () => {
    const usd = currency(DEMO.usdCurrencyId);
    expect(usd.mrr).toEqual({
      current: '6663',
      new: '10498',
      expansion: '2000',
      contraction: '1666',
      churn: '8666',
    });
    expect(usd.series.map((point) => [point.new, point.expansion, point.contraction, point.churn])).toEqual([
      ['0', '0', '0', '0'],
      ['10498', '0', '0', '0'],
      ['0', '2000', '0', '0'],
      ['0', '0', '1666', '0'],
      ['0', '0', '0', '8666'],
    ]);
    expect(usd.series.map((point) => point.mrr)).toEqual(['4497', '14995', '16995', '15329', '6663']);
  });

  it('counts live subscriptions, trials included, at the end of each bucket and now', () => {
    const usd = currency(DEMO.usdCurrencyId);
    expect(usd.series.map((point) => point.active_subscriptions)).toEqual([4, 7, 7, 7, 6]);
    expect(usd.active_subscriptions).toBe(6);
    expect(currency(ETH).active_subscriptions).toBe(0);
  });

  it('rates payment attempts per bucket in basis points, every currency together', () => {
    expect(overview.payment_attempts).toMatchObject({ succeeded: 5, failed: 2, rate_bp: 7142 });
    expect(overview.payment_attempts.series.map((point) => point.rate_bp)).toEqual([
      6666,
      6666,
      null,
      10_000,
      null,
    ]);
  });

  it('ranks products by what paid invoices billed for them, credits deducted, per currency', async () => {
    const response = await adminRequest(
      t,
      'GET',
      `/metrics/top-products?from=${FROM}&to=${TO}&livemode=false`,
    );
    const top = metricsTopProductsSchema.parse(response.json());
    expect(top.currencies.map((entry) => entry.currency.id)).toEqual([DEMO.usdCurrencyId]);
    expect(top.currencies[0]!.top_products).toEqual([
      { product_id: DEMO.posterProductId, name: 'Limited edition poster', revenue: '2500' },
      { product_id: DEMO.licenseProductId, name: 'Bazaar Pro license', revenue: '1999' },
      { product_id: PLAN_PRODUCT_ID, name: 'Test plans', revenue: '1500' },
      { product_id: DEMO.membershipProductId, name: 'Bazaar Club membership', revenue: '-2400' },
    ]);
  });

  it('keeps live mode apart from test mode', async () => {
    const response = await overviewAs('owner', `from=${FROM}&to=${TO}&interval=month&livemode=true`);
    const live = metricsOverviewSchema.parse(response.json());
    expect(live.currencies).toHaveLength(1);
    expect(live.currencies[0]).toMatchObject({
      currency: { id: DEMO.usdCurrencyId },
      totals: { gross_volume: '100000', refunds: '0', net_revenue: '100000' },
      mrr: { current: '0' },
      active_subscriptions: 0,
      series: [{ start: FROM, gross_volume: '100000' }],
    });
    expect(live.payment_attempts).toMatchObject({ succeeded: 1, failed: 1, rate_bp: 5000 });
  });

  it('cuts days and months in UTC', async () => {
    const days = metricsOverviewSchema.parse(
      (await overviewAs('admin', `from=${jan(3, 6)}&to=${jan(5, 0)}&interval=day&livemode=false`)).json(),
    );
    expect(days.currencies.find((entry) => entry.currency.id === DEMO.usdCurrencyId)!.series).toMatchObject([
      { start: jan(3, 6), gross_volume: '1999' },
      { start: jan(4, 0), gross_volume: '0' },
    ]);
    const months = metricsOverviewSchema.parse(
      (
        await overviewAs(
          'developer',
          `from=${Date.UTC(2026, 11, 15) / 1_000}&to=${TO}&interval=month&livemode=false`,
        )
      ).json(),
    );
    const usd = months.currencies.find((entry) => entry.currency.id === DEMO.usdCurrencyId)!;
    expect(usd.series.map((point) => [point.start, point.gross_volume])).toEqual([
      [Date.UTC(2026, 11, 15) / 1_000, '300'],
      [FROM, '4999'],
    ]);
  });

  it('refuses a range that is empty, reversed, too long or not numbers', async () => {
    for (const query of [
      `from=${FROM}&to=${FROM}`,
      `from=${TO}&to=${FROM}`,
      `from=${FROM}&to=${FROM + 367 * 86_400}&interval=day`,
      `from=yesterday&to=${TO}`,
      `from=${FROM}&to=${TO}&interval=quarter`,
    ]) {
      const response = await overviewAs('owner', query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code, query).toBe('VALIDATION_FAILED');
    }
    const reversed = await overviewAs('owner', `from=${TO}&to=${FROM}`);
    expect(reversed.json().error.details).toEqual([{ path: 'to', message: '`to` must be after `from`' }]);
    // Without an interval a range is bounded by 366 months.
    for (const to of [FROM, FROM + 366 * 31 * 86_400 + 1]) {
      const response = await adminRequest(t, 'GET', `/metrics/top-products?from=${FROM}&to=${to}`);
      expect(response.statusCode, String(to)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('answers the kit’s admins only', async () => {
    for (const path of [`/metrics/overview?${WEEKLY_QUERY}`, `/metrics/top-products?from=${FROM}&to=${TO}`]) {
      expect((await adminRequest(t, 'GET', path, undefined, null)).statusCode, path).toBe(401);
      expect((await adminRequest(t, 'GET', path, undefined, 'member')).statusCode, path).toBe(403);
      for (const role of ['owner', 'admin', 'developer'] as const) {
        expect((await adminRequest(t, 'GET', path, undefined, role)).statusCode, `${path} ${role}`).toBe(200);
      }
    }
  });
});
