import { checkoutSessionChangeSchema } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { startCheckout } from '../../test-utils/checkout-steps.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { countRows, makeSubmitBody } from '../../test-utils/payment-test-kit.ts';

describe.each(TEST_DIALECTS)('checkout session changes on %s', (dialect) => {
  let t: PaymentTestApp;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const start = async (linkId: string) => (await startCheckout(t, linkId)).checkoutSession;

  function send(method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) {
    return t.app.inject({ method, url: `${API}/checkout-sessions/${url}`, headers: t.signedIn(), payload });
  }

  async function change(method: 'PUT' | 'DELETE', url: string, payload?: object) {
    const response = await send(method, url, payload);
    expect(response.statusCode, response.body).toBe(200);
    return checkoutSessionChangeSchema.parse(response.json());
  }

  async function refusal(method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) {
    const response = await send(method, url, payload);
    return { status: response.statusCode, ...response.json().error };
  }

  it('upsells the monthly membership to yearly with the savings, and downsells back', async () => {
    const session = await start(DEMO.subscriptionLinkId);
    const offer = { price: { id: DEMO.yearlyPriceId, unit_amount: '9999' }, savings_percent: 18 };
    expect(session.line_items).toMatchObject([{ upsell_price_id: null, upsell_offer: offer }]);
    const up = await change('PUT', `${session.id}/upsell`, {
      from: DEMO.monthlyPriceId,
      to: DEMO.yearlyPriceId,
    });
    // 9.99 a month is 121.54 over 365 days; 99.99 saves 17.7 % of that.
    expect(up.savings_percent).toBe(18);
    expect(up.checkoutSession).toMatchObject({
      amount_due_now: '0',
      amount_renewal: '9999',
      trial: { applies: true },
      line_items: [
        {
          price_id: DEMO.monthlyPriceId,
          upsell_price_id: DEMO.yearlyPriceId,
          upsell_price: { unit_amount: '9999' },
          upsell_offer: null,
        },
      ],
    });
    expect(
      await refusal('PUT', `${session.id}/upsell`, { from: DEMO.monthlyPriceId, to: DEMO.yearlyPriceId }),
    ).toMatchObject({
      status: 400,
      code: 'UPSELL_UNAVAILABLE',
    });

    const down = await change('PUT', `${session.id}/downsell`, { from: DEMO.yearlyPriceId });
    expect(down.savings_percent).toBe(18);
    expect(down.checkoutSession).toMatchObject({
      amount_renewal: '999',
      line_items: [
        { price_id: DEMO.monthlyPriceId, upsell_price_id: null, upsell_price: null, upsell_offer: offer },
      ],
    });
    const retrieved = await t.app.inject({ url: `${API}/checkout-sessions/retrieve/${session.id}` });
    expect(retrieved.json().checkoutSession).toEqual(down.checkoutSession);
  });

  it('refuses upsells the price does not offer, and a downsell of a line never upsold', async () => {
    const oneTime = await start(DEMO.oneTimeLinkId);
    expect(
      await refusal('PUT', `${oneTime.id}/upsell`, { from: DEMO.licensePriceId, to: DEMO.yearlyPriceId }),
    ).toMatchObject({
      code: 'UPSELL_UNAVAILABLE',
    });
    const subscription = await start(DEMO.subscriptionLinkId);
    expect(
      await refusal('PUT', `${subscription.id}/upsell`, {
        from: DEMO.monthlyPriceId,
        to: DEMO.licensePriceId,
      }),
    ).toMatchObject({
      code: 'UPSELL_UNAVAILABLE',
    });
    expect(await refusal('PUT', `${subscription.id}/downsell`, { from: DEMO.monthlyPriceId })).toMatchObject({
      code: 'UPSELL_UNAVAILABLE',
    });
  });

  it('offers, adds and removes the cross-sell, recomputing the total each time', async () => {
    const session = await start(DEMO.oneTimeLinkId);
    expect(session.line_items.map((line) => line.price_id)).toEqual([DEMO.licensePriceId]);
    const offer = await send('GET', `${session.id}/cross-sell`);
    expect(offer.json()).toMatchObject({
      id: DEMO.supportPriceId,
      unit_amount: '499',
      product: { name: 'Priority support' },
    });

    const added = await change('PUT', `${session.id}/cross-sell`, { to: DEMO.supportPriceId });
    expect(added.checkoutSession).toMatchObject({
      amount_total: '2498',
      line_items: [
        { price_id: DEMO.licensePriceId, cross_sell: false },
        { price_id: DEMO.supportPriceId, cross_sell: true },
      ],
    });
    expect((await send('GET', `${session.id}/cross-sell`)).json()).toEqual({
      error: 'The cross-sell price is already in this checkout session',
    });
    expect(await refusal('PUT', `${session.id}/cross-sell`, { to: DEMO.supportPriceId })).toMatchObject({
      code: 'CROSS_SELL_UNAVAILABLE',
    });

    const removed = await change('DELETE', `${session.id}/cross-sell`);
    expect(removed.checkoutSession).toMatchObject({
      amount_total: '1999',
      line_items: [{ price_id: DEMO.licensePriceId }],
    });

    const subscription = await start(DEMO.subscriptionLinkId);
    expect((await send('GET', `${subscription.id}/cross-sell`)).json()).toEqual({
      error: 'This checkout session has no cross-sell price',
    });
    expect(await refusal('PUT', `${subscription.id}/cross-sell`, { to: DEMO.supportPriceId })).toMatchObject({
      code: 'CROSS_SELL_UNAVAILABLE',
    });
  });

  it('refuses a required cross-sell checkout without its add-on, and pays it with the add-on', async () => {
    await t.db
      .updateTable('payment_links')
      .set({ cross_sell_behavior: 'required' })
      .where('id', '=', DEMO.oneTimeLinkId)
      .execute();
    const session = await start(DEMO.oneTimeLinkId);
    const before = await countRows(t.db);
    expect(await refusal('PUT', `${session.id}/submit`, makeSubmitBody())).toMatchObject({
      status: 400,
      code: 'REQUIRE_CROSS_SELL',
    });
    expect(await countRows(t.db)).toEqual(before);

    await change('PUT', `${session.id}/cross-sell`, { to: DEMO.supportPriceId });
    const paid = await send('PUT', `${session.id}/submit`, makeSubmitBody());
    expect(paid.statusCode).toBe(200);
    expect(paid.json().paymentIntent.amount).toBe('2498');
  });

  it('sets a donation amount within the price bounds and the currency precision', async () => {
    const session = await start(DEMO.donationLinkId);
    const set = await change('PUT', `${session.id}/amount`, {
      priceId: DEMO.donationPriceId,
      amount: '2550',
    });
    expect(set.checkoutSession).toMatchObject({
      amount_total: '2550',
      line_items: [{ custom_amount: '2550' }],
    });

    expect(
      await refusal('PUT', `${session.id}/amount`, { priceId: DEMO.donationPriceId, amount: '99' }),
    ).toEqual({
      status: 400,
      code: 'amountOutOfRange',
      message: 'Please enter an amount between 1 and 1000.',
    });
    expect(
      await refusal('PUT', `${session.id}/amount`, { priceId: DEMO.donationPriceId, amount: '100001' }),
    ).toMatchObject({
      code: 'amountOutOfRange',
    });
    expect(
      await refusal('PUT', `${session.id}/amount`, { priceId: DEMO.donationPriceId, amount: '-500' }),
    ).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(
      await refusal('PUT', `${session.id}/amount`, { priceId: DEMO.licensePriceId, amount: '500' }),
    ).toMatchObject({
      code: 'NOT_FOUND',
    });

    await t.db
      .updateTable('payment_currencies')
      .set({ maximum_precision: 0 })
      .where('id', '=', DEMO.usdCurrencyId)
      .execute();
    expect(
      await refusal('PUT', `${session.id}/amount`, { priceId: DEMO.donationPriceId, amount: '2575' }),
    ).toEqual({
      status: 400,
      code: 'amountPrecisionLimit',
      message: 'Amount decimal places must be less than or equal to 0',
    });
    // Submit checks the stored amount again: the currency's precision changed since it was set.
    const before = await countRows(t.db);
    expect(await refusal('PUT', `${session.id}/donate-submit`, makeSubmitBody())).toMatchObject({
      code: 'amountPrecisionLimit',
    });
    expect(await countRows(t.db)).toEqual(before);
    await change('PUT', `${session.id}/amount`, { priceId: DEMO.donationPriceId, amount: '3000' });
    const paid = await send('PUT', `${session.id}/donate-submit`, makeSubmitBody());
    expect(paid.json().paymentIntent.amount).toBe('3000');
  });

  it('refuses more than one custom-amount line at submit, writing nothing', async () => {
    const session = await start(DEMO.donationLinkId);
    const line = {
      price_id: DEMO.donationPriceId,
      quantity: 1,
      custom_amount: null,
      upsell_price_id: null,
      cross_sell: false,
    };
    await t.db
      .updateTable('checkout_sessions')
      .set({ line_items: JSON.stringify([line, { ...line, custom_amount: '700' }]) })
      .where('id', '=', session.id)
      .execute();
    const before = await countRows(t.db);
    expect(await refusal('PUT', `${session.id}/donate-submit`, makeSubmitBody())).toEqual({
      status: 400,
      code: 'MULTIPLE_CUSTOM_AMOUNTS',
      message: 'Multiple items with custom unit amount are not supported',
    });
    expect(await countRows(t.db)).toEqual(before);
  });

  it('answers every session route the same way for an id that is neither cs_ nor plink_', async () => {
    const calls: ['GET' | 'PUT' | 'DELETE', string, object?][] = [
      ['GET', 'retrieve/in_123'],
      ['PUT', 'in_123/submit', makeSubmitBody()],
      ['PUT', 'in_123/donate-submit', makeSubmitBody()],
      ['PUT', 'in_123/upsell', { from: DEMO.monthlyPriceId, to: DEMO.yearlyPriceId }],
      ['PUT', 'in_123/downsell', { from: DEMO.yearlyPriceId }],
      ['GET', 'in_123/cross-sell'],
      ['PUT', 'in_123/cross-sell', { to: DEMO.supportPriceId }],
      ['DELETE', 'in_123/cross-sell'],
      ['PUT', 'in_123/amount', { priceId: DEMO.donationPriceId, amount: '500' }],
    ];
    for (const [method, url, payload] of calls) {
      expect(await refusal(method, url, payload), `${method} ${url}`).toEqual({
        status: 400,
        code: 'INVALID_CHECKOUT_ID',
        message: 'Either a checkoutSession or a paymentLink id is required',
      });
    }
    expect(
      await refusal('PUT', `${DEMO.oneTimeLinkId}/cross-sell`, { to: DEMO.supportPriceId }),
    ).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
  });

  it('refuses changes to an expired session and shows it expired before the sweeper ran', async () => {
    const session = await start(DEMO.donationLinkId);
    t.clock.advance(86_400);
    expect(
      await refusal('PUT', `${session.id}/amount`, { priceId: DEMO.donationPriceId, amount: '800' }),
    ).toMatchObject({
      status: 410,
      code: 'CHECKOUT_SESSION_EXPIRED',
    });
    expect(await refusal('DELETE', `${session.id}/cross-sell`)).toMatchObject({
      code: 'CHECKOUT_SESSION_EXPIRED',
    });
    const retrieved = await t.app.inject({ url: `${API}/checkout-sessions/retrieve/${session.id}` });
    expect(retrieved.json().checkoutSession.status).toBe('expired');
  });
});
