import { eventsChannel, testCardResultSchema } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { getInvoice } from '../invoices/service.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { confirmCard, startAndSubmit, TEST_CARD_DATES } from '../../test-utils/checkout-steps.ts';
import { countRows, recordedPayloads, TEST_APP_ID } from '../../test-utils/payment-test-kit.ts';

const CARD = TEST_CARD_DATES;

describe.each(TEST_DIALECTS)('paying by test card on %s', (dialect) => {
  let t: PaymentTestApp;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const submitted = (payer?: string) => startAndSubmit(t, payer);
  const confirm = (intentId: string, secret: string, number: string, card = CARD) =>
    confirmCard(t, intentId, secret, number, card);

  function authenticate(intentId: string, secret: string, outcome: 'approve' | 'fail') {
    return t.app.inject({
      method: 'POST',
      url: `${API}/test-card/payment-intents/${intentId}/authenticate`,
      payload: { client_secret: secret, outcome },
    });
  }

  /** The session as its payer (the default one unless told) sees it: only they see the intent's card and error. */
  async function session(sessionId: string, payer?: string) {
    const headers = t.signedIn(payer ? { did: payer } : {});
    return (await t.app.inject({ url: `${API}/checkout-sessions/retrieve/${sessionId}`, headers })).json();
  }

  it('completes the checkout with 4242: intent, session, invoice and events in one go', async () => {
    const { sessionId, intentId, secret } = await submitted();
    const response = await confirm(intentId, secret, '4242 4242 4242 4242');
    expect(response.statusCode).toBe(200);
    const { paymentIntent, next_action } = testCardResultSchema.parse(response.json());
    expect(next_action).toBeNull();
    expect(paymentIntent).toMatchObject({
      status: 'succeeded',
      amount_received: '1999',
      payment_details: { brand: 'visa', last4: '4242' },
      last_payment_error: null,
    });

    const view = await session(sessionId);
    expect(view.checkoutSession).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      invoice_id: paymentIntent.invoice_id,
    });
    const invoice = await getInvoice(t.db, paymentIntent.invoice_id ?? '');
    expect(invoice).toMatchObject({
      status: 'paid',
      number: expect.stringMatching(/^[A-Z0-9]{8}-0001$/),
      total: '1999',
      amount_paid: '1999',
      amount_remaining: '0',
      customer_id: paymentIntent.customer_id,
      checkout_session_id: sessionId,
      lines: [
        {
          description: 'Bazaar Pro license',
          price_id: DEMO.licensePriceId,
          quantity: 1,
          unit_amount: '1999',
          amount: '1999',
        },
      ],
    });

    const types = t.published.map(({ event }) => event.type);
    // The payer's first submit created their customer.
    expect(types).toEqual([
      'customer.created',
      'payment_intent.succeeded',
      'checkout.session.completed',
      'invoice.paid',
    ]);
    expect(t.published.every(({ channel }) => channel === eventsChannel(TEST_APP_ID))).toBe(true);
    expect(t.published[2]?.event).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'checkout.session.completed',
      livemode: false,
      created: expect.any(Number),
      data: {
        id: sessionId,
        invoice_id: invoice.id,
        customer_id: invoice.customer_id,
        subscription_id: null,
      },
    });
    expect((await recordedPayloads(t.db, 'checkout.session.completed'))[0]?.data).toMatchObject({
      payment_status: 'paid',
    });
    const pending = await t.db.selectFrom('events').select('id').where('relayed_at', 'is', null).execute();
    expect(pending).toEqual([]);
  });

  it('declines 0002 with a message, then takes 4242 on the same session', async () => {
    const { sessionId, intentId, secret } = await submitted();
    const declined = await confirm(intentId, secret, '4000000000000002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ error: { code: 'card_declined', message: 'Your card was declined.' } });
    expect((await session(sessionId)).paymentIntent).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
      payment_details: { brand: 'visa', last4: '0002' },
    });

    const paid = await confirm(intentId, secret, '4242424242424242');
    expect(paid.json().paymentIntent).toMatchObject({
      id: intentId,
      status: 'succeeded',
      last_payment_error: null,
    });
    expect((await session(sessionId)).checkoutSession.status).toBe('complete');
    expect(t.published.map(({ event }) => event.type)).toEqual([
      'customer.created',
      'payment_intent.payment_failed',
      'payment_intent.succeeded',
      'checkout.session.completed',
      'invoice.paid',
    ]);
  });

  it('asks 3155 to authenticate, then pays on approve and declines on fail', async () => {
    const approved = await submitted();
    const pending = await confirm(approved.intentId, approved.secret, '4000 0025 0000 3155');
    expect(pending.json()).toMatchObject({
      paymentIntent: { status: 'requires_action' },
      next_action: { type: 'authenticate' },
    });
    const ok = await authenticate(approved.intentId, approved.secret, 'approve');
    expect(ok.json().paymentIntent).toMatchObject({
      status: 'succeeded',
      payment_details: { last4: '3155' },
    });

    const failed = await submitted('did:bazaar:usr_second');
    await confirm(failed.intentId, failed.secret, '4000002500003155');
    const refused = await authenticate(failed.intentId, failed.secret, 'fail');
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.code).toBe('card_authentication_failed');
    expect((await session(failed.sessionId, 'did:bazaar:usr_second')).paymentIntent).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_authentication_failed' },
    });
    expect((await authenticate(failed.intentId, failed.secret, 'approve')).statusCode).toBe(409);
  });

  it('charges once when the same intent is confirmed twice', async () => {
    const { intentId, secret } = await submitted();
    const [first, second] = await Promise.all([
      confirm(intentId, secret, '4242424242424242'),
      confirm(intentId, secret, '4242424242424242'),
    ]);
    const third = await confirm(intentId, secret, '4242424242424242');
    for (const response of [first, second, third])
      expect(response.json().paymentIntent.status).toBe('succeeded');
    const counts = await countRows(t.db);
    expect(counts).toMatchObject({ invoices: 1, events: 4 });
    expect(counts.sold[DEMO.licensePriceId]).toBe(1);
  });

  it('replays a declined confirmation sent again with the same Idempotency-Key', async () => {
    const { intentId, secret } = await submitted();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `${API}/test-card/payment-intents/${intentId}/confirm`,
        headers: { 'idempotency-key': 'confirm-1' },
        payload: { client_secret: secret, card: { ...CARD, number: '4000000000000002' } },
      });
    const first = await send();
    const repeat = await send();
    expect(first.statusCode).toBe(402);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json()).toEqual(first.json());
    const failures = await t.db
      .selectFrom('events')
      .select('type')
      .where('type', '=', 'payment_intent.payment_failed')
      .execute();
    expect(failures).toHaveLength(1);
  });

  it('refuses a wrong secret, a mistyped number and an expired card', async () => {
    const { sessionId, intentId, secret } = await submitted();
    expect((await confirm(intentId, `${secret}x`, '4242424242424242')).statusCode).toBe(404);
    const mistyped = await confirm(intentId, secret, '4242424242424241');
    expect(mistyped.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'card.number' }],
    });
    const expired = await confirm(intentId, secret, '4242424242424242', {
      ...CARD,
      exp_month: 12,
      exp_year: 2026,
    });
    expect(expired.statusCode).toBe(402);
    expect(expired.json().error).toEqual({ code: 'card_declined', message: 'Your card has expired.' });
    expect((await session(sessionId)).paymentIntent.last_payment_error.code).toBe('expired_card');
    const unknownCard = await confirm(intentId, secret, '5555555555554444');
    expect(unknownCard.json().error.code).toBe('card_declined');
    expect((await session(sessionId)).checkoutSession.status).toBe('open');
  });

  it('sells exactly 10 when 20 payers submit and pay for the last 10 at once', async () => {
    await t.db
      .updateTable('prices')
      .set({ quantity_sold: 90 })
      .where('id', '=', DEMO.licensePriceId)
      .execute();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const attempt = await submitted(`did:bazaar:usr_${index}`);
        if (attempt.response.statusCode !== 200) return attempt.response.json().error.code as string;
        const paid = await confirm(attempt.intentId, attempt.secret, '4242424242424242');
        return paid.json().paymentIntent.status as string;
      }),
    );
    expect(outcomes.filter((outcome) => outcome === 'succeeded')).toHaveLength(10);
    expect(outcomes.filter((outcome) => outcome === 'quantityNotEnough')).toHaveLength(10);
    const counts = await countRows(t.db);
    expect(counts.invoices).toBe(10);
    expect(counts.sold[DEMO.licensePriceId]).toBe(100);
  });
});
