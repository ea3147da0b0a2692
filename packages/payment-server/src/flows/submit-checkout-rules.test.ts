import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../demo/seed.ts';
import { insertPastDueInvoice } from '../test-utils/past-due-invoice.ts';
import { startCheckout } from '../test-utils/checkout-steps.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../test-utils/payment-test-app.ts';
import { countRows, makeSubmitBody } from '../test-utils/payment-test-kit.ts';
import { advanceTestClock } from './advance-test-clock.ts';
import { attachTestClockCustomer, createTestClock } from '../modules/test-clocks/service.ts';

describe.each(TEST_DIALECTS)('submit rules through the API on %s', (dialect) => {
  let t: PaymentTestApp;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const start = async (linkId: string = DEMO.oneTimeLinkId) =>
    (await startCheckout(t, linkId)).checkoutSession;

  function submit(sessionId: string, body: Record<string, unknown> = {}) {
    return t.app.inject({
      method: 'PUT',
      url: `${API}/checkout-sessions/${sessionId}/submit`,
      headers: t.signedIn(),
      payload: makeSubmitBody(body),
    });
  }

  async function customerId() {
    const row = await t.db.selectFrom('customers').select('id').executeTakeFirstOrThrow();
    return row.id;
  }

  it('refuses a customer with a past-due invoice (CUSTOMER_LIMITED) until it is paid', async () => {
    expect((await submit((await start()).id)).statusCode).toBe(200);
    const invoiceId = await insertPastDueInvoice(t.db, { customerId: await customerId() });

    const session = await start();
    const before = await countRows(t.db);
    const limited = await submit(session.id);
    expect(limited.statusCode).toBe(403);
    expect(limited.json().error.code).toBe('CUSTOMER_LIMITED');
    expect(await countRows(t.db)).toEqual(before);

    await t.db.updateTable('invoices').set({ status: 'paid' }).where('id', '=', invoiceId).execute();
    expect((await submit(session.id)).statusCode).toBe(200);
  });

  it('counts only invoices past their due date, unpaid, in the same mode', async () => {
    expect((await submit((await start()).id)).statusCode).toBe(200);
    const id = await customerId();
    await insertPastDueInvoice(t.db, { customerId: id, dueDate: t.clock.now() + 3_600 });
    await insertPastDueInvoice(t.db, { customerId: id, livemode: true });
    await insertPastDueInvoice(t.db, { customerId: id, status: 'paid' });
    expect((await submit((await start()).id)).statusCode).toBe(200);

    await insertPastDueInvoice(t.db, { customerId: id, status: 'uncollectible' });
    expect((await submit((await start()).id)).json().error.code).toBe('CUSTOMER_LIMITED');
  });

  it("judges a customer on a test clock by the clock's time; an uncollectible invoice limits at once", async () => {
    expect((await submit((await start()).id)).statusCode).toBe(200);
    const id = await customerId();
    const clock = await createTestClock(t.deps, { name: 'Gating' });
    await attachTestClockCustomer(t.deps, { testClockId: clock.id, customerId: id });
    const invoiceId = await insertPastDueInvoice(t.db, { customerId: id, dueDate: t.clock.now() + 86_400 });
    expect((await submit((await start()).id)).statusCode).toBe(200);

    await advanceTestClock(t.deps, { testClockId: clock.id, frozenTime: t.clock.now() + 2 * 86_400 });
    expect((await submit((await start()).id)).json().error.code).toBe('CUSTOMER_LIMITED');

    await t.db.updateTable('invoices').set({ status: 'paid' }).where('id', '=', invoiceId).execute();
    await insertPastDueInvoice(t.db, {
      customerId: id,
      status: 'uncollectible',
      dueDate: t.clock.now() + 90 * 86_400,
    });
    expect((await submit((await start()).id)).json().error.code).toBe('CUSTOMER_LIMITED');
  });

  it('keeps only postal code and country of a card payer when the address is not required', async () => {
    const session = await start();
    const response = await submit(session.id, {
      billing_address: {
        country: 'GB',
        line1: '10 Downing St',
        city: 'London',
        state: 'London',
        postal_code: 'SW1A 2AA',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().customer.address).toEqual({
      country: 'gb',
      line1: '',
      line2: '',
      city: '',
      state: '',
      postal_code: 'SW1A 2AA',
    });
  });

  it('answers Exceed inventory and Exceed purchase limit per line, writing nothing', async () => {
    const session = await start();
    const setQuantity = (quantity: number) =>
      t.db
        .updateTable('checkout_sessions')
        .set({
          line_items: JSON.stringify([{ price_id: DEMO.licensePriceId, quantity, custom_amount: null }]),
        })
        .where('id', '=', session.id)
        .execute();
    const before = await countRows(t.db);
    await setQuantity(6);
    expect((await submit(session.id)).json().error).toEqual({
      code: 'quantityLimitPerCheckout',
      message: 'Exceed purchase limit',
    });
    await t.db
      .updateTable('prices')
      .set({ quantity_sold: 98 })
      .where('id', '=', DEMO.licensePriceId)
      .execute();
    await setQuantity(3);
    expect((await submit(session.id)).json().error).toEqual({
      code: 'quantityNotEnough',
      message: 'Exceed inventory',
    });
    expect(await countRows(t.db)).toEqual({ ...before, sold: { ...before.sold, [DEMO.licensePriceId]: 98 } });
  });

  it('totals a subscription with its trial, and charges the first period where the trial is not offered', async () => {
    const session = await start(DEMO.subscriptionLinkId);
    expect(session).toMatchObject({ amount_due_now: '0', amount_renewal: '999', trial: { applies: true } });
    await t.db
      .updateTable('checkout_sessions')
      .set({
        subscription_data: JSON.stringify({
          trial_period_days: 7,
          trial_end: null,
          trial_currency: 'pc_other',
        }),
      })
      .where('id', '=', session.id)
      .execute();
    const retrieved = await t.app.inject({ url: `${API}/checkout-sessions/retrieve/${session.id}` });
    expect(retrieved.json().checkoutSession).toMatchObject({
      amount_due_now: '999',
      amount_renewal: '999',
      trial: { applies: false, trial_end: null },
    });
    const submitted = await submit(session.id);
    expect(submitted.json().paymentIntent.amount).toBe('999');
    expect(submitted.json().stripeContext.intent_type).toBe('payment_intent');
  });

  it('shows what is due in every currency option and charges in the currency the payer submits with', async () => {
    await t.db
      .insertInto('payment_currencies')
      .values({
        id: 'pc_test_eur',
        payment_method_id: DEMO.cardMethodId,
        symbol: 'EUR',
        name: 'Euro',
        logo: '',
        decimal: 2,
        maximum_precision: 2,
        active: 1,
        contract: null,
        livemode: 0,
        created_at: t.clock.now(),
      })
      .execute();
    const eur = { currency_id: 'pc_test_eur', unit_amount: '1799', custom_unit_amount: null, tiers: null };
    await t.db
      .updateTable('prices')
      .set({ currency_options: JSON.stringify([eur]) })
      .where('id', '=', DEMO.licensePriceId)
      .execute();
    const session = await start();
    expect(session.currency_amounts).toEqual([
      { currency_id: DEMO.usdCurrencyId, amount_due_now: '1999', amount_renewal: '0' },
      { currency_id: 'pc_test_eur', amount_due_now: '1799', amount_renewal: '0' },
    ]);
    // The cross-sell add-on has no euro price: with it in the cart, euros are no longer offered.
    const added = await t.app.inject({
      method: 'PUT',
      url: `${API}/checkout-sessions/${session.id}/cross-sell`,
      headers: t.signedIn(),
      payload: { to: DEMO.supportPriceId },
    });
    expect(added.json().checkoutSession.currency_amounts).toEqual([
      { currency_id: DEMO.usdCurrencyId, amount_due_now: '2498', amount_renewal: '0' },
    ]);
    expect((await submit(session.id, { payment_currency: 'pc_test_eur' })).json().error.code).toBe(
      'PAYMENT_METHOD_UNAVAILABLE',
    );
    await t.app.inject({
      method: 'DELETE',
      url: `${API}/checkout-sessions/${session.id}/cross-sell`,
      headers: t.signedIn(),
    });

    const paid = await submit(session.id, { payment_currency: 'pc_test_eur' });
    expect(paid.json().paymentIntent).toMatchObject({ amount: '1799', currency_id: 'pc_test_eur' });
    expect(paid.json().checkoutSession).toMatchObject({
      currency_id: 'pc_test_eur',
      amount_total: '1799',
      line_items: [{ amount_subtotal: '1799' }],
    });
  });
});
