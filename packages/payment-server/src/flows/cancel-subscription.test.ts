import { cancelSubscriptionBodySchema } from '@bazaar/schemas';
import type { AppError } from '@bazaar/server-kit';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeUser, openPaymentTestKit, type PaymentTestKit } from '../test-utils/payment-test-kit.ts';
import {
  insertGraduatedCallsPrice,
  insertPlanPrice,
  makeAdminUser as asAdmin,
  makeSubscription,
  MONTHLY,
} from '../test-utils/subscription-builders.ts';
import { cancelSubscription, resumeSubscription } from './cancel-subscription.ts';
import { recordUsage } from './record-usage.ts';

describe.each(TEST_DIALECTS)('cancel and resume on %s', (dialect) => {
  let kit: PaymentTestKit;
  const payer = makeUser();

  beforeEach(async () => {
    kit = await openPaymentTestKit(dialect);
    await insertPlanPrice(kit, { id: 'price_basic', unitAmount: 3000n, interval: 'month' });
  });
  afterEach(async () => {
    await kit.close();
  });

  function subscribe(options: { trialDays?: number; did?: string } = {}) {
    return makeSubscription(kit, {
      items: [{ priceId: 'price_basic', recurrence: MONTHLY }],
      startedDaysAgo: 10,
      ...options,
    });
  }

  async function refusal(promise: Promise<unknown>): Promise<AppError> {
    return promise.then(
      () => expect.unreachable('the action should have been refused'),
      (error: AppError) => error,
    );
  }

  async function eventTypes() {
    const rows = await kit.db.selectFrom('events').select('type').orderBy('position').execute();
    return rows.map((row) => row.type);
  }

  it('cancels at the end of the period with the feedback, and keeps it active until then', async () => {
    const { subscriptionId } = await subscribe();
    const canceled = await cancelSubscription(kit.deps, {
      id: subscriptionId,
      user: payer,
      body: cancelSubscriptionBodySchema.parse({
        feedback: 'too_expensive',
        comment: '  Cheaper elsewhere ',
      }),
    });
    expect(canceled).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      canceled_at: kit.clock.now(),
      ended_at: null,
      cancelation_details: {
        reason: 'cancellation_requested',
        feedback: 'too_expensive',
        comment: 'Cheaper elsewhere',
      },
    });
    expect(await eventTypes()).toContain('customer.subscription.updated');
  });

  it('ends a free trial at once', async () => {
    const { subscriptionId } = await subscribe({ trialDays: 14 });
    const canceled = await cancelSubscription(kit.deps, {
      id: subscriptionId,
      user: payer,
      body: { at: 'period_end' },
    });
    expect(canceled).toMatchObject({
      status: 'canceled',
      cancel_at_period_end: false,
      ended_at: kit.clock.now(),
      cancelation_details: { reason: 'cancellation_requested', feedback: null, comment: null },
    });
    expect(await eventTypes()).toContain('customer.subscription.deleted');
  });

  /** A subscription with a graduated metered item (100 calls at 10, then 5) billed early from 1100. */
  async function subscribeMetered(options: { trialDays?: number } = {}) {
    await insertGraduatedCallsPrice(kit, 'price_calls');
    const made = await makeSubscription(kit, {
      items: [
        { priceId: 'price_basic', recurrence: MONTHLY },
        { priceId: 'price_calls', recurrence: MONTHLY },
      ],
      startedDaysAgo: 10,
      billingThresholdAmount: 1100n,
      ...options,
    });
    const item = await kit.db
      .selectFrom('subscription_items')
      .select('id')
      .where('subscription_id', '=', made.subscriptionId)
      .where('price_id', '=', 'price_calls')
      .executeTakeFirstOrThrow();
    const report = (quantity: number) =>
      recordUsage(kit.deps, { subscription_item_id: item.id, quantity, action: 'increment' });
    return { ...made, report };
  }

  function invoicesOf(subscriptionId: string, billingReason: string) {
    return kit.db
      .selectFrom('invoices')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .where('billing_reason', '=', billingReason)
      .execute();
  }

  it("bills the period's unbilled usage on a final invoice when an admin ends it at once, and collects it", async () => {
    const { subscriptionId, report } = await subscribeMetered();
    const { current_period_start: start } = await kit.db
      .selectFrom('subscriptions')
      .select('current_period_start')
      .where('id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    await report(120);
    expect(await invoicesOf(subscriptionId, 'subscription_threshold')).toMatchObject([
      { total: '1100', status: 'paid' },
    ]);
    await report(30);

    const ended = await cancelSubscription(kit.deps, {
      id: subscriptionId,
      user: asAdmin('admin'),
      body: { at: 'now' },
    });
    const [final, ...others] = await invoicesOf(subscriptionId, 'subscription_cancel');
    expect(others).toEqual([]);
    expect(ended).toMatchObject({ status: 'canceled', latest_invoice_id: final!.id });
    // 150 calls cost 1250 in all, of which the threshold invoice billed 1100.
    expect(final).toMatchObject({
      status: 'paid',
      total: '150',
      amount_paid: '150',
      period_start: start,
      period_end: kit.clock.now(),
    });
    const lines = await kit.db
      .selectFrom('invoice_lines')
      .selectAll()
      .where('invoice_id', '=', final!.id)
      .execute();
    expect(lines).toMatchObject([
      {
        price_id: 'price_calls',
        quantity: 30,
        amount: '150',
        period_start: start,
        period_end: kit.clock.now(),
      },
    ]);
    const charges = await kit.db
      .selectFrom('test_card_charges')
      .select(['idempotency_key', 'amount', 'status'])
      .where('idempotency_key', 'like', `${final!.id}:%`)
      .execute();
    expect(charges).toEqual([
      { idempotency_key: `${final!.id}:attempt:1`, amount: '150', status: 'succeeded' },
    ]);
    const types = await eventTypes();
    expect(types.slice(-4)).toEqual([
      'invoice.created',
      'customer.subscription.deleted',
      'payment_intent.succeeded',
      'invoice.paid',
    ]);
  });

  it('bills the usage of a free trial ended at once, and writes no invoice without usage', async () => {
    const { subscriptionId, report } = await subscribeMetered({ trialDays: 14 });
    await report(5);
    await cancelSubscription(kit.deps, { id: subscriptionId, user: payer, body: { at: 'period_end' } });
    expect(await invoicesOf(subscriptionId, 'subscription_cancel')).toMatchObject([
      { total: '50', status: 'paid' },
    ]);

    const { subscriptionId: quiet } = await subscribe({ did: 'did:bazaar:usr_quiet' });
    await cancelSubscription(kit.deps, { id: quiet, user: asAdmin('owner'), body: { at: 'now' } });
    expect(
      await kit.db.selectFrom('invoices').select('id').where('subscription_id', '=', quiet).execute(),
    ).toEqual([]);
  });

  it('lets only an admin end it at once, and never twice', async () => {
    const { subscriptionId } = await subscribe();
    const forbidden = await refusal(
      cancelSubscription(kit.deps, { id: subscriptionId, user: payer, body: { at: 'now' } }),
    );
    expect(forbidden.code).toBe('FORBIDDEN');
    const ended = await cancelSubscription(kit.deps, {
      id: subscriptionId,
      user: asAdmin('admin'),
      body: { at: 'now', feedback: 'other' },
    });
    expect(ended).toMatchObject({ status: 'canceled', ended_at: kit.clock.now() });
    const again = await refusal(
      cancelSubscription(kit.deps, { id: subscriptionId, user: payer, body: { at: 'period_end' } }),
    );
    expect(again.code).toBe('SUBSCRIPTION_UNEXPECTED_STATE');
  });

  it("answers someone else's subscription as missing, but lets an admin act on any", async () => {
    const { subscriptionId } = await subscribe({ did: 'did:bazaar:usr_other' });
    const hidden = await refusal(
      cancelSubscription(kit.deps, { id: subscriptionId, user: payer, body: { at: 'period_end' } }),
    );
    expect(hidden.code).toBe('NOT_FOUND');
    expect((await refusal(resumeSubscription(kit.deps, { id: subscriptionId, user: payer }))).code).toBe(
      'NOT_FOUND',
    );
    const byDeveloper = await cancelSubscription(kit.deps, {
      id: subscriptionId,
      user: asAdmin('developer'),
      body: { at: 'period_end' },
    });
    expect(byDeveloper.cancel_at_period_end).toBe(true);
  });

  it('resumes a pending cancellation, answers one without as it is, and refuses an ended one', async () => {
    const { subscriptionId } = await subscribe();
    await cancelSubscription(kit.deps, { id: subscriptionId, user: payer, body: { at: 'period_end' } });
    const resumed = await resumeSubscription(kit.deps, { id: subscriptionId, user: payer });
    expect(resumed).toMatchObject({
      status: 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      cancelation_details: null,
    });
    const eventsBefore = (await eventTypes()).length;
    expect(await resumeSubscription(kit.deps, { id: subscriptionId, user: payer })).toEqual(resumed);
    expect(await eventTypes()).toHaveLength(eventsBefore);

    await cancelSubscription(kit.deps, { id: subscriptionId, user: asAdmin('owner'), body: { at: 'now' } });
    const ended = await refusal(resumeSubscription(kit.deps, { id: subscriptionId, user: payer }));
    expect(ended).toMatchObject({ code: 'SUBSCRIPTION_UNEXPECTED_STATE' });
  });
});
