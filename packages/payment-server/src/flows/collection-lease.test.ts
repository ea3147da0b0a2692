import { payInvoiceResponseSchema } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../demo/seed.ts';
import type { PaymentDeps } from '../deps.ts';
import { leaseInvoiceRow } from '../modules/invoices/repository.ts';
import { advanceTestClock } from './advance-test-clock.ts';
import type { CardNetwork } from '../providers/card-network.ts';
import { TEST_CARDS } from '../providers/test-card-network.ts';
import { confirmCard } from '../test-utils/checkout-steps.ts';
import { createClockedSubscription } from '../test-utils/clocked-subscription.ts';
import { leaseToEngine } from '../test-utils/past-due-invoice.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../test-utils/payment-test-app.ts';
import { makeSubscription, MONTHLY } from '../test-utils/subscription-builders.ts';
import { COLLECTION_LEASE_SECONDS } from './collect-invoice.ts';
import { INVOICE_BEING_COLLECTED, PAYER_LEASE_SECONDS } from './pay-invoice.ts';
import { renewDueSubscriptions } from './renew-subscriptions.ts';
import { runBilling } from './run-billing.ts';

const DAY = 86_400;

/**
 * The card network with its charges held at the door: `charging` resolves when the engine's
 * first charge is in flight, and the charge goes through only after `release()`.
 */
function heldCharges(deps: PaymentDeps) {
  let release!: () => void;
  let reached!: () => void;
  const door = new Promise<void>((resolve) => (release = resolve));
  const charging = new Promise<void>((resolve) => (reached = resolve));
  const cards: CardNetwork = {
    ...deps.cards,
    async chargeSavedCard(input) {
      reached();
      await door;
      return deps.cards.chargeSavedCard(input);
    },
  };
  return { deps: { ...deps, cards }, charging, release };
}

describe.each(TEST_DIALECTS)('the collection lease between the engine and the payer on %s', (dialect) => {
  let t: PaymentTestApp;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  /** A monthly subscription of the default payer whose renewal invoice is open and due now. */
  async function openRenewal(): Promise<string> {
    const { subscriptionId } = await makeSubscription(t, {
      items: [{ priceId: DEMO.monthlyPriceId, recurrence: MONTHLY }],
      startedDaysAgo: 40,
    });
    await renewDueSubscriptions(t.deps, { now: t.clock.now(), testClockId: null });
    const invoice = await t.db
      .selectFrom('invoices')
      .select(['id', 'status', 'next_payment_attempt'])
      .where('subscription_id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    expect(invoice).toMatchObject({ status: 'open', next_payment_attempt: t.clock.now() });
    return invoice.id;
  }

  function startPayment(invoiceId: string) {
    return t.app.inject({
      method: 'POST',
      url: `${API}/invoices/${invoiceId}/pay`,
      headers: t.signedIn(),
    });
  }

  async function paymentOf(invoiceId: string) {
    const response = await startPayment(invoiceId);
    expect(response.statusCode, response.body).toBe(200);
    return payInvoiceResponseSchema.parse(response.json());
  }

  function invoiceRow(id: string) {
    return t.db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  function chargesOf(invoiceId: string) {
    return t.db
      .selectFrom('test_card_charges')
      .select(['idempotency_key', 'status', 'amount'])
      .where('idempotency_key', 'like', `${invoiceId}:%`)
      .execute();
  }

  const billNow = (deps: PaymentDeps = t.deps) => runBilling(deps, { now: t.clock.now(), testClockId: null });
  const published = (type: string) => t.published.filter(({ event }) => event.type === type);

  it("refuses the payer while the engine's charge is in flight, and the engine's charge is the one recorded", async () => {
    const invoiceId = await openRenewal();
    // The payer opened the invoice page, then left it longer than their lease.
    const started = await paymentOf(invoiceId);
    t.clock.advance(PAYER_LEASE_SECONDS);

    const held = heldCharges(t.deps);
    const run = billNow(held.deps);
    await held.charging;
    expect(await invoiceRow(invoiceId)).toMatchObject({
      status: 'open',
      collection_lease_holder: 'engine',
      collection_lease_until: t.clock.now() + COLLECTION_LEASE_SECONDS,
      // The lease is not a rescheduled attempt.
      next_payment_attempt: t.clock.now() - PAYER_LEASE_SECONDS,
    });

    const refused = await startPayment(invoiceId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'INVOICE_UNEXPECTED_STATE',
      message: INVOICE_BEING_COLLECTED,
    });
    // The page still open from before confirms its card: refused too, nothing taken.
    const confirmed = await confirmCard(
      t,
      started.paymentIntent.id,
      started.stripeContext.client_secret,
      TEST_CARDS.succeeds,
    );
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().error).toMatchObject({ code: 'INVOICE_UNEXPECTED_STATE' });
    expect(published('payment_intent.succeeded')).toEqual([]);
    expect((await invoiceRow(invoiceId)).status).toBe('open');

    held.release();
    expect(await run).toEqual({ renewed: 0, collected: 1 });
    expect(await invoiceRow(invoiceId)).toMatchObject({
      status: 'paid',
      attempt_count: 1,
      amount_paid: '999',
      collection_lease_until: null,
      collection_lease_holder: null,
    });
    expect(await chargesOf(invoiceId)).toEqual([
      { idempotency_key: `${invoiceId}:attempt:1`, status: 'succeeded', amount: '999' },
    ]);
    expect(published('invoice.paid')).toHaveLength(1);
    expect(published('payment_intent.succeeded')).toHaveLength(1);
  });

  it("keeps the engine off the saved card while the payer's lease runs, and collects once it ran out", async () => {
    const invoiceId = await openRenewal();
    const first = await paymentOf(invoiceId);
    // The page reloaded: the payer renews their own lease on the same intent.
    t.clock.advance(60);
    expect((await paymentOf(invoiceId)).paymentIntent.id).toBe(first.paymentIntent.id);
    expect(await invoiceRow(invoiceId)).toMatchObject({
      collection_lease_holder: 'payer',
      collection_lease_until: t.clock.now() + PAYER_LEASE_SECONDS,
    });

    expect(await billNow()).toEqual({ renewed: 0, collected: 0 });
    t.clock.advance(PAYER_LEASE_SECONDS - 1);
    expect(await billNow()).toEqual({ renewed: 0, collected: 0 });
    expect(await chargesOf(invoiceId)).toEqual([]);
    expect(await invoiceRow(invoiceId)).toMatchObject({ status: 'open', attempt_count: 0 });

    t.clock.advance(1);
    expect(await billNow()).toEqual({ renewed: 0, collected: 1 });
    expect(await invoiceRow(invoiceId)).toMatchObject({ status: 'paid', attempt_count: 1 });
    expect(await chargesOf(invoiceId)).toHaveLength(1);
  });

  it('gives the invoice back to the engine when the payer’s card is declined', async () => {
    const invoiceId = await openRenewal();
    const { paymentIntent, stripeContext } = await paymentOf(invoiceId);
    const declined = await confirmCard(t, paymentIntent.id, stripeContext.client_secret, TEST_CARDS.declines);
    expect(declined.statusCode).toBe(402);
    expect(await invoiceRow(invoiceId)).toMatchObject({
      collection_lease_until: null,
      collection_lease_holder: null,
    });

    expect(await billNow()).toEqual({ renewed: 0, collected: 1 });
    expect(await invoiceRow(invoiceId)).toMatchObject({ status: 'paid', attempt_count: 1 });
  });

  it('lets the payer pay an invoice the engine gave up on, and the engine never takes the payer’s lease', async () => {
    const invoiceId = await openRenewal();
    const { paymentIntent, stripeContext } = await paymentOf(invoiceId);
    expect(await leaseToEngine(t.db, { invoiceId, now: t.clock.now() })).toBeUndefined();
    const paid = await confirmCard(t, paymentIntent.id, stripeContext.client_secret, TEST_CARDS.succeeds);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await invoiceRow(invoiceId)).toMatchObject({
      status: 'paid',
      attempt_count: 0,
      collection_lease_until: null,
      collection_lease_holder: null,
    });
    expect(await billNow()).toEqual({ renewed: 0, collected: 0 });
    expect(await chargesOf(invoiceId)).toEqual([]);
  });

  it('steps a test clock to the end of a lease that outlasts the next attempt', async () => {
    const { subscriptionId, testClockId } = await createClockedSubscription(t.deps, {
      card: TEST_CARDS.declinesAfterAttaching,
    });
    const { current_period_end: periodEnd } = await t.db
      .selectFrom('subscriptions')
      .select('current_period_end')
      .where('id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    await advanceTestClock(t.deps, { testClockId: testClockId!, frozenTime: periodEnd });
    const invoice = await t.db
      .selectFrom('invoices')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    expect(invoice).toMatchObject({ attempt_count: 1, next_payment_attempt: periodEnd + DAY });
    // A worker that crashed while charging the retry left its lease behind.
    const retry = invoice.next_payment_attempt!;
    await leaseInvoiceRow(t.db, {
      id: invoice.id,
      holder: 'engine',
      now: periodEnd,
      until: retry + COLLECTION_LEASE_SECONDS,
      statuses: ['open'],
    });

    await advanceTestClock(t.deps, {
      testClockId: testClockId!,
      frozenTime: retry + 2 * COLLECTION_LEASE_SECONDS,
    });
    expect(await chargesOf(invoice.id)).toEqual([
      expect.objectContaining({ idempotency_key: `${invoice.id}:attempt:1` }),
      expect.objectContaining({ idempotency_key: `${invoice.id}:attempt:2` }),
    ]);
    const charge = await t.db
      .selectFrom('test_card_charges')
      .select('created_at')
      .where('idempotency_key', '=', `${invoice.id}:attempt:2`)
      .executeTakeFirstOrThrow();
    expect(charge.created_at).toBe(retry + COLLECTION_LEASE_SECONDS);
  });
});
