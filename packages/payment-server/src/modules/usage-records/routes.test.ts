import { invoiceSchema, usageRecordSchema } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getInvoice } from '../invoices/service.ts';
import { getSubscription } from '../subscriptions/service.ts';
import { listUnbilledUsage } from './service.ts';
import { runBilling } from '../../flows/run-billing.ts';
import { TEST_CARDS } from '../../providers/test-card-network.ts';
import { adminRequest } from '../../test-utils/admin-requests.ts';
import { openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import {
  insertGraduatedCallsPrice,
  insertPlanPrice,
  makeSubscription,
  MONTHLY,
} from '../../test-utils/subscription-builders.ts';

const DAY = 86_400;

describe.each(TEST_DIALECTS)('usage records on %s', (dialect) => {
  let t: PaymentTestApp;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
    await insertPlanPrice(t, { id: 'price_base', unitAmount: 2000n, interval: 'month' });
    await insertPlanPrice(t, { id: 'price_calls', unitAmount: 10n, interval: 'month', usageType: 'metered' });
  });
  afterEach(async () => {
    await t.close();
  });

  /** A subscription ten days into its month with a licensed base item and a metered one. */
  async function meteredSubscription(options: { threshold?: bigint; cardNumber?: string } = {}) {
    const made = await makeSubscription(t, {
      items: [
        { priceId: 'price_base', recurrence: MONTHLY },
        { priceId: 'price_calls', recurrence: MONTHLY },
      ],
      startedDaysAgo: 10,
      billingThresholdAmount: options.threshold ?? 0n,
      ...(options.cardNumber && { cardNumber: options.cardNumber }),
    });
    const items = await t.db
      .selectFrom('subscription_items')
      .select(['id', 'price_id'])
      .where('subscription_id', '=', made.subscriptionId)
      .execute();
    const item = (priceId: string) => items.find((row) => row.price_id === priceId)!.id;
    return { ...made, meteredItemId: item('price_calls'), baseItemId: item('price_base') };
  }

  /** One graduated metered item (100 calls at 10, then 5) billed early from 1100. */
  async function graduatedSubscription() {
    await insertGraduatedCallsPrice(t, 'price_tiered_calls');
    const { subscriptionId } = await makeSubscription(t, {
      items: [{ priceId: 'price_tiered_calls', recurrence: MONTHLY }],
      startedDaysAgo: 3,
      billingThresholdAmount: 1100n,
    });
    const subscription = await getSubscription(t.db, subscriptionId);
    return { subscriptionId, subscription, itemId: subscription.items[0]!.id };
  }

  function report(body: Record<string, unknown>, role: 'owner' | 'developer' | 'member' = 'owner') {
    return adminRequest(t, 'POST', '/usage-records', body, role);
  }

  async function summary(itemId: string) {
    const response = await adminRequest(t, 'GET', `/usage-records/summary?subscription_item_id=${itemId}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  async function thresholdInvoices(subscriptionId: string) {
    const rows = await t.db
      .selectFrom('invoices')
      .select('id')
      .where('subscription_id', '=', subscriptionId)
      .where('billing_reason', '=', 'subscription_threshold')
      .execute();
    return Promise.all(rows.map((row) => getInvoice(t.db, row.id)));
  }

  it('adds increments, lets a set replace the running total, and sums the current period', async () => {
    const { meteredItemId } = await meteredSubscription();
    const now = t.clock.now();
    const first = await report({ subscription_item_id: meteredItemId, quantity: 5 });
    expect(first.statusCode).toBe(200);
    expect(usageRecordSchema.parse(first.json())).toMatchObject({
      quantity: 5,
      action: 'increment',
      timestamp: now,
      identifier: expect.any(String),
    });
    await report({ subscription_item_id: meteredItemId, quantity: 3, timestamp: now - 60 });
    expect((await summary(meteredItemId)).total_usage).toBe(8);

    await report({ subscription_item_id: meteredItemId, quantity: 2, action: 'set', timestamp: now - 30 });
    // Replayed by timestamp: 3 (−60 s), set to 2 (−30 s), then +5 (now).
    expect(await summary(meteredItemId)).toMatchObject({
      object: 'usage_record_summary',
      total_usage: 7,
      period: { start: now - 10 * DAY },
    });

    const list = await adminRequest(t, 'GET', `/usage-records?subscription_item_id=${meteredItemId}`);
    expect(list.json().count).toBe(3);
  });

  it('answers a repeated identifier with the first record and counts it once', async () => {
    const { meteredItemId } = await meteredSubscription();
    const body = { subscription_item_id: meteredItemId, quantity: 4, identifier: 'job-42' };
    const first = usageRecordSchema.parse((await report(body)).json());
    const again = usageRecordSchema.parse((await report({ ...body, quantity: 40 })).json());
    expect(again).toEqual(first);
    expect((await summary(meteredItemId)).total_usage).toBe(4);
  });

  it('refuses usage outside the current period, for a licensed item, and from a member', async () => {
    const { meteredItemId, baseItemId } = await meteredSubscription();
    const early = await report({
      subscription_item_id: meteredItemId,
      quantity: 1,
      timestamp: t.clock.now() - 11 * DAY,
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'timestamp', message: expect.stringMatching(/current period/) }],
    });
    const late = await report({
      subscription_item_id: meteredItemId,
      quantity: 1,
      timestamp: t.clock.now() + 30 * DAY,
    });
    expect(late.json().error.details[0].path).toBe('timestamp');

    const licensed = await report({ subscription_item_id: baseItemId, quantity: 1 });
    expect(licensed.json().error.details).toEqual([
      { path: 'subscription_item_id', message: expect.stringMatching(/metered/) },
    ]);
    expect((await report({ subscription_item_id: meteredItemId, quantity: 1 }, 'member')).statusCode).toBe(
      403,
    );
    expect((await report({ subscription_item_id: meteredItemId, quantity: 1 }, 'developer')).statusCode).toBe(
      200,
    );
    expect((await summary(meteredItemId)).total_usage).toBe(1);
  });

  it('refuses usage for a canceled subscription', async () => {
    const { meteredItemId, subscriptionId } = await meteredSubscription();
    await t.db
      .updateTable('subscriptions')
      .set({ status: 'canceled' })
      .where('id', '=', subscriptionId)
      .execute();
    const response = await report({ subscription_item_id: meteredItemId, quantity: 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('SUBSCRIPTION_UNEXPECTED_STATE');
  });

  it('bills the usage once it reaches the threshold, once, and collects it', async () => {
    const { meteredItemId, subscriptionId } = await meteredSubscription({ threshold: 1000n });
    await report({ subscription_item_id: meteredItemId, quantity: 50 });
    expect(await thresholdInvoices(subscriptionId)).toEqual([]);

    await report({ subscription_item_id: meteredItemId, quantity: 60, identifier: 'batch-2' });
    const [invoice, ...others] = await thresholdInvoices(subscriptionId);
    expect(others).toEqual([]);
    const start = t.clock.now() - 10 * DAY;
    expect(invoiceSchema.parse(invoice)).toMatchObject({
      billing_reason: 'subscription_threshold',
      status: 'paid',
      total: '1100',
      amount_paid: '1100',
      period_start: start,
    });
    expect(invoice!.lines).toEqual([
      expect.objectContaining({
        price_id: 'price_calls',
        quantity: 110,
        amount: '1100',
        period_start: start,
      }),
    ]);
    const charges = await t.db.selectFrom('test_card_charges').select(['amount', 'status']).execute();
    expect(charges).toEqual([{ amount: '1100', status: 'succeeded' }]);

    // The billed usage no longer counts towards the threshold, and a repeat adds nothing.
    await report({ subscription_item_id: meteredItemId, quantity: 60, identifier: 'batch-2' });
    await report({ subscription_item_id: meteredItemId, quantity: 90 });
    expect(await thresholdInvoices(subscriptionId)).toHaveLength(1);
    await report({ subscription_item_id: meteredItemId, quantity: 10 });
    const invoices = await thresholdInvoices(subscriptionId);
    expect(invoices.map((row) => row.lines[0]!.quantity).sort()).toEqual([100, 110]);
  });

  it('bills two reports that cross the threshold together once', async () => {
    const { meteredItemId, subscriptionId } = await meteredSubscription({ threshold: 1000n });
    const responses = await Promise.all([
      report({ subscription_item_id: meteredItemId, quantity: 60 }),
      report({ subscription_item_id: meteredItemId, quantity: 60 }),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    const invoices = await thresholdInvoices(subscriptionId);
    expect(invoices.map((invoice) => invoice.lines[0]!.quantity)).toEqual([120]);
  });

  it('prices graduated usage from where the billed part stopped', async () => {
    const { subscriptionId, subscription, itemId } = await graduatedSubscription();
    await report({ subscription_item_id: itemId, quantity: 120 });
    const [invoice] = await thresholdInvoices(subscriptionId);
    expect(invoice!.lines[0]).toMatchObject({ quantity: 120, amount: '1100' });

    await report({ subscription_item_id: itemId, quantity: 30 });
    const unbilled = await listUnbilledUsage(t.db, {
      subscription,
      periodStart: subscription.current_period_start,
      periodEnd: subscription.current_period_end,
    });
    expect(unbilled).toEqual([expect.objectContaining({ itemId, quantity: 30n, amount: 150n })]);
  });

  it('bills the rest of a graduated period at the renewal by the rule of the threshold', async () => {
    const { subscriptionId, subscription, itemId } = await graduatedSubscription();
    const { current_period_start: start, current_period_end: end } = subscription;
    await report({ subscription_item_id: itemId, quantity: 120 });
    await report({ subscription_item_id: itemId, quantity: 30 });
    const [unbilled] = await listUnbilledUsage(t.db, { subscription, periodStart: start, periodEnd: end });
    // 150 calls cost 100 × 10 + 50 × 5 = 1250, of which the threshold invoice billed 1100.
    expect(unbilled).toMatchObject({ quantity: 30n, amount: 150n });

    await runBilling(t.deps, { now: end, testClockId: null });
    const [cycle] = await t.db
      .selectFrom('invoices')
      .select('id')
      .where('subscription_id', '=', subscriptionId)
      .where('billing_reason', '=', 'subscription_cycle')
      .execute();
    expect((await getInvoice(t.db, cycle!.id)).lines).toEqual([
      expect.objectContaining({
        price_id: 'price_tiered_calls',
        quantity: 30,
        unit_amount: '5',
        amount: '150',
        period_start: start,
        period_end: end,
      }),
    ]);
  });

  it('leaves a declined threshold invoice open for the retries', async () => {
    const { meteredItemId, subscriptionId } = await meteredSubscription({
      threshold: 500n,
      cardNumber: TEST_CARDS.declinesAfterAttaching,
    });
    await report({ subscription_item_id: meteredItemId, quantity: 80 });
    const [invoice] = await thresholdInvoices(subscriptionId);
    expect(invoice).toMatchObject({ status: 'open', amount_remaining: '800', attempt_count: 1 });
    expect(invoice!.next_payment_attempt).toBe(invoice!.created_at + DAY);
  });
});
