import type { AppError } from '@bazaar/server-kit';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { periodBoundary } from '../../billing/periods.ts';
import { authenticateTestCard, confirmTestCard } from '../../flows/pay-by-test-card.ts';
import { TEST_CARDS } from '../../providers/test-card-network.ts';
import { TEST_CARD_DATES } from '../../test-utils/checkout-steps.ts';
import { createClockedSubscription } from '../../test-utils/clocked-subscription.ts';
import { makeUser, openPaymentTestKit, type PaymentTestKit } from '../../test-utils/payment-test-kit.ts';
import { makeAdminUser, MONTHLY } from '../../test-utils/subscription-builders.ts';
import { advanceTestClock } from '../../flows/advance-test-clock.ts';
import { cancelSubscription } from '../../flows/cancel-subscription.ts';
import { startCardSetup } from './change-payment-method.ts';
import { getSubscription } from './service.ts';

const DAY = 86_400;

describe.each(TEST_DIALECTS)('changing the payment card on %s', (dialect) => {
  let kit: PaymentTestKit;

  beforeEach(async () => {
    kit = await openPaymentTestKit(dialect);
  });
  afterEach(async () => {
    await kit.close();
  });

  async function refusal(promise: Promise<unknown>): Promise<AppError> {
    return promise.then(
      () => expect.unreachable('the action should have been refused'),
      (error: AppError) => error,
    );
  }

  async function setUpCard(subscriptionId: string, did: string, number: string) {
    const { paymentIntent, stripeContext } = await startCardSetup(kit.deps, {
      id: subscriptionId,
      user: makeUser({ did }),
    });
    expect(paymentIntent).toMatchObject({ amount: '0', status: 'requires_payment_method' });
    expect(stripeContext).toMatchObject({ provider: 'test', intent_type: 'setup_intent' });
    const body = { client_secret: stripeContext.client_secret, card: { ...TEST_CARD_DATES, number } };
    return {
      result: await confirmTestCard(kit.deps, { paymentIntentId: paymentIntent.id, body }),
      paymentIntent,
      stripeContext,
    };
  }

  async function savedCardId(subscriptionId: string) {
    const row = await kit.db
      .selectFrom('subscriptions')
      .select('payment_card')
      .where('id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    return (JSON.parse(row.payment_card!) as { card_id: string }).card_id;
  }

  async function chargedCards(invoiceId: string) {
    const rows = await kit.db
      .selectFrom('test_card_charges')
      .select(['card_id', 'status'])
      .where('idempotency_key', 'like', `${invoiceId}:%`)
      .orderBy('created_at')
      .execute();
    return rows;
  }

  async function invoicesOf(subscriptionId: string) {
    return kit.db
      .selectFrom('invoices')
      .select(['id', 'status', 'billing_reason'])
      .where('subscription_id', '=', subscriptionId)
      .orderBy('created_at')
      .execute();
  }

  it('saves the new card for future invoices; an open invoice is still charged to the old one', async () => {
    const start = kit.clock.now();
    const { subscriptionId, customerDid, testClockId } = await createClockedSubscription(kit.deps, {
      start,
      card: TEST_CARDS.declinesAfterAttaching,
    });
    const oldCardId = await savedCardId(subscriptionId);
    const firstEnd = periodBoundary(start, MONTHLY, 1);
    await advanceTestClock(kit.deps, { testClockId: testClockId!, frozenTime: firstEnd + 60 });
    const [declined] = await invoicesOf(subscriptionId);
    expect(declined).toMatchObject({ billing_reason: 'subscription_cycle', status: 'open' });

    const { result } = await setUpCard(subscriptionId, customerDid, TEST_CARDS.succeeds);
    expect(result.paymentIntent.status).toBe('succeeded');
    const subscription = await getSubscription(kit.db, subscriptionId);
    expect(subscription.payment_card).toEqual({ brand: 'visa', last4: '4242' });
    const newCardId = await savedCardId(subscriptionId);
    expect(newCardId).not.toBe(oldCardId);

    // The retry a day later still goes to the old card; the next renewal goes to the new one.
    await advanceTestClock(kit.deps, { testClockId: testClockId!, frozenTime: firstEnd + 2 * DAY });
    expect(await chargedCards(declined!.id)).toEqual([
      { card_id: oldCardId, status: 'failed' },
      { card_id: oldCardId, status: 'failed' },
    ]);
    await advanceTestClock(kit.deps, {
      testClockId: testClockId!,
      frozenTime: periodBoundary(start, MONTHLY, 2) + 60,
    });
    const renewal = (await invoicesOf(subscriptionId)).at(-1)!;
    expect(renewal).toMatchObject({ status: 'paid' });
    expect(await chargedCards(renewal.id)).toEqual([{ card_id: newCardId, status: 'succeeded' }]);
  });

  it('saves a card that needs authentication once the payer approves it', async () => {
    const { subscriptionId, customerDid } = await createClockedSubscription(kit.deps);
    const { result, paymentIntent, stripeContext } = await setUpCard(
      subscriptionId,
      customerDid,
      TEST_CARDS.requiresAuthentication,
    );
    expect(result.next_action).toEqual({ type: 'authenticate' });
    expect((await getSubscription(kit.db, subscriptionId)).payment_card?.last4).toBe('4242');
    await authenticateTestCard(kit.deps, {
      paymentIntentId: paymentIntent.id,
      body: { client_secret: stripeContext.client_secret, outcome: 'approve' },
    });
    expect((await getSubscription(kit.db, subscriptionId)).payment_card?.last4).toBe('3155');
  });

  it('keeps the card when the new one is declined', async () => {
    const { subscriptionId, customerDid } = await createClockedSubscription(kit.deps);
    const declined = await refusal(setUpCard(subscriptionId, customerDid, TEST_CARDS.declines));
    expect(declined.code).toBe('card_declined');
    expect((await getSubscription(kit.db, subscriptionId)).payment_card?.last4).toBe('4242');
  });

  it("refuses someone else's subscription and an ended one; an admin may start it for any", async () => {
    const { subscriptionId } = await createClockedSubscription(kit.deps);
    const stranger = await refusal(startCardSetup(kit.deps, { id: subscriptionId, user: makeUser() }));
    expect(stranger.code).toBe('NOT_FOUND');
    const admin = makeAdminUser('admin');
    expect((await startCardSetup(kit.deps, { id: subscriptionId, user: admin })).paymentIntent.amount).toBe(
      '0',
    );
    await cancelSubscription(kit.deps, { id: subscriptionId, user: admin, body: { at: 'now' } });
    const ended = await refusal(startCardSetup(kit.deps, { id: subscriptionId, user: admin }));
    expect(ended.code).toBe('SUBSCRIPTION_UNEXPECTED_STATE');
  });
});
