import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { advanceTestClock, resumeTestClockAdvances } from '../../flows/advance-test-clock.ts';
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
      status: 'ready',
      customer_count: 0,
      advance: null,
    });
    const read = await adminRequest(t, 'GET', `/test-clocks/${created.json().id}`, undefined, 'developer');
    expect(read.json()).toEqual({ ...created.json(), customers: [] });

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

  it('lists the clocks newest first with how many customers live in each, and none in live mode', async () => {
    const first = (await adminRequest(t, 'POST', '/test-clocks', { name: 'First' })).json();
    t.clock.advance(60);
    const second = (await adminRequest(t, 'POST', '/test-clocks', { name: 'Second' })).json();
    const payer = await customer();
    await adminRequest(t, 'POST', `/test-clocks/${first.id}/customers`, { customer_id: payer.id });

    const page = await adminRequest(t, 'GET', '/test-clocks?livemode=false&page=1&pageSize=10');
    expect(page.json()).toMatchObject({
      count: 2,
      list: [
        { id: second.id, name: 'Second', customer_count: 0 },
        { id: first.id, name: 'First', customer_count: 1 },
      ],
    });
    const paged = await adminRequest(t, 'GET', '/test-clocks?livemode=false&page=2&pageSize=1');
    expect(paged.json()).toMatchObject({ count: 2, list: [{ id: first.id }] });
    expect((await adminRequest(t, 'GET', '/test-clocks?livemode=true')).json()).toEqual({
      list: [],
      count: 0,
    });

    const details = await adminRequest(t, 'GET', `/test-clocks/${first.id}`);
    expect(details.json()).toMatchObject({
      customer_count: 1,
      customers: [{ id: payer.id, name: 'Ada Payer', email: 'ada@example.com' }],
    });
  });

  it('advances in steps, each recorded, that the worker takes up where a request left off', async () => {
    const { subscriptionId, testClockId } = await createClockedSubscription(t.deps);
    const id = testClockId!;
    const start = t.clock.now();
    const target = start + 95 * DAY;

    // A budget of nothing: one step (the first renewal), then the advance is let go.
    const started = await advanceTestClock(t.deps, { testClockId: id, frozenTime: target, budgetMs: 0 });
    expect(started).toMatchObject({
      status: 'advancing',
      advance: { from_time: start, target_frozen_time: target, renewals: 1, payment_attempts: 1 },
    });
    expect(started.frozen_time).toBeGreaterThan(start);
    expect(started.frozen_time).toBeLessThan(target);

    // Nothing joins or moves a clock while it advances.
    const again = await adminRequest(t, 'POST', `/test-clocks/${id}/advance`, { frozen_time: target + DAY });
    expect(again.json().error).toMatchObject({
      code: 'TEST_CLOCK_INVALID',
      message: expect.stringMatching(/advancing/),
    });
    const payer = await customer();
    const attach = await adminRequest(t, 'POST', `/test-clocks/${id}/customers`, { customer_id: payer.id });
    expect(attach.json().error).toMatchObject({
      code: 'TEST_CLOCK_INVALID',
      message: expect.stringMatching(/advancing/),
    });

    const seen: number[] = [started.frozen_time];
    for (let run = 0; run < 10; run += 1) {
      await resumeTestClockAdvances(t.deps, 0);
      const clock = (await adminRequest(t, 'GET', `/test-clocks/${id}`)).json();
      seen.push(clock.frozen_time);
      if (clock.status === 'ready') break;
    }
    expect(seen.length).toBeGreaterThan(2);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    const done = (await adminRequest(t, 'GET', `/test-clocks/${id}`)).json();
    expect(done).toMatchObject({
      status: 'ready',
      frozen_time: target,
      advance: {
        from_time: start,
        target_frozen_time: target,
        renewals: 3,
        payment_attempts: 3,
        failure_message: null,
      },
    });

    const invoices = await adminRequest(t, 'GET', `/test-clocks/${id}/invoices?pageSize=2`);
    expect(invoices.statusCode).toBe(200);
    expect(invoices.json().count).toBe(3);
    expect(invoices.json().list).toHaveLength(2);
    const renewals = await t.db
      .selectFrom('invoices')
      .select(['id', 'created_at'])
      .where('subscription_id', '=', subscriptionId)
      .orderBy('created_at', 'desc')
      .execute();
    expect(invoices.json().list.map((invoice: { id: string }) => invoice.id)).toEqual(
      renewals.slice(0, 2).map((row) => row.id),
    );
  });

  it('resumes an advance whose node stopped once its lease runs out, and answers a short one at once', async () => {
    const { testClockId } = await createClockedSubscription(t.deps);
    const id = testClockId!;
    const target = t.clock.now() + 95 * DAY;
    await advanceTestClock(t.deps, { testClockId: id, frozenTime: target, budgetMs: 0 });
    // The node stepping it stops: its lease still runs, so nobody else takes it yet.
    await t.db
      .updateTable('test_clocks')
      .set({ advance_holder: 'gone', advance_lease_until: t.clock.now() + 60 })
      .where('id', '=', id)
      .execute();
    expect(await resumeTestClockAdvances(t.deps)).toBe(0);
    t.clock.advance(61);
    expect(await resumeTestClockAdvances(t.deps)).toBe(1);
    expect((await adminRequest(t, 'GET', `/test-clocks/${id}`)).json()).toMatchObject({
      status: 'ready',
      frozen_time: target,
    });

    const short = await adminRequest(t, 'POST', `/test-clocks/${id}/advance`, { frozen_time: target + DAY });
    expect(short.json()).toMatchObject({
      status: 'ready',
      frozen_time: target + DAY,
      advance: { from_time: target, target_frozen_time: target + DAY, renewals: 0 },
    });
    expect((await adminRequest(t, 'GET', `/test-clocks/${id}/invoices`)).json()).toEqual({
      list: [],
      count: 0,
    });
  });

  it('stops a failing advance where it got to, says why, and may be advanced again', async () => {
    const { subscriptionId, testClockId } = await createClockedSubscription(t.deps);
    const id = testClockId!;
    // A currency the monthly price has no amount in: its renewal cannot be priced.
    const pound = await adminRequest(t, 'POST', '/payment-currencies', {
      payment_method_id: DEMO.cardMethodId,
      symbol: 'GBP',
      name: 'Pound',
      decimal: 2,
    });
    await t.db
      .updateTable('subscriptions')
      .set({ currency_id: pound.json().id })
      .where('id', '=', subscriptionId)
      .execute();
    const target = t.clock.now() + 40 * DAY;
    const failed = await adminRequest(t, 'POST', `/test-clocks/${id}/advance`, { frozen_time: target });
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({
      status: 'internal_failure',
      advance: { renewals: 0, failure_message: expect.stringContaining(subscriptionId) },
    });
    expect(failed.json().frozen_time).toBeLessThan(target);

    await t.db
      .updateTable('subscriptions')
      .set({ currency_id: DEMO.usdCurrencyId })
      .where('id', '=', subscriptionId)
      .execute();
    const retried = await adminRequest(t, 'POST', `/test-clocks/${id}/advance`, { frozen_time: target });
    expect(retried.json()).toMatchObject({ status: 'ready', frozen_time: target, advance: { renewals: 1 } });
  });
});
