import { cancelSubscriptionBodySchema } from '@bazaar/schemas';
import type { AppError } from '@bazaar/server-kit';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeUser, openPaymentTestKit, type PaymentTestKit } from '../../test-utils/payment-test-kit.ts';
import {
  insertPlanPrice,
  makeAdminUser as asAdmin,
  makeSubscription,
  MONTHLY,
} from '../../test-utils/subscription-builders.ts';
import { cancelSubscription, resumeSubscription } from './cancel.ts';

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
