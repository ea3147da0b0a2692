import { CHECKOUT_SECRET_HEADER, retrieveCheckoutResponseSchema } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { TEST_CARDS } from '../../providers/test-card-network.ts';
import { confirmCard, startCheckout, submitSession } from '../../test-utils/checkout-steps.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { makeSubmitBody } from '../../test-utils/payment-test-kit.ts';

const PAYER = 'did:bazaar:usr_payer';
const ATTACKER = 'did:bazaar:usr_attacker';

/**
 * The takeover an outside test found: anyone holding an open session's id submitted it under
 * their own account between the payer's submit and confirm, re-binding the payer's intent, so
 * the payer's card paid for the attacker's invoice (or subscription).
 */
describe.each(TEST_DIALECTS)('checkout session ownership on %s', (dialect) => {
  let t: PaymentTestApp;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const customerOf = async (did: string) =>
    t.db.selectFrom('customers').select('id').where('did', '=', did).executeTakeFirst();
  const intentCustomer = async (intentId: string) =>
    (
      await t.db
        .selectFrom('payment_intents')
        .select('customer_id')
        .where('id', '=', intentId)
        .executeTakeFirstOrThrow()
    ).customer_id;

  it.each([
    ['a one-time purchase', DEMO.oneTimeLinkId, 'invoices'],
    ['a subscription', DEMO.subscriptionLinkId, 'subscriptions'],
  ] as const)('refuses another user submitting %s the payer submitted', async (_name, linkId, table) => {
    const started = await startCheckout(t, linkId, { user: { did: PAYER } });
    const sessionId = started.checkoutSession.id;
    const payer = await submitSession(t, sessionId, PAYER);
    expect(payer.response.statusCode).toBe(200);

    const attack = await submitSession(t, sessionId, ATTACKER, { customer_email: 'mallory@example.com' });
    expect(attack.response.statusCode).toBe(403);
    expect(attack.response.json().error.code).toBe('CHECKOUT_SESSION_TAKEN');
    expect(await customerOf(ATTACKER)).toBeUndefined();
    const payerCustomer = (await customerOf(PAYER))!.id;
    expect(await intentCustomer(payer.intentId)).toBe(payerCustomer);

    const confirmed = await confirmCard(t, payer.intentId, payer.secret, TEST_CARDS.succeeds);
    expect(confirmed.statusCode).toBe(200);
    const owners = await t.db.selectFrom(table).select('customer_id').execute();
    expect(owners).toEqual([{ customer_id: payerCustomer }]);
  });

  it('refuses another user changing the lines of a session the payer submitted', async () => {
    const started = await startCheckout(t, DEMO.subscriptionLinkId, { user: { did: PAYER } });
    const sessionId = started.checkoutSession.id;
    await submitSession(t, sessionId, PAYER);
    const upsell = await t.app.inject({
      method: 'PUT',
      url: `${API}/checkout-sessions/${sessionId}/upsell`,
      headers: t.signedIn({ did: ATTACKER }),
      payload: { from: DEMO.monthlyPriceId, to: DEMO.yearlyPriceId },
    });
    expect(upsell.statusCode).toBe(403);
    expect(upsell.json().error.code).toBe('CHECKOUT_SESSION_TAKEN');
    const row = await t.db
      .selectFrom('checkout_sessions')
      .select('line_items')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.line_items)[0].upsell_price_id).toBeNull();
  });

  it('lets only the browser that opened a donation pay it as a guest, for one donor', async () => {
    const started = await startCheckout(t, DEMO.donationLinkId, { user: null });
    const sessionId = started.checkoutSession.id;
    const secret = started.checkoutSession.client_secret!;
    const donate = (headers: Record<string, string>, email: string) =>
      t.app.inject({
        method: 'PUT',
        url: `${API}/checkout-sessions/${sessionId}/donate-submit`,
        headers,
        payload: makeSubmitBody({ customer_email: email }),
      });

    const stranger = await donate({}, 'eve@example.com');
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().error.code).toBe('CHECKOUT_SECRET_REQUIRED');
    const forged = await donate(
      { [CHECKOUT_SECRET_HEADER]: `${sessionId}_secret_forged` },
      'eve@example.com',
    );
    expect(forged.json().error.code).toBe('CHECKOUT_SECRET_REQUIRED');

    expect((await donate({ [CHECKOUT_SECRET_HEADER]: secret }, 'ada@example.com')).statusCode).toBe(200);
    // Another email moves the payment to another customer: refused even with the secret.
    const other = await donate({ [CHECKOUT_SECRET_HEADER]: secret }, 'eve@example.com');
    expect(other.json().error.code).toBe('CHECKOUT_SESSION_TAKEN');
    // A signed-in stranger cannot take a guest's session either.
    const signedIn = await donate(t.signedIn({ did: ATTACKER }), 'mallory@example.com');
    expect(signedIn.json().error.code).toBe('CHECKOUT_SESSION_TAKEN');
  });

  it('shows who pays and with which card to the payer only', async () => {
    const started = await startCheckout(t, DEMO.oneTimeLinkId, {
      user: { did: PAYER },
      query: '?order_ref=A-1001',
    });
    const sessionId = started.checkoutSession.id;
    const payer = await submitSession(t, sessionId, PAYER);
    await confirmCard(t, payer.intentId, payer.secret, TEST_CARDS.declines);

    const retrieve = async (headers: Record<string, string>) =>
      retrieveCheckoutResponseSchema.parse(
        (await t.app.inject({ url: `${API}/checkout-sessions/retrieve/${sessionId}`, headers })).json(),
      );
    const own = await retrieve(t.signedIn({ did: PAYER }));
    expect(own.customer?.email).toBe('ada@example.com');
    expect(own.checkoutSession.metadata).toEqual({ order_ref: 'A-1001' });
    expect(own.paymentIntent?.payment_details).toEqual({ brand: 'visa', last4: '0002' });

    // The opener's secret does not outrank the signed-in customer who submitted.
    const secret = started.checkoutSession.client_secret!;
    for (const headers of [{}, t.signedIn({ did: ATTACKER }), { [CHECKOUT_SECRET_HEADER]: secret }]) {
      const view = await retrieve(headers);
      expect(view.customer).toBeNull();
      expect(view.checkoutSession).toMatchObject({ customer_id: null, metadata: {}, client_secret: null });
      expect(view.paymentIntent).toMatchObject({
        customer_id: null,
        payment_details: null,
        last_payment_error: null,
      });
      // What is sold stays visible: the page is the session's link.
      expect(view.checkoutSession.line_items).toHaveLength(1);
    }
  });
});
