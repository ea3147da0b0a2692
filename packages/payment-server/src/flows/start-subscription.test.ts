import { testCardResultSchema } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { periodBoundary } from '../billing/index.ts';
import { DEMO } from '../demo/seed.ts';
import { getInvoice } from '../modules/invoices/service.ts';
import { getSubscription } from '../modules/subscriptions/service.ts';
import { TEST_CARDS } from '../providers/test-card-network.ts';
import { adminRequest } from '../test-utils/admin-requests.ts';
import { confirmCard, startCheckout, submitSession } from '../test-utils/checkout-steps.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../test-utils/payment-test-app.ts';
import { countRows, recordedPayloads, TEST_NOW } from '../test-utils/payment-test-kit.ts';
import { insertPlanPrice, MONTHLY, YEARLY } from '../test-utils/subscription-builders.ts';

const DAY = 86_400;
const PAYER = 'did:bazaar:usr_payer';
const EUR = { payment_currency: DEMO.eurCurrencyId };
const TRIAL = { start: TEST_NOW, end: TEST_NOW + 7 * DAY };

describe.each(TEST_DIALECTS)('subscription checkouts on %s', (dialect) => {
  let t: PaymentTestApp;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  async function start(linkId: string = DEMO.subscriptionLinkId) {
    return (await startCheckout(t, linkId)).checkoutSession.id;
  }

  /** Submits `sessionId` and confirms `card`; answers the submit and the confirmation. */
  async function subscribe(sessionId: string, card: string, body: Record<string, unknown> = {}) {
    const submitted = await submitSession(t, sessionId, PAYER, body);
    expect(submitted.response.statusCode, submitted.response.body).toBe(200);
    const confirmed = await confirmCard(t, submitted.intentId, submitted.secret, card);
    return { submitted, confirmed };
  }

  async function sessionView(sessionId: string) {
    // As the payer: only they see the intent's card and its last error.
    return (
      await t.app.inject({ url: `${API}/checkout-sessions/retrieve/${sessionId}`, headers: t.signedIn() })
    ).json();
  }

  async function subscriptionOf(sessionId: string) {
    const { checkoutSession } = await sessionView(sessionId);
    expect(checkoutSession.subscription_id).toMatch(/^sub_/);
    return getSubscription(t.db, checkoutSession.subscription_id);
  }

  /** A link selling the license once beside the monthly membership and a metered API plan. */
  async function mixedLink(extraPriceId: string) {
    const link = await adminRequest(t, 'POST', '/payment-links', {
      livemode: false,
      name: 'Membership with a license and API usage',
      currency_id: DEMO.usdCurrencyId,
      line_items: [
        { price_id: DEMO.licensePriceId, quantity: 1 },
        { price_id: DEMO.monthlyPriceId, quantity: 2 },
        { price_id: extraPriceId, quantity: 1 },
      ],
    });
    expect(link.statusCode, link.body).toBe(200);
    return link.json().id as string;
  }

  it('starts a trial by saving the card: trialing for 7 days, a paid invoice of 0', async () => {
    const sessionId = await start();
    const { submitted, confirmed } = await subscribe(sessionId, TEST_CARDS.succeeds);
    expect(submitted.card).toMatchObject({ intent_type: 'setup_intent', status: 'requires_payment_method' });
    expect(submitted.response.json().paymentIntent.amount).toBe('0');
    const { paymentIntent } = testCardResultSchema.parse(confirmed.json());
    expect(paymentIntent).toMatchObject({ status: 'succeeded', amount_received: '0' });

    const { checkoutSession } = await sessionView(sessionId);
    expect(checkoutSession).toMatchObject({
      status: 'complete',
      payment_status: 'no_payment_required',
      invoice_id: paymentIntent.invoice_id,
    });
    const subscription = await subscriptionOf(sessionId);
    expect(subscription).toMatchObject({
      status: 'trialing',
      customer_id: paymentIntent.customer_id,
      currency_id: DEMO.usdCurrencyId,
      default_payment_method_id: DEMO.cardMethodId,
      payment_card: { brand: 'visa', last4: '4242' },
      items: [{ price_id: DEMO.monthlyPriceId, quantity: 1 }],
      current_period_start: TRIAL.start,
      current_period_end: TRIAL.end,
      trial_start: TRIAL.start,
      trial_end: TRIAL.end,
      billing_cycle_anchor: TRIAL.end,
      billing_threshold_amount: '0',
      latest_invoice_id: paymentIntent.invoice_id,
      checkout_session_id: sessionId,
      test_clock_id: null,
    });
    const cards = await t.db.selectFrom('test_cards').selectAll().execute();
    expect(cards).toEqual([
      expect.objectContaining({ customer_id: subscription.customer_id, last4: '4242', behavior: 'succeeds' }),
    ]);

    const invoice = await getInvoice(t.db, subscription.latest_invoice_id!);
    expect(invoice).toMatchObject({
      status: 'paid',
      billing_reason: 'subscription_create',
      subscription_id: subscription.id,
      total: '0',
      amount_paid: '0',
      period_start: TRIAL.start,
      period_end: TRIAL.end,
      lines: [
        {
          description: 'Bazaar Club membership',
          price_id: DEMO.monthlyPriceId,
          amount: '0',
          period_start: TRIAL.start,
          period_end: TRIAL.end,
        },
      ],
    });

    expect((await recordedPayloads(t.db)).map((event) => [event.type, event.data])).toEqual([
      ['customer.created', { id: subscription.customer_id, name: 'Ada Payer', email: 'ada@example.com' }],
      ['payment_intent.succeeded', expect.anything()],
      [
        'customer.subscription.created',
        { id: subscription.id, customer_id: subscription.customer_id, status: 'trialing' },
      ],
      [
        'checkout.session.completed',
        expect.objectContaining({ subscription_id: subscription.id, payment_status: 'no_payment_required' }),
      ],
      [
        'invoice.paid',
        { id: invoice.id, customer_id: invoice.customer_id, subscription_id: subscription.id },
      ],
    ]);
  });

  it('charges the first month where the trial is not offered (EUR): active, lines with their period', async () => {
    const sessionId = await start();
    const { submitted, confirmed } = await subscribe(sessionId, TEST_CARDS.succeeds, EUR);
    expect(submitted.card?.intent_type).toBe('payment_intent');
    expect(confirmed.json().paymentIntent).toMatchObject({ status: 'succeeded', amount_received: '899' });

    const monthEnd = periodBoundary(TEST_NOW, MONTHLY, 1);
    const subscription = await subscriptionOf(sessionId);
    expect(subscription).toMatchObject({
      status: 'active',
      currency_id: DEMO.eurCurrencyId,
      trial_start: null,
      trial_end: null,
      billing_cycle_anchor: TEST_NOW,
      current_period_start: TEST_NOW,
      current_period_end: monthEnd,
      payment_card: { last4: '4242' },
    });
    expect(await getInvoice(t.db, subscription.latest_invoice_id!)).toMatchObject({
      billing_reason: 'subscription_create',
      total: '899',
      amount_paid: '899',
      period_start: TEST_NOW,
      period_end: monthEnd,
      lines: [{ unit_amount: '899', amount: '899', period_start: TEST_NOW, period_end: monthEnd }],
    });
    expect((await sessionView(sessionId)).checkoutSession.payment_status).toBe('paid');
  });

  it('subscribes to the yearly price when the payer chose the upsell', async () => {
    const sessionId = await start();
    const upsold = await t.app.inject({
      method: 'PUT',
      url: `${API}/checkout-sessions/${sessionId}/upsell`,
      headers: t.signedIn(),
      payload: { from: DEMO.monthlyPriceId, to: DEMO.yearlyPriceId },
    });
    expect(upsold.statusCode, upsold.body).toBe(200);
    await subscribe(sessionId, TEST_CARDS.succeeds, EUR);

    const subscription = await subscriptionOf(sessionId);
    expect(subscription.items).toEqual([expect.objectContaining({ price_id: DEMO.yearlyPriceId })]);
    expect(subscription.current_period_end).toBe(periodBoundary(TEST_NOW, YEARLY, 1));
    expect((await getInvoice(t.db, subscription.latest_invoice_id!)).lines).toEqual([
      expect.objectContaining({ price_id: DEMO.yearlyPriceId, amount: '8999' }),
    ]);
  });

  it('sells one-time lines beside the plan and bills metered usage later, not now', async () => {
    const meteredId = await insertPlanPrice(t, {
      id: 'price_test_api_calls',
      unitAmount: 5n,
      interval: 'month',
      usageType: 'metered',
    });
    const sessionId = await start(await mixedLink(meteredId));
    const { submitted } = await subscribe(sessionId, TEST_CARDS.succeeds);
    expect(submitted.response.json().paymentIntent.amount).toBe(String(1999 + 2 * 999));

    const monthEnd = periodBoundary(TEST_NOW, MONTHLY, 1);
    const subscription = await subscriptionOf(sessionId);
    expect(subscription.status).toBe('active');
    const items = subscription.items.map((item) => [item.price_id, item.quantity]);
    expect(items).toHaveLength(2);
    expect(items).toEqual(
      expect.arrayContaining([
        [DEMO.monthlyPriceId, 2],
        [meteredId, 1],
      ]),
    );
    const invoice = await getInvoice(t.db, subscription.latest_invoice_id!);
    expect(invoice.total).toBe('3997');
    expect(invoice.lines).toEqual([
      expect.objectContaining({
        price_id: DEMO.licensePriceId,
        amount: '1999',
        period_start: null,
        period_end: null,
      }),
      expect.objectContaining({
        price_id: DEMO.monthlyPriceId,
        quantity: 2,
        unit_amount: '999',
        amount: '1998',
        period_start: TEST_NOW,
        period_end: monthEnd,
      }),
    ]);
    expect((await countRows(t.db)).sold[DEMO.licensePriceId]).toBe(1);
  });

  it('refuses at submit a cart whose recurring prices renew on different intervals', async () => {
    const weeklyId = await insertPlanPrice(t, {
      id: 'price_test_weekly',
      unitAmount: 300n,
      interval: 'week',
    });
    const sessionId = await start(await mixedLink(weeklyId));
    const before = await countRows(t.db);
    const refused = await submitSession(t, sessionId, PAYER);
    expect(refused.response.statusCode).toBe(400);
    expect(refused.response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'line_items', message: expect.stringContaining('one interval') }],
    });
    expect(await countRows(t.db)).toEqual(before);
  });

  it('saves 0341 for a trial, but declines it when the first month is due now', async () => {
    const trial = await start();
    await subscribe(trial, TEST_CARDS.declinesAfterAttaching);
    const trialing = await subscriptionOf(trial);
    expect(trialing).toMatchObject({ status: 'trialing', payment_card: { last4: '0341' } });
    const saved = await t.db.selectFrom('test_cards').select('behavior').execute();
    expect(saved).toEqual([{ behavior: 'declines' }]);

    const paid = await start();
    const { confirmed } = await subscribe(paid, TEST_CARDS.declinesAfterAttaching, EUR);
    expect(confirmed.statusCode).toBe(402);
    expect(confirmed.json().error.code).toBe('card_declined');
    const view = await sessionView(paid);
    expect(view.checkoutSession).toMatchObject({ status: 'open', subscription_id: null });
    expect(view.paymentIntent.last_payment_error.code).toBe('card_declined');
    expect(await t.db.selectFrom('subscriptions').select('id').execute()).toHaveLength(1);
  });

  it('keeps the 3-D Secure card through authentication and subscribes on approval', async () => {
    const sessionId = await start();
    const { submitted, confirmed } = await subscribe(sessionId, TEST_CARDS.requiresAuthentication, EUR);
    expect(confirmed.json().next_action).toEqual({ type: 'authenticate' });
    const approved = await t.app.inject({
      method: 'POST',
      url: `${API}/test-card/payment-intents/${submitted.intentId}/authenticate`,
      payload: { client_secret: submitted.secret, outcome: 'approve' },
    });
    expect(approved.json().paymentIntent.status).toBe('succeeded');
    expect((await subscriptionOf(sessionId)).payment_card).toEqual({ brand: 'visa', last4: '3155' });
  });

  it('starts a customer on a test clock at the clock time, carrying the clock', async () => {
    const sessionId = await start();
    const submitted = await submitSession(t, sessionId, PAYER);
    const clockTime = TEST_NOW + 30 * DAY;
    await t.db
      .insertInto('test_clocks')
      .values({ id: 'clock_test', name: 'Test', frozen_time: clockTime, livemode: 0, created_at: TEST_NOW })
      .execute();
    await t.db.updateTable('customers').set({ test_clock_id: 'clock_test' }).execute();
    await confirmCard(t, submitted.intentId, submitted.secret, TEST_CARDS.succeeds);

    const subscription = await subscriptionOf(sessionId);
    expect(subscription).toMatchObject({
      test_clock_id: 'clock_test',
      current_period_start: clockTime,
      trial_end: clockTime + 7 * DAY,
    });
    const invoice = await t.db.selectFrom('invoices').selectAll().executeTakeFirstOrThrow();
    expect(invoice).toMatchObject({ test_clock_id: 'clock_test', created_at: clockTime });
  });

  it('refuses to complete a checkout repriced since it was submitted, writing nothing', async () => {
    const sessionId = await start();
    const submitted = await submitSession(t, sessionId, PAYER, EUR);
    await t.db
      .updateTable('prices')
      .set({
        currency_options: JSON.stringify([
          { currency_id: DEMO.eurCurrencyId, unit_amount: '999', custom_unit_amount: null, tiers: null },
        ]),
      })
      .where('id', '=', DEMO.monthlyPriceId)
      .execute();
    const refused = await confirmCard(t, submitted.intentId, submitted.secret, TEST_CARDS.succeeds);
    expect(refused.json().error.code).toBe('PAYMENT_INTENT_UNEXPECTED_STATE');
    expect(await t.db.selectFrom('subscriptions').select('id').execute()).toEqual([]);
    expect((await sessionView(sessionId)).checkoutSession.status).toBe('open');
  });
});
