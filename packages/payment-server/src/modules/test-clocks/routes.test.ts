import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminRequest } from '../../test-utils/admin-requests.ts';
import { createClockedSubscription } from '../../test-utils/clocked-subscription.ts';
import { openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { saveCustomer, EMPTY_ADDRESS } from '../customers/service.ts';

const DAY = 86_400;

describe.each(TEST_DIALECTS)('test clock routes on %s', (dialect) => {
  let t: PaymentTestApp;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  function customer(livemode = false) {
    return saveCustomer(t.deps, {
      did: `did:bazaar:usr_${livemode ? 'live' : 'test'}`,
      livemode,
      name: 'Ada Payer',
      email: 'ada@example.com',
      phone: '',
      address: EMPTY_ADDRESS,
      isAnonymous: false,
    });
  }

  it('creates a clock at the present by default, reads it, and answers only admins', async () => {
    const created = await adminRequest(t, 'POST', '/test-clocks', {});
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      object: 'test_clock',
      name: 'Test clock',
      frozen_time: t.clock.now(),
      livemode: false,
    });
    const read = await adminRequest(t, 'GET', `/test-clocks/${created.json().id}`, undefined, 'developer');
    expect(read.json()).toEqual(created.json());

    expect((await adminRequest(t, 'POST', '/test-clocks', {}, 'member')).statusCode).toBe(403);
    expect((await adminRequest(t, 'POST', '/test-clocks', {}, null)).statusCode).toBe(401);
    expect((await adminRequest(t, 'GET', '/test-clocks/clock_missing')).statusCode).toBe(404);
    const past = await adminRequest(t, 'POST', '/test-clocks', { frozen_time: t.clock.now() - 1 });
    expect(past.json().error.code).toBe('TEST_CLOCK_INVALID');
  });

  it('attaches test-mode customers only, and not to a time before their current period', async () => {
    const clock = (await adminRequest(t, 'POST', '/test-clocks', { name: 'Attach' })).json();
    const live = await customer(true);
    const attachLive = await adminRequest(t, 'POST', `/test-clocks/${clock.id}/customers`, {
      customer_id: live.id,
    });
    expect(attachLive.json().error.code).toBe('TEST_CLOCK_INVALID');
    const missing = await adminRequest(t, 'POST', `/test-clocks/${clock.id}/customers`, {
      customer_id: 'cus_missing',
    });
    expect(missing.statusCode).toBe(404);

    const later = await createClockedSubscription(t.deps, { start: t.clock.now() + 10 * DAY });
    const elsewhere = await adminRequest(t, 'POST', `/test-clocks/${clock.id}/customers`, {
      customer_id: later.customerId,
    });
    expect(elsewhere.json().error).toMatchObject({
      code: 'TEST_CLOCK_INVALID',
      message: expect.stringMatching(/already/),
    });
    await t.db
      .updateTable('customers')
      .set({ test_clock_id: null })
      .where('id', '=', later.customerId)
      .execute();
    const early = await adminRequest(t, 'POST', `/test-clocks/${clock.id}/customers`, {
      customer_id: later.customerId,
    });
    expect(early.json().error).toMatchObject({
      code: 'TEST_CLOCK_INVALID',
      message: expect.stringMatching(/before/),
    });

    const payer = await customer();
    const attached = await adminRequest(t, 'POST', `/test-clocks/${clock.id}/customers`, {
      customer_id: payer.id,
    });
    expect(attached.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('customers')
      .select('test_clock_id')
      .where('id', '=', payer.id)
      .executeTakeFirst();
    expect(row?.test_clock_id).toBe(clock.id);
  });

  it("advances only forward, renewing the attached customers' subscriptions on the way", async () => {
    const { subscriptionId, testClockId } = await createClockedSubscription(t.deps);
    const subscription = await t.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    expect(subscription.test_clock_id).toBe(testClockId);

    const backwards = await adminRequest(t, 'POST', `/test-clocks/${testClockId}/advance`, {
      frozen_time: t.clock.now() - DAY,
    });
    expect(backwards.json().error.code).toBe('TEST_CLOCK_INVALID');
    const standing = await adminRequest(t, 'POST', `/test-clocks/${testClockId}/advance`, {
      frozen_time: t.clock.now(),
    });
    expect(standing.json().error.code).toBe('TEST_CLOCK_INVALID');
    const asMember = await adminRequest(
      t,
      'POST',
      `/test-clocks/${testClockId}/advance`,
      { frozen_time: t.clock.now() + DAY },
      'member',
    );
    expect(asMember.statusCode).toBe(403);

    const target = subscription.current_period_end + DAY;
    const advanced = await adminRequest(t, 'POST', `/test-clocks/${testClockId}/advance`, {
      frozen_time: target,
    });
    expect(advanced.statusCode).toBe(200);
    expect(advanced.json().frozen_time).toBe(target);
    const invoices = await t.db
      .selectFrom('invoices')
      .select(['status', 'created_at', 'test_clock_id'])
      .where('subscription_id', '=', subscriptionId)
      .execute();
    expect(invoices).toEqual([
      { status: 'paid', created_at: subscription.current_period_end, test_clock_id: testClockId },
    ]);
  });
});
