import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../demo/seed.ts';
import { createInvoice, hasPastDueInvoices } from '../modules/invoices/service.ts';
import { advanceTestClock } from './advance-test-clock.ts';
import { customerNow } from '../modules/test-clocks/service.ts';
import { TEST_CARDS } from '../providers/test-card-network.ts';
import { createClockedSubscription } from '../test-utils/clocked-subscription.ts';
import {
  openPaymentTestKit,
  recordedPayloads,
  TEST_NOW,
  type PaymentTestKit,
} from '../test-utils/payment-test-kit.ts';
import { runBilling } from './run-billing.ts';
import { settleInvoice } from './settle-invoice.ts';

const DAY = 86_400;
const at = (iso: string) => Date.parse(iso) / 1000;

describe.each(TEST_DIALECTS)('the billing engine on %s', (dialect) => {
  let kit: PaymentTestKit;

  beforeEach(async () => {
    kit = await openPaymentTestKit(dialect);
  });
  afterEach(async () => {
    await kit.close();
  });

  const advance = (testClockId: string | null, frozenTime: number) =>
    advanceTestClock(kit.deps, { testClockId: testClockId!, frozenTime });

  function invoicesOf(subscriptionId: string) {
    return kit.db
      .selectFrom('invoices')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .orderBy('created_at')
      .orderBy('number')
      .execute();
  }

  function subscriptionOf(id: string) {
    return kit.db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  function chargesOf(invoiceId: string) {
    return kit.db
      .selectFrom('test_card_charges')
      .selectAll()
      .where('idempotency_key', 'like', `${invoiceId}:%`)
      .orderBy('created_at')
      .execute();
  }

  async function eventTypes() {
    const rows = await kit.db
      .selectFrom('events')
      .select('type')
      .orderBy('created_at')
      .orderBy('position')
      .execute();
    return rows.map((row) => row.type);
  }

  async function addPrice(id: string, unitAmount: string, usageType: 'licensed' | 'metered') {
    await kit.db
      .insertInto('prices')
      .values({
        id,
        product_id: DEMO.membershipProductId,
        active: 1,
        type: 'recurring',
        currency_id: DEMO.usdCurrencyId,
        unit_amount: unitAmount,
        custom_unit_amount: null,
        currency_options: '[]',
        recurring: JSON.stringify({ interval: 'month', interval_count: 1, usage_type: usageType }),
        quantity_available: 0,
        quantity_sold: 0,
        quantity_limit_per_checkout: 0,
        livemode: 0,
        created_at: TEST_NOW,
      })
      .execute();
  }

  it('ends a trial and renews a Jan 31 anchor twelve times in one advance, clamping to month ends', async () => {
    const trialStart = at('2027-01-17T08:00:00Z');
    const { subscriptionId, testClockId } = await createClockedSubscription(kit.deps, {
      start: trialStart,
      trialDays: 14,
    });
    const clock = await advance(testClockId, at('2028-01-31T09:00:00Z'));
    expect(clock.frozen_time).toBe(at('2028-01-31T09:00:00Z'));

    const invoices = await invoicesOf(subscriptionId);
    const ends = [
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
      '2027-07-31',
      '2027-08-31',
      '2027-09-30',
      '2027-10-31',
      '2027-11-30',
      '2027-12-31',
      '2028-01-31',
      '2028-02-29',
    ].map((day) => at(`${day}T08:00:00Z`));
    expect(invoices.map((invoice) => invoice.period_end)).toEqual(ends);
    expect(invoices.map((invoice) => invoice.period_start)).toEqual([
      at('2027-01-31T08:00:00Z'),
      ...ends.slice(0, -1),
    ]);
    // Each renewal is written at the moment its period ended, with its own number.
    expect(invoices.map((invoice) => invoice.created_at)).toEqual([
      at('2027-01-31T08:00:00Z'),
      ...ends.slice(0, -1),
    ]);
    expect(new Set(invoices.map((invoice) => invoice.number)).size).toBe(13);
    // One intent per invoice, the one the invoice names.
    const intents = await kit.db
      .selectFrom('payment_intents')
      .select(['id', 'invoice_id', 'status'])
      .execute();
    expect(intents).toHaveLength(13);
    expect(new Set(intents.map((intent) => intent.id))).toEqual(
      new Set(invoices.map((invoice) => invoice.payment_intent_id)),
    );
    expect(intents.every((intent) => intent.status === 'succeeded')).toBe(true);
    for (const invoice of invoices) {
      expect(invoice).toMatchObject({
        billing_reason: 'subscription_cycle',
        status: 'paid',
        amount_due: '999',
        amount_paid: '999',
        attempt_count: 1,
      });
      expect(await chargesOf(invoice.id)).toMatchObject([{ status: 'succeeded', amount: '999' }]);
    }
    expect(await subscriptionOf(subscriptionId)).toMatchObject({
      status: 'active',
      current_period_start: at('2028-01-31T08:00:00Z'),
      current_period_end: at('2028-02-29T08:00:00Z'),
      latest_invoice_id: invoices.at(-1)!.id,
    });
    const types = await eventTypes();
    expect(types.filter((type) => type === 'invoice.created')).toHaveLength(13);
    expect(types.filter((type) => type === 'invoice.paid')).toHaveLength(13);
    expect(types.filter((type) => type === 'payment_intent.succeeded')).toHaveLength(13);
  });

  it('announces trial_will_end three days before the trial ends, once, before the first invoice', async () => {
    const start = at('2027-01-17T08:00:00Z');
    const { subscriptionId, testClockId } = await createClockedSubscription(kit.deps, {
      start,
      trialDays: 14,
    });
    const trialEnd = start + 14 * 86_400;

    await advance(testClockId, trialEnd - 3 * 86_400 - 1);
    expect(await recordedPayloads(kit.db, 'customer.subscription.trial_will_end')).toEqual([]);
    await advance(testClockId, trialEnd + 40 * 86_400);
    // Runs for the same moment again change nothing.
    await runBilling(kit.deps, { now: trialEnd + 40 * 86_400, testClockId });

    const reminders = await kit.db
      .selectFrom('events')
      .select(['created_at', 'data'])
      .where('type', '=', 'customer.subscription.trial_will_end')
      .execute();
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.created_at).toBe(trialEnd - 3 * 86_400);
    expect(JSON.parse(reminders[0]!.data)).toEqual({
      id: subscriptionId,
      customer_id: expect.any(String),
      status: 'trialing',
    });
    const types = (await recordedPayloads(kit.db)).map((event) => event.type);
    expect(types.indexOf('customer.subscription.trial_will_end')).toBeLessThan(
      types.indexOf('invoice.created'),
    );
  });

  it('reminds a trial shorter than three days at the next run, and a subscription without a trial never', async () => {
    const { subscriptionId } = await createClockedSubscription(kit.deps, { trialDays: 1, testClock: false });
    await createClockedSubscription(kit.deps, { testClock: false });
    await runBilling(kit.deps, { now: kit.clock.now(), testClockId: null });
    await runBilling(kit.deps, { now: kit.clock.now(), testClockId: null });
    const reminded = await recordedPayloads(kit.db, 'customer.subscription.trial_will_end');
    expect(reminded.map((event) => event.data.id)).toEqual([subscriptionId]);
  });

  it('retries a declined renewal at +1, 3, 5 and 7 days, then leaves it uncollectible and the customer limited until paid', async () => {
    const { subscriptionId, customerId, testClockId } = await createClockedSubscription(kit.deps, {
      card: TEST_CARDS.declinesAfterAttaching,
    });
    const periodEnd = (await subscriptionOf(subscriptionId)).current_period_end;

    await advance(testClockId, periodEnd + 3 * DAY + 60);
    let [invoice] = await invoicesOf(subscriptionId);
    expect(invoice).toMatchObject({
      status: 'open',
      attempt_count: 3,
      next_payment_attempt: periodEnd + 5 * DAY,
      due_date: periodEnd,
    });
    expect((await subscriptionOf(subscriptionId)).status).toBe('active');

    await advance(testClockId, periodEnd + 10 * DAY);
    [invoice] = await invoicesOf(subscriptionId);
    expect(invoice).toMatchObject({ status: 'uncollectible', attempt_count: 5, next_payment_attempt: null });
    const charges = await chargesOf(invoice!.id);
    expect(charges.map((charge) => [charge.idempotency_key, charge.status, charge.created_at])).toEqual(
      [0, 1, 3, 5, 7].map((days, index) => [
        `${invoice!.id}:attempt:${index + 1}`,
        'failed',
        periodEnd + days * DAY,
      ]),
    );
    const intent = await kit.db
      .selectFrom('payment_intents')
      .selectAll()
      .where('id', '=', invoice!.payment_intent_id!)
      .executeTakeFirstOrThrow();
    expect(intent).toMatchObject({
      invoice_id: invoice!.id,
      checkout_session_id: null,
      status: 'requires_payment_method',
    });
    expect(JSON.parse(intent.last_payment_error!)).toMatchObject({ code: 'card_declined' });
    expect((await subscriptionOf(subscriptionId)).status).toBe('past_due');
    const types = await eventTypes();
    expect(types.filter((type) => type === 'invoice.payment_failed')).toHaveLength(5);
    expect(types).toContain('invoice.marked_uncollectible');
    expect(types).toContain('customer.subscription.updated');

    const now = await customerNow(kit.db, kit.clock, customerId);
    expect(now).toBe(periodEnd + 10 * DAY);
    expect(await hasPastDueInvoices(kit.db, { customerId, livemode: false, now })).toBe(true);

    await kit.db
      .transaction()
      .execute((trx) => settleInvoice(trx, { invoiceId: invoice!.id, paymentIntentId: null, now }));
    expect((await subscriptionOf(subscriptionId)).status).toBe('active');
    expect(await hasPastDueInvoices(kit.db, { customerId, livemode: false, now })).toBe(false);
  });

  it('ends a subscription set to cancel at its period end, without a new invoice', async () => {
    const { subscriptionId, testClockId } = await createClockedSubscription(kit.deps, {
      cancelAtPeriodEnd: true,
    });
    const periodEnd = (await subscriptionOf(subscriptionId)).current_period_end;
    await advance(testClockId, periodEnd + 90 * DAY);
    expect(await subscriptionOf(subscriptionId)).toMatchObject({
      status: 'canceled',
      ended_at: periodEnd,
      current_period_end: periodEnd,
    });
    expect(await invoicesOf(subscriptionId)).toEqual([]);
    expect(await eventTypes()).toEqual(['customer.created', 'customer.subscription.deleted']);
  });

  it('bills metered usage in arrears, less what a threshold invoice already billed', async () => {
    await addPrice('price_metered', '5', 'metered');
    const { subscriptionId, customerId, testClockId } = await createClockedSubscription(kit.deps, {
      items: [
        { priceId: DEMO.monthlyPriceId, quantity: 1 },
        { priceId: 'price_metered', quantity: 1 },
      ],
    });
    const subscription = await subscriptionOf(subscriptionId);
    const meteredItem = await kit.db
      .selectFrom('subscription_items')
      .select('id')
      .where('subscription_id', '=', subscriptionId)
      .where('price_id', '=', 'price_metered')
      .executeTakeFirstOrThrow();
    const start = subscription.current_period_start;
    const end = subscription.current_period_end;
    const usage = [
      { quantity: 10, timestamp: start + DAY, action: 'increment' },
      { quantity: 5, timestamp: start + 2 * DAY, action: 'increment' },
      { quantity: 7, timestamp: end + DAY, action: 'increment' },
    ];
    await kit.db
      .insertInto('usage_records')
      .values(
        usage.map((record, index) => ({
          ...record,
          id: `mbur_test${index}`,
          subscription_item_id: meteredItem.id,
          identifier: `usage-${index}`,
          created_at: record.timestamp,
        })),
      )
      .execute();
    await createInvoice(kit.db, {
      customerId,
      currencyId: DEMO.usdCurrencyId,
      livemode: false,
      billingReason: 'subscription_threshold',
      description: 'Usage so far',
      status: 'paid',
      subscriptionId,
      lines: [
        {
          description: 'Usage',
          priceId: 'price_metered',
          quantity: 4,
          unitAmount: '5',
          amount: '20',
          periodStart: start,
          periodEnd: end,
        },
      ],
      now: start + 3 * DAY,
    });

    await advance(testClockId, end + 1);
    const cycles = (await invoicesOf(subscriptionId)).filter(
      (row) => row.billing_reason === 'subscription_cycle',
    );
    expect(cycles).toHaveLength(1);
    const lines = await kit.db
      .selectFrom('invoice_lines')
      .selectAll()
      .where('invoice_id', '=', cycles[0]!.id)
      .orderBy('position')
      .execute();
    expect(lines).toMatchObject([
      { price_id: DEMO.monthlyPriceId, quantity: 1, amount: '999', period_start: end },
      {
        price_id: 'price_metered',
        quantity: 11,
        unit_amount: '5',
        amount: '55',
        period_start: start,
        period_end: end,
      },
    ]);
    expect(cycles[0]).toMatchObject({ total: '1054', status: 'paid' });
    expect(await chargesOf(cycles[0]!.id)).toMatchObject([{ amount: '1054', status: 'succeeded' }]);
  });

  it('pays a zero invoice at once, without a charge or an intent', async () => {
    await addPrice('price_free', '0', 'licensed');
    const { subscriptionId, testClockId } = await createClockedSubscription(kit.deps, {
      items: [{ priceId: 'price_free', quantity: 1 }],
    });
    await advance(testClockId, (await subscriptionOf(subscriptionId)).current_period_end);
    const [invoice] = await invoicesOf(subscriptionId);
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_due: '0',
      payment_intent_id: null,
      attempt_count: 0,
    });
    expect(await kit.db.selectFrom('test_card_charges').selectAll().execute()).toEqual([]);
    expect(await eventTypes()).toEqual([
      'customer.created',
      'invoice.created',
      'customer.subscription.updated',
      'invoice.paid',
    ]);
  });

  it("spends the customer's credit before charging the card, and records what it spent", async () => {
    const { subscriptionId, customerId, testClockId } = await createClockedSubscription(kit.deps);
    await kit.db
      .insertInto('customer_balance_transactions')
      .values({
        id: 'cbtxn_credit',
        customer_id: customerId,
        currency_id: DEMO.usdCurrencyId,
        amount: '-1500',
        type: 'proration_credit',
        invoice_id: null,
        subscription_id: subscriptionId,
        livemode: 0,
        created_at: TEST_NOW,
      })
      .execute();
    const periodEnd = (await subscriptionOf(subscriptionId)).current_period_end;
    await advance(testClockId, periodEnd + 40 * DAY);

    const [covered, partly] = await invoicesOf(subscriptionId);
    expect(covered).toMatchObject({
      amount_applied: '999',
      amount_due: '0',
      status: 'paid',
      payment_intent_id: null,
    });
    expect(partly).toMatchObject({
      amount_applied: '501',
      amount_due: '498',
      amount_paid: '498',
      status: 'paid',
    });
    expect(await chargesOf(covered!.id)).toEqual([]);
    expect(await chargesOf(partly!.id)).toMatchObject([{ amount: '498', status: 'succeeded' }]);
    const ledger = await kit.db
      .selectFrom('customer_balance_transactions')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('created_at')
      .execute();
    expect(ledger.map((row) => [row.type, row.amount, row.invoice_id])).toEqual([
      ['proration_credit', '-1500', null],
      ['applied_to_invoice', '999', covered!.id],
      ['applied_to_invoice', '501', partly!.id],
    ]);
  });

  it('fails a renewal without a saved card with a clear code, on the same retry path', async () => {
    const { subscriptionId, testClockId } = await createClockedSubscription(kit.deps, { card: null });
    const periodEnd = (await subscriptionOf(subscriptionId)).current_period_end;
    await advance(testClockId, periodEnd + 8 * DAY);
    const [invoice] = await invoicesOf(subscriptionId);
    expect(invoice).toMatchObject({ status: 'uncollectible', attempt_count: 5 });
    const intent = await kit.db
      .selectFrom('payment_intents')
      .select('last_payment_error')
      .where('id', '=', invoice!.payment_intent_id!)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(intent.last_payment_error!)).toMatchObject({ code: 'payment_method_unavailable' });
    expect(await kit.db.selectFrom('test_card_charges').selectAll().execute()).toEqual([]);
    expect((await subscriptionOf(subscriptionId)).status).toBe('past_due');
  });

  it('bills a period once however often, and however concurrently, the engine runs for it', async () => {
    const { subscriptionId, testClockId } = await createClockedSubscription(kit.deps);
    const periodEnd = (await subscriptionOf(subscriptionId)).current_period_end;
    const run = () => runBilling(kit.deps, { now: periodEnd, testClockId });
    await run();
    await run();
    await Promise.all([run(), run(), run()]);
    const invoices = await invoicesOf(subscriptionId);
    expect(invoices).toHaveLength(1);
    expect(await chargesOf(invoices[0]!.id)).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: 'paid', attempt_count: 1 });
    // Real time does not touch a clock's rows.
    expect(await runBilling(kit.deps, { now: periodEnd + 400 * DAY, testClockId: null })).toEqual({
      renewed: 0,
      collected: 0,
    });
  });
});
