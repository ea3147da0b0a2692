import { submitCheckoutBodySchema } from '@bazaar/schemas';
import type { AppError } from '@bazaar/server-kit';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../demo/seed.ts';
import {
  countRows,
  makeSubmitBody,
  makeUser,
  openPaymentTestKit,
  type PaymentTestKit,
} from '../test-utils/payment-test-kit.ts';
import { startCheckoutFromLink } from '../modules/checkout-sessions/service.ts';
import { logStatements } from '../test-utils/statement-log.ts';
import { submitCheckout } from './submit-checkout.ts';

describe.each(TEST_DIALECTS)('submitCheckout on %s', (dialect) => {
  let kit: PaymentTestKit;
  const user = makeUser();

  beforeEach(async () => {
    kit = await openPaymentTestKit(dialect);
  });
  afterEach(async () => {
    await kit.close();
  });

  /** Each started session's client secret, as the page that opened it keeps it. */
  const secrets = new Map<string, string | null>();

  async function start(linkId: string = DEMO.oneTimeLinkId) {
    const view = await startCheckoutFromLink(kit.deps, { paymentLinkId: linkId, metadata: {}, user });
    secrets.set(view.checkoutSession.id, view.checkoutSession.client_secret);
    return view.checkoutSession;
  }

  function submit(sessionId: string, body: Record<string, unknown> = {}, who = user) {
    return submitCheckout(kit.deps, {
      sessionId,
      body: submitCheckoutBodySchema.parse(makeSubmitBody(body)),
      actor: { user: who, secret: secrets.get(sessionId) ?? null },
    });
  }

  async function setLine(sessionId: string, quantity: number) {
    await kit.db
      .updateTable('checkout_sessions')
      .set({ line_items: JSON.stringify([{ price_id: DEMO.licensePriceId, quantity, custom_amount: null }]) })
      .where('id', '=', sessionId)
      .execute();
  }

  async function refusal(promise: Promise<unknown>): Promise<AppError> {
    return promise.then(
      () => expect.unreachable('the submit should have been refused'),
      (error: AppError) => error,
    );
  }

  // Every checkout of one unlimited price would otherwise queue on that price's row lock.
  it('takes stock only from a limited price, and leaves an unlimited price unlocked', async () => {
    const limited = await start(DEMO.oneTimeLinkId);
    const unlimited = await start(DEMO.subscriptionLinkId);
    const { db, statements } = logStatements(kit.db);
    const logged = { ...kit.deps, db };
    const submitWith = (sessionId: string) =>
      submitCheckout(logged, {
        sessionId,
        body: submitCheckoutBodySchema.parse(makeSubmitBody()),
        actor: { user, secret: secrets.get(sessionId) ?? null },
      });

    await submitWith(unlimited.id);
    expect(statements).not.toContain('update prices');
    expect((await countRows(kit.db)).sold[DEMO.monthlyPriceId]).toBe(0);

    await submitWith(limited.id);
    expect(statements).toContain('update prices');
    expect((await countRows(kit.db)).sold[DEMO.licensePriceId]).toBe(1);
  });

  it('saves the customer, takes the stock and readies a payment intent for the total', async () => {
    const session = await start();
    const result = await submit(session.id, { customer_phone: '(415) 555-2671' });
    expect(result.paymentIntent).toMatchObject({
      status: 'requires_payment_method',
      amount: '1999',
      customer_id: result.customer.id,
    });
    expect(result.stripeContext).toEqual({
      provider: 'test',
      client_secret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
      intent_type: 'payment_intent',
      status: 'requires_payment_method',
      publishable_key: null,
    });
    expect(result.customer).toMatchObject({
      did: user.did,
      name: 'Ada Payer',
      phone: '+14155552671',
      livemode: false,
    });
    expect(result.checkoutSession).toMatchObject({
      status: 'open',
      customer_id: result.customer.id,
      payment_intent_id: result.paymentIntent?.id,
    });
    expect((await countRows(kit.db)).sold[DEMO.licensePriceId]).toBe(1);
  });

  it('reuses the open intent and the taken stock when the payer submits again', async () => {
    const session = await start();
    const first = await submit(session.id);
    const second = await submit(session.id, { customer_name: 'Ada L.' });
    expect(second.paymentIntent?.id).toBe(first.paymentIntent?.id);
    expect(second.customer).toMatchObject({ id: first.customer.id, name: 'Ada L.' });
    const counts = await countRows(kit.db);
    expect(counts).toMatchObject({ payment_intents: 1, customers: 1 });
    expect(counts.sold[DEMO.licensePriceId]).toBe(1);
  });

  it('refuses and writes nothing when a rule fails', async () => {
    const session = await start();
    const before = await countRows(kit.db);

    await kit.db
      .updateTable('checkout_sessions')
      .set({ phone_number_collection: 1 })
      .where('id', '=', session.id)
      .execute();
    expect(await refusal(submit(session.id, { customer_phone: '555' }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'customer_phone', message: 'Invalid' }],
    });

    await kit.db
      .updateTable('checkout_sessions')
      .set({ phone_number_collection: 0 })
      .where('id', '=', session.id)
      .execute();
    await setLine(session.id, 6);
    expect(await refusal(submit(session.id))).toMatchObject({
      code: 'quantityLimitPerCheckout',
      message: 'Exceed purchase limit',
    });
    await kit.db
      .updateTable('prices')
      .set({ quantity_sold: 98 })
      .where('id', '=', DEMO.licensePriceId)
      .execute();
    await setLine(session.id, 3);
    expect(await refusal(submit(session.id))).toMatchObject({
      code: 'quantityNotEnough',
      message: 'Exceed inventory',
    });

    expect(await refusal(submit(session.id, {}, null as never))).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Login to access this page',
    });
    expect(await refusal(submit(session.id, { payment_currency: 'pc_unknown' }))).toMatchObject({
      code: 'PAYMENT_METHOD_UNAVAILABLE',
    });
    expect(await countRows(kit.db)).toEqual({
      ...before,
      sold: { ...before.sold, [DEMO.licensePriceId]: 98 },
    });
  });

  it('refuses expired and completed sessions', async () => {
    const session = await start();
    kit.clock.advance(86_400); // the demo links keep the default 24-hour lifetime
    expect(await refusal(submit(session.id))).toMatchObject({ code: 'CHECKOUT_SESSION_EXPIRED' });
    const other = await start();
    await kit.db
      .updateTable('checkout_sessions')
      .set({ status: 'complete' })
      .where('id', '=', other.id)
      .execute();
    expect(await refusal(submit(other.id))).toMatchObject({ code: 'CHECKOUT_SESSION_COMPLETED' });
  });

  it('lets a guest donate', async () => {
    const donation = await start(DEMO.donationLinkId);
    const result = await submit(donation.id, { customer_email: 'Guest@Example.com' }, null as never);
    expect(result.paymentIntent?.amount).toBe('500');
    expect(result.customer).toMatchObject({
      did: 'anonymous:guest@example.com',
      metadata: { anonymous: 'true' },
    });
  });

  it('readies a trial subscription to save the card (a setup of 0), and refuses setup sessions', async () => {
    const subscription = await start(DEMO.subscriptionLinkId);
    expect(subscription.mode).toBe('subscription');
    const result = await submit(subscription.id);
    expect(result.paymentIntent).toMatchObject({ amount: '0', status: 'requires_payment_method' });
    expect(result.stripeContext?.intent_type).toBe('setup_intent');

    const setup = await start();
    await kit.db.updateTable('checkout_sessions').set({ mode: 'setup' }).where('id', '=', setup.id).execute();
    expect(await refusal(submit(setup.id))).toMatchObject({ code: 'CHECKOUT_MODE_UNSUPPORTED' });
  });

  it('sells exactly what is left when 20 payers race for 10 units', async () => {
    await kit.db
      .updateTable('prices')
      .set({ quantity_sold: 90 })
      .where('id', '=', DEMO.licensePriceId)
      .execute();
    const sessions = await Promise.all(Array.from({ length: 20 }, () => start()));
    const results = await Promise.allSettled(
      sessions.map((session, index) => submit(session.id, {}, makeUser({ did: `did:bazaar:usr_${index}` }))),
    );
    const refused = results.filter((result) => result.status === 'rejected');
    expect(results.length - refused.length).toBe(10);
    for (const result of refused) expect(result.reason).toMatchObject({ code: 'quantityNotEnough' });
    const counts = await countRows(kit.db);
    expect(counts.sold[DEMO.licensePriceId]).toBe(100);
    expect(counts.payment_intents).toBe(10);
  });
});
