import {
  cardSetupResponseSchema,
  changePlanResponseSchema,
  planChangePreviewSchema,
  subscriptionSchema,
} from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { periodBoundary } from '../../billing/periods.ts';
import { DEMO } from '../../demo/seed.ts';
import { TEST_CARDS } from '../../providers/test-card-network.ts';
import { asRole } from '../../test-utils/admin-requests.ts';
import { confirmCard } from '../../test-utils/checkout-steps.ts';
import { createClockedSubscription } from '../../test-utils/clocked-subscription.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { insertPlanPrice, MONTHLY } from '../../test-utils/subscription-builders.ts';
import { getCustomerCredit } from '../customer-balance/service.ts';
import { advanceTestClock } from '../../flows/advance-test-clock.ts';

const DAY = 86_400;

describe.each(TEST_DIALECTS)('subscription action routes on %s', (dialect) => {
  let t: PaymentTestApp;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
    await insertPlanPrice(t, { id: 'price_basic', unitAmount: 3000n, interval: 'month' });
    await insertPlanPrice(t, { id: 'price_pro', unitAmount: 6000n, interval: 'month' });
  });
  afterEach(async () => {
    await t.close();
  });

  /** A subscription to `priceId` on its own test clock, started now. */
  async function subscribe(priceId = 'price_basic', options: { trialDays?: number } = {}) {
    const start = t.clock.now();
    const made = await createClockedSubscription(t.deps, {
      start,
      items: [{ priceId, quantity: 1 }],
      ...options,
    });
    return { ...made, start, headers: t.signedIn({ did: made.customerDid }) };
  }

  function call(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    headers: Record<string, string>,
    payload?: Record<string, unknown>,
  ) {
    return t.app.inject({
      method,
      url: `${API}/subscriptions/${path}`,
      headers,
      ...(payload && { payload }),
    });
  }

  async function subscription(id: string, headers: Record<string, string>) {
    return subscriptionSchema.parse((await call('GET', id, headers)).json());
  }

  it('cancels at period end, resumes through /recover, and the renewal then renews it', async () => {
    const { subscriptionId, headers, testClockId, start } = await subscribe();
    const canceled = await call('PUT', `${subscriptionId}/cancel`, headers, {
      feedback: 'missing_features',
      comment: 'No dark mode',
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(subscriptionSchema.parse(canceled.json())).toMatchObject({
      cancel_at_period_end: true,
      cancelation_details: { feedback: 'missing_features', comment: 'No dark mode' },
    });
    const recovered = await call('PUT', `${subscriptionId}/recover`, headers, {});
    expect(recovered.json()).toMatchObject({ status: 'active', cancel_at_period_end: false });

    const end = periodBoundary(start, MONTHLY, 1);
    await advanceTestClock(t.deps, { testClockId: testClockId!, frozenTime: end + 60 });
    expect(await subscription(subscriptionId, headers)).toMatchObject({
      status: 'active',
      current_period_start: end,
    });
  });

  it('ends a subscription canceled at period end when its period ends', async () => {
    const { subscriptionId, headers, testClockId, start } = await subscribe();
    await call('PUT', `${subscriptionId}/cancel`, headers, {});
    const end = periodBoundary(start, MONTHLY, 1);
    await advanceTestClock(t.deps, { testClockId: testClockId!, frozenTime: end - 60 });
    expect((await subscription(subscriptionId, headers)).status).toBe('active');
    await advanceTestClock(t.deps, { testClockId: testClockId!, frozenTime: end + 60 });
    expect(await subscription(subscriptionId, headers)).toMatchObject({ status: 'canceled', ended_at: end });
    const invoices = await t.db
      .selectFrom('invoices')
      .select('billing_reason')
      .where('subscription_id', '=', subscriptionId)
      .execute();
    expect(invoices).toEqual([]);
    const resumed = await call('PUT', `${subscriptionId}/resume`, headers, {});
    expect(resumed.statusCode).toBe(409);
    expect(resumed.json().error.code).toBe('SUBSCRIPTION_UNEXPECTED_STATE');
  });

  it('checks who asks and what they send', async () => {
    const { subscriptionId, headers } = await subscribe();
    expect((await call('PUT', `${subscriptionId}/cancel`, {}, {})).statusCode).toBe(401);
    const stranger = t.signedIn({ did: 'did:bazaar:usr_stranger' });
    for (const [method, path] of [
      ['PUT', 'cancel'],
      ['PUT', 'resume'],
      ['GET', 'change-plan/options'],
      ['POST', 'payment-method'],
    ] as const) {
      const response = await call(
        method,
        `${subscriptionId}/${path}`,
        stranger,
        method === 'GET' ? undefined : {},
      );
      expect(response.statusCode, path).toBe(404);
    }
    const badFeedback = await call('PUT', `${subscriptionId}/cancel`, headers, { feedback: 'bored' });
    expect(badFeedback.json().error).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await call('PUT', `${subscriptionId}/cancel`, headers, { at: 'now' })).statusCode).toBe(403);
    const byAdmin = await call('PUT', `${subscriptionId}/cancel`, asRole(t, 'admin'), { at: 'now' });
    expect(byAdmin.json()).toMatchObject({ status: 'canceled' });
  });

  it('previews and applies an upgrade once per Idempotency-Key', async () => {
    const { subscriptionId, headers, testClockId, start } = await subscribe();
    await advanceTestClock(t.deps, { testClockId: testClockId!, frozenTime: start + 10 * DAY });
    const options = await call('GET', `${subscriptionId}/change-plan/options`, headers);
    expect(options.json()).toEqual([
      expect.objectContaining({ amount: '6000', price: expect.objectContaining({ id: 'price_pro' }) }),
    ]);
    const preview = planChangePreviewSchema.parse(
      (
        await call('POST', `${subscriptionId}/change-plan/preview`, headers, { price_id: 'price_pro' })
      ).json(),
    );
    expect(BigInt(preview.amount_due_today)).toBeGreaterThan(0n);

    const once = { ...headers, 'idempotency-key': 'upgrade-1' };
    const first = await call('PUT', `${subscriptionId}/change-plan`, once, { price_id: 'price_pro' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await call('PUT', `${subscriptionId}/change-plan`, once, { price_id: 'price_pro' });
    expect(again.json()).toEqual(first.json());
    const { invoice } = changePlanResponseSchema.parse(first.json());
    expect(invoice?.amount_paid).toBe(preview.amount_due_today);
    const charges = await t.db.selectFrom('test_card_charges').select('amount').execute();
    expect(charges).toEqual([{ amount: preview.amount_due_today }]);
  });

  it('answers a declined upgrade with card_declined and keeps the plan', async () => {
    const start = t.clock.now();
    const made = await createClockedSubscription(t.deps, {
      start,
      items: [{ priceId: 'price_basic', quantity: 1 }],
      card: TEST_CARDS.declinesAfterAttaching,
    });
    const headers = t.signedIn({ did: made.customerDid });
    const response = await call('PUT', `${made.subscriptionId}/change-plan`, headers, {
      price_id: 'price_pro',
    });
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toEqual({
      code: 'card_declined',
      message: 'Failed to upgrade your subscription',
    });
    expect((await subscription(made.subscriptionId, headers)).items[0]!.price_id).toBe('price_basic');
  });

  it('spends a downgrade credit on the next renewal invoice', async () => {
    const { subscriptionId, customerId, headers, testClockId, start } = await subscribe('price_pro');
    const end = periodBoundary(start, MONTHLY, 1);
    await advanceTestClock(t.deps, { testClockId: testClockId!, frozenTime: start + 10 * DAY });
    const downgrade = await call('PUT', `${subscriptionId}/change-plan`, headers, {
      price_id: 'price_basic',
    });
    expect(downgrade.statusCode, downgrade.body).toBe(200);
    const scope = { customerId, currencyId: DEMO.usdCurrencyId, livemode: false };
    const credit = await getCustomerCredit(t.db, scope);
    expect(credit).toBeGreaterThan(0n);

    await advanceTestClock(t.deps, { testClockId: testClockId!, frozenTime: end + 60 });
    const renewal = await t.db
      .selectFrom('invoices')
      .select(['total', 'amount_applied', 'amount_paid', 'status'])
      .where('subscription_id', '=', subscriptionId)
      .where('billing_reason', '=', 'subscription_cycle')
      .executeTakeFirstOrThrow();
    expect(renewal).toEqual({
      total: '3000',
      amount_applied: credit.toString(),
      amount_paid: (3000n - credit).toString(),
      status: 'paid',
    });
    expect(await getCustomerCredit(t.db, scope)).toBe(0n);
  });

  it('starts a card setup that the test card step confirms', async () => {
    const { subscriptionId, headers } = await subscribe();
    const response = await call('POST', `${subscriptionId}/payment-method`, headers, {});
    expect(response.statusCode, response.body).toBe(200);
    const { paymentIntent, stripeContext } = cardSetupResponseSchema.parse(response.json());
    const confirmed = await confirmCard(
      t,
      paymentIntent.id,
      stripeContext.client_secret,
      TEST_CARDS.declinesAfterAttaching,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await subscription(subscriptionId, headers)).payment_card).toEqual({
      brand: 'visa',
      last4: '0341',
    });
  });
});
