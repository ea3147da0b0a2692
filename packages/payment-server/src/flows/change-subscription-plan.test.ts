import type { AppError } from '@bazaar/server-kit';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { periodBoundary } from '../billing/periods.ts';
import { prorate } from '../billing/proration.ts';
import { DEMO } from '../demo/seed.ts';
import { getCustomerCredit, recordBalanceTransactions } from '../modules/customer-balance/service.ts';
import {
  listPlanChangeOptions,
  previewSubscriptionPlanChange,
} from '../modules/subscriptions/change-plan.ts';
import { getSubscription } from '../modules/subscriptions/service.ts';
import { TEST_CARDS } from '../providers/test-card-network.ts';
import { leaseToEngine } from '../test-utils/past-due-invoice.ts';
import { makeUser, openPaymentTestKit, type PaymentTestKit } from '../test-utils/payment-test-kit.ts';
import {
  insertPlanPrice,
  makeAdminUser,
  makeSubscription,
  MONTHLY,
  YEARLY,
} from '../test-utils/subscription-builders.ts';
import { COLLECTION_LEASE_SECONDS } from './collect-invoice.ts';
import { changeSubscriptionPlan, writePlanChange } from './change-subscription-plan.ts';
import { payInvoice, startInvoicePayment } from './pay-invoice.ts';

const DAY = 86_400;

describe.each(TEST_DIALECTS)('changing plan on %s', (dialect) => {
  let kit: PaymentTestKit;
  const payer = makeUser();

  beforeEach(async () => {
    kit = await openPaymentTestKit(dialect);
    await insertPlanPrice(kit, { id: 'price_basic', unitAmount: 3000n, interval: 'month' });
    await insertPlanPrice(kit, { id: 'price_pro', unitAmount: 6000n, interval: 'month' });
    await insertPlanPrice(kit, { id: 'price_yearly', unitAmount: 30000n, interval: 'year' });
    await insertPlanPrice(kit, { id: 'price_retired', unitAmount: 1000n, interval: 'month', active: false });
    await insertPlanPrice(kit, { id: 'price_usd_only', unitAmount: 4000n, interval: 'month', eur: false });
    await insertPlanPrice(kit, {
      id: 'price_calls',
      unitAmount: 10n,
      interval: 'month',
      usageType: 'metered',
    });
  });
  afterEach(async () => {
    await kit.close();
  });

  /** On `priceId` since ten days ago; the period is its month. */
  async function subscribe(
    priceId = 'price_basic',
    options: { cardNumber?: string; did?: string; trialDays?: number; currencyId?: string } = {},
  ) {
    const made = await makeSubscription(kit, {
      items: [{ priceId, recurrence: MONTHLY }],
      startedDaysAgo: 10,
      ...options,
    });
    const start = kit.clock.now() - 10 * DAY;
    return { ...made, start, end: periodBoundary(start, MONTHLY, 1) };
  }

  /** The share of `amount` for the rest of the period, as the proration math floors it. */
  function rest(amount: bigint, period: { start: number; end: number }) {
    return prorate(amount, period.end - kit.clock.now(), period.end - period.start);
  }

  async function refusal(promise: Promise<unknown>): Promise<AppError> {
    return promise.then(
      () => expect.unreachable('the change should have been refused'),
      (error: AppError) => error,
    );
  }

  async function charges() {
    return kit.db
      .selectFrom('test_card_charges')
      .select(['amount', 'status'])
      .orderBy('created_at')
      .execute();
  }

  function credit(customerId: string) {
    return getCustomerCredit(kit.db, { customerId, currencyId: DEMO.usdCurrencyId, livemode: false });
  }

  it('offers the active licensed plans of the product priced in its currency', async () => {
    const { subscriptionId } = await subscribe();
    const options = await listPlanChangeOptions(kit.deps, { id: subscriptionId, user: payer });
    expect(options.map((option) => [option.price.id, option.amount])).toEqual([
      ['price_usd_only', '4000'],
      ['price_pro', '6000'],
      ['price_yearly', '30000'],
    ]);
    const euro = await subscribe('price_basic', { currencyId: DEMO.eurCurrencyId, did: 'did:bazaar:usr_eu' });
    const euroOptions = await listPlanChangeOptions(kit.deps, {
      id: euro.subscriptionId,
      user: makeUser({ did: 'did:bazaar:usr_eu' }),
    });
    expect(euroOptions.map((option) => option.price.id)).toEqual(['price_pro', 'price_yearly']);
  });

  it('says plan updates are not available for metered usage', async () => {
    const { subscriptionId } = await subscribe('price_calls');
    const error = await refusal(listPlanChangeOptions(kit.deps, { id: subscriptionId, user: payer }));
    expect(error).toMatchObject({
      code: 'PLAN_CHANGE_UNAVAILABLE',
      message: 'Plan updates are not available',
    });
  });

  it('upgrades mid-period: charges the prorated difference once, as previewed', async () => {
    const { subscriptionId, start, end } = await subscribe();
    const body = { price_id: 'price_pro' };
    const unused = rest(3000n, { start, end });
    const newCharge = rest(6000n, { start, end });
    const preview = await previewSubscriptionPlanChange(kit.deps, { id: subscriptionId, user: payer, body });
    expect(preview).toEqual({
      price_id: 'price_pro',
      quantity: 1,
      unused_credit: unused.toString(),
      new_charge: newCharge.toString(),
      applied_credit: unused.toString(),
      amount_due_today: (newCharge - unused).toString(),
      new_credit: '0',
      next_invoice_amount: '6000',
      next_invoice_at: end,
      period_start: start,
      period_end: end,
    });

    const { subscription, invoice } = await changeSubscriptionPlan(kit.deps, {
      id: subscriptionId,
      user: payer,
      body,
    });
    expect(subscription.items.map((item) => item.price_id)).toEqual(['price_pro']);
    expect(subscription).toMatchObject({ current_period_start: start, current_period_end: end });
    expect(invoice).toMatchObject({
      billing_reason: 'subscription_update',
      status: 'paid',
      total: preview.amount_due_today,
      amount_paid: preview.amount_due_today,
    });
    expect(invoice!.lines).toEqual([
      expect.objectContaining({ price_id: 'price_basic', amount: `-${unused}`, proration: true }),
      expect.objectContaining({
        price_id: 'price_pro',
        amount: newCharge.toString(),
        proration: true,
        period_end: end,
      }),
    ]);
    expect(await charges()).toEqual([{ amount: preview.amount_due_today, status: 'succeeded' }]);
    expect(subscription.latest_invoice_id).toBe(invoice!.id);
  });

  it('downgrades into credit that the next change spends first', async () => {
    const { subscriptionId, customerId, start, end } = await subscribe('price_pro');
    const unused = rest(6000n, { start, end });
    const newCharge = rest(3000n, { start, end });
    const { subscription, invoice } = await changeSubscriptionPlan(kit.deps, {
      id: subscriptionId,
      user: payer,
      body: { price_id: 'price_basic' },
    });
    expect(subscription.items[0]!.price_id).toBe('price_basic');
    expect(invoice).toMatchObject({
      status: 'paid',
      total: (newCharge - unused).toString(),
      amount_due: '0',
    });
    expect(await charges()).toEqual([]);
    expect(await credit(customerId)).toBe(unused - newCharge);

    // Back up the same day: the credit and the unused time pay for it; nothing is charged.
    const back = await previewSubscriptionPlanChange(kit.deps, {
      id: subscriptionId,
      user: payer,
      body: { price_id: 'price_pro' },
    });
    expect(back).toMatchObject({ amount_due_today: '0', new_credit: '0', applied_credit: unused.toString() });
    await changeSubscriptionPlan(kit.deps, {
      id: subscriptionId,
      user: payer,
      body: { price_id: 'price_pro' },
    });
    expect(await credit(customerId)).toBe(0n);
    expect(await charges()).toEqual([]);
  });

  it('restarts the period now when the interval changes, charging the new plan in full', async () => {
    const { subscriptionId, start, end } = await subscribe();
    const now = kit.clock.now();
    const { subscription, invoice } = await changeSubscriptionPlan(kit.deps, {
      id: subscriptionId,
      user: payer,
      body: { price_id: 'price_yearly' },
    });
    const yearEnd = periodBoundary(now, YEARLY, 1);
    expect(subscription).toMatchObject({
      billing_cycle_anchor: now,
      current_period_start: now,
      current_period_end: yearEnd,
    });
    const due = 30000n - rest(3000n, { start, end });
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: due.toString(), period_end: yearEnd });
    expect(invoice!.lines[1]).toMatchObject({ amount: '30000', proration: false, period_start: now });
  });

  it('keeps the old plan when the upgrade is declined, and gives back the credit it used', async () => {
    const { subscriptionId, customerId } = await subscribe('price_basic', {
      cardNumber: TEST_CARDS.declinesAfterAttaching,
    });
    await recordBalanceTransactions(kit.db, { customerId, currencyId: DEMO.usdCurrencyId, livemode: false }, [
      { amount: -100n, type: 'proration_credit', invoiceId: null, subscriptionId, now: kit.clock.now() },
    ]);
    const error = await refusal(
      changeSubscriptionPlan(kit.deps, { id: subscriptionId, user: payer, body: { price_id: 'price_pro' } }),
    );
    expect(error).toMatchObject({ code: 'card_declined', message: 'Failed to upgrade your subscription' });
    const subscription = await getSubscription(kit.db, subscriptionId);
    expect(subscription.items[0]!.price_id).toBe('price_basic');
    const invoice = await kit.db
      .selectFrom('invoices')
      .select(['status', 'amount_applied'])
      .where('id', '=', subscription.latest_invoice_id!)
      .executeTakeFirstOrThrow();
    expect(invoice).toEqual({ status: 'void', amount_applied: '100' });
    expect(await credit(customerId)).toBe(100n);
    expect(await charges()).toEqual([expect.objectContaining({ status: 'failed' })]);
  });

  it('only switches the plan of a trial: nothing prorated, nothing charged', async () => {
    const { subscriptionId } = await subscribe('price_basic', { trialDays: 14 });
    const before = await getSubscription(kit.db, subscriptionId);
    const { subscription, invoice } = await changeSubscriptionPlan(kit.deps, {
      id: subscriptionId,
      user: payer,
      body: { price_id: 'price_yearly' },
    });
    expect(invoice).toBeNull();
    expect(subscription).toMatchObject({
      status: 'trialing',
      current_period_end: before.current_period_end,
      billing_cycle_anchor: before.billing_cycle_anchor,
    });
    expect(subscription.items[0]!.price_id).toBe('price_yearly');
    expect(await charges()).toEqual([]);
  });

  describe('after a crash between writing the invoice and recording its charge', () => {
    /** The change's first step only, as a process that died right after it leaves it. */
    async function crashAfterWriting(subscriptionId: string, price_id: string) {
      const written = await writePlanChange(kit.deps, {
        id: subscriptionId,
        body: { price_id },
        now: kit.clock.now(),
      });
      const invoice = await kit.db
        .selectFrom('invoices')
        .selectAll()
        .where('id', '=', written.invoiceId!)
        .executeTakeFirstOrThrow();
      expect(invoice).toMatchObject({ status: 'open', attempt_count: 0 });
      return invoice;
    }

    function invoicesOf(subscriptionId: string) {
      return kit.db
        .selectFrom('invoices')
        .select(['id', 'status'])
        .where('subscription_id', '=', subscriptionId)
        .orderBy('created_at')
        .orderBy('number')
        .execute();
    }

    it('resumes the same change on its invoice, charging once', async () => {
      const { subscriptionId, start, end } = await subscribe();
      const stale = await crashAfterWriting(subscriptionId, 'price_pro');
      const due = rest(6000n, { start, end }) - rest(3000n, { start, end });
      expect(stale.amount_remaining).toBe(due.toString());
      expect(await charges()).toEqual([]);

      kit.clock.advance(60);
      const { subscription, invoice } = await changeSubscriptionPlan(kit.deps, {
        id: subscriptionId,
        user: payer,
        body: { price_id: 'price_pro' },
      });
      expect(invoice).toMatchObject({ id: stale.id, status: 'paid', amount_paid: due.toString() });
      expect(subscription.items[0]!.price_id).toBe('price_pro');
      expect(await invoicesOf(subscriptionId)).toEqual([{ id: stale.id, status: 'paid' }]);
      expect(await charges()).toEqual([{ amount: due.toString(), status: 'succeeded' }]);
    });

    it('switches the plan when the payer pays the stale invoice on the invoice page instead', async () => {
      const { subscriptionId } = await subscribe();
      const stale = await crashAfterWriting(subscriptionId, 'price_pro');
      const { paymentIntent } = await startInvoicePayment(kit.deps, {
        invoiceId: stale.id,
        payerDid: payer.did,
      });
      await payInvoice(kit.deps, {
        intent: paymentIntent,
        details: { brand: 'visa', last4: '4242' },
      });
      const subscription = await getSubscription(kit.db, subscriptionId);
      expect(subscription.items[0]!.price_id).toBe('price_pro');
      expect(await invoicesOf(subscriptionId)).toEqual([{ id: stale.id, status: 'paid' }]);
      expect(kit.published.map(({ event }) => event.type)).toContain('customer.subscription.updated');
    });

    it('repeats the key of a charge that went through before the crash, so the card pays once', async () => {
      const { subscriptionId } = await subscribe();
      const stale = await crashAfterWriting(subscriptionId, 'price_yearly');
      // The dead process had leased the invoice and charged the card, but recorded nothing.
      const { card } = await kit.db
        .selectFrom('test_cards')
        .select('id as card')
        .where('customer_id', '=', stale.customer_id)
        .executeTakeFirstOrThrow();
      await leaseToEngine(kit.db, { invoiceId: stale.id, now: kit.clock.now() });
      await kit.deps.cards.chargeSavedCard({
        cardId: card,
        paymentIntentId: stale.payment_intent_id!,
        paymentMethodId: stale.payment_method_id!,
        customerId: stale.customer_id,
        amount: BigInt(stale.amount_remaining),
        currencyId: stale.currency_id,
        idempotencyKey: `${stale.id}:attempt:1`,
        now: kit.clock.now(),
      });

      const body = { price_id: 'price_yearly' };
      const waiting = await refusal(
        changeSubscriptionPlan(kit.deps, { id: subscriptionId, user: payer, body }),
      );
      expect(waiting).toMatchObject({
        code: 'SUBSCRIPTION_UNEXPECTED_STATE',
        message: 'A plan change of this subscription is still being paid',
      });
      // Nor does another plan void it: that payment may have gone through.
      const other = await refusal(
        changeSubscriptionPlan(kit.deps, {
          id: subscriptionId,
          user: payer,
          body: { price_id: 'price_pro' },
        }),
      );
      expect(other.code).toBe('SUBSCRIPTION_UNEXPECTED_STATE');

      kit.clock.advance(COLLECTION_LEASE_SECONDS);
      const anotherPlan = await refusal(
        changeSubscriptionPlan(kit.deps, {
          id: subscriptionId,
          user: payer,
          body: { price_id: 'price_pro' },
        }),
      );
      expect(anotherPlan.message).toMatch(/earlier change to price_yearly may have gone through/);
      const { subscription, invoice } = await changeSubscriptionPlan(kit.deps, {
        id: subscriptionId,
        user: payer,
        body,
      });
      expect(invoice).toMatchObject({ id: stale.id, status: 'paid', attempt_count: 1 });
      expect(subscription).toMatchObject({
        current_period_start: stale.period_start,
        current_period_end: stale.period_end,
        billing_cycle_anchor: stale.period_start,
      });
      expect(subscription.items[0]!.price_id).toBe('price_yearly');
      expect(await charges()).toEqual([{ amount: stale.amount_remaining, status: 'succeeded' }]);
    });

    it('voids the stale invoice, giving its credit back, when another plan is chosen', async () => {
      const { subscriptionId, customerId } = await subscribe();
      await recordBalanceTransactions(
        kit.db,
        { customerId, currencyId: DEMO.usdCurrencyId, livemode: false },
        [{ amount: -100n, type: 'proration_credit', invoiceId: null, subscriptionId, now: kit.clock.now() }],
      );
      const stale = await crashAfterWriting(subscriptionId, 'price_pro');
      expect(stale.amount_applied).toBe('100');
      expect(await credit(customerId)).toBe(0n);

      const { subscription, invoice } = await changeSubscriptionPlan(kit.deps, {
        id: subscriptionId,
        user: payer,
        body: { price_id: 'price_usd_only' },
      });
      expect(subscription.items[0]!.price_id).toBe('price_usd_only');
      expect(invoice).toMatchObject({ status: 'paid', amount_applied: '100' });
      expect(await invoicesOf(subscriptionId)).toEqual([
        { id: stale.id, status: 'void' },
        { id: invoice!.id, status: 'paid' },
      ]);
      expect(await credit(customerId)).toBe(0n);
      expect(await charges()).toEqual([{ amount: invoice!.amount_paid, status: 'succeeded' }]);
    });
  });

  it("refuses someone else's subscription, a past-due one, a price it cannot move to, and a second change at once", async () => {
    const other = await subscribe('price_basic', { did: 'did:bazaar:usr_other' });
    const body = { price_id: 'price_pro' };
    expect(
      (await refusal(changeSubscriptionPlan(kit.deps, { id: other.subscriptionId, user: payer, body }))).code,
    ).toBe('NOT_FOUND');
    const byAdmin = await changeSubscriptionPlan(kit.deps, {
      id: other.subscriptionId,
      user: makeAdminUser('admin'),
      body,
    });
    expect(byAdmin.subscription.items[0]!.price_id).toBe('price_pro');

    const mine = await subscribe();
    for (const price_id of ['price_retired', 'price_calls', 'price_basic']) {
      const error = await refusal(
        changeSubscriptionPlan(kit.deps, { id: mine.subscriptionId, user: payer, body: { price_id } }),
      );
      expect(error.code).toBe('PLAN_CHANGE_UNAVAILABLE');
    }

    const results = await Promise.allSettled([
      changeSubscriptionPlan(kit.deps, { id: mine.subscriptionId, user: payer, body }),
      changeSubscriptionPlan(kit.deps, { id: mine.subscriptionId, user: payer, body }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((await charges()).filter((charge) => charge.status === 'succeeded')).toHaveLength(2);

    await kit.db
      .updateTable('subscriptions')
      .set({ status: 'past_due' })
      .where('id', '=', mine.subscriptionId)
      .execute();
    const pastDue = await refusal(
      changeSubscriptionPlan(kit.deps, {
        id: mine.subscriptionId,
        user: payer,
        body: { price_id: 'price_basic' },
      }),
    );
    expect(pastDue.code).toBe('SUBSCRIPTION_UNEXPECTED_STATE');
  });
});
