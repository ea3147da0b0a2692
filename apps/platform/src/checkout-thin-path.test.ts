import {
  eventsChannel,
  relayServerMessageSchema,
  startCheckoutResponseSchema,
  submitCheckoutResponseSchema,
  testCardResultSchema,
  type RelayEvent,
} from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestPlatform, type TestPlatform } from './testing.ts';

const API = '/payment-kit/api';

/** Collects the events the signed-in browser of `cookie`, subscribed to the app's channel, would receive. */
async function listenToRelay(baseUrl: string, appId: string, cookie: string) {
  const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/.well-known/service/relay`, {
    headers: { cookie },
  });
  const events: RelayEvent[] = [];
  await new Promise<void>((subscribed, failed) => {
    socket.once('error', failed);
    socket.on('message', (data) => {
      const message = relayServerMessageSchema.parse(JSON.parse(String(data)));
      if (message.type === 'subscribed') subscribed();
      if (message.type === 'event') events.push(message.event);
    });
    socket.once('open', () =>
      socket.send(JSON.stringify({ type: 'subscribe', channel: eventsChannel(appId) })),
    );
  });
  return { events, close: () => socket.close() };
}

describe.each(TEST_DIALECTS)('the thin checkout path through the platform on %s', (dialect) => {
  let platform: TestPlatform;
  beforeEach(async () => {
    platform = await createTestPlatform(dialect);
  });
  afterEach(async () => {
    await platform.close();
  });

  it('a signed-in payer pays a payment link by test card and the relay announces it', async () => {
    const baseUrl = await platform.app.listen({ port: 0, host: '127.0.0.1' });
    const { cookie } = await platform.signIn('payer@example.com');
    const relay = await listenToRelay(baseUrl, 'bazaar', cookie);

    const started = startCheckoutResponseSchema.parse(
      (
        await platform.app.inject({
          method: 'POST',
          url: `${API}/checkout-sessions/start/plink_demo_onetime?livemode=false&ref=newsletter`,
          headers: { cookie },
        })
      ).json(),
    );
    const sessionId = started.checkoutSession.id;
    expect(started.checkoutSession.metadata).toEqual({ ref: 'newsletter' });

    const submit = () =>
      platform.app.inject({
        method: 'PUT',
        url: `${API}/checkout-sessions/${sessionId}/submit`,
        headers: { cookie, 'idempotency-key': 'submit-1' },
        payload: {
          customer_name: 'Pat Payer',
          customer_email: 'payer@example.com',
          payment_method: 'pm_demo_card',
          payment_currency: 'pc_demo_usd',
          billing_address: { country: 'us', postal_code: '94107' },
        },
      });
    const first = await submit();
    const repeat = await submit();
    expect(first.statusCode).toBe(200);
    expect(repeat.json()).toEqual(first.json());
    const submitted = submitCheckoutResponseSchema.parse(first.json());

    const paid = testCardResultSchema.parse(
      (
        await platform.app.inject({
          method: 'POST',
          url: `${API}/test-card/payment-intents/${submitted.paymentIntent!.id}/confirm`,
          payload: {
            client_secret: submitted.stripeContext!.client_secret,
            card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' },
          },
        })
      ).json(),
    );
    expect(paid.paymentIntent).toMatchObject({ status: 'succeeded', amount_received: '1999' });

    const retrieved = startCheckoutResponseSchema.parse(
      (
        await platform.app.inject({
          url: `${API}/checkout-sessions/retrieve/${sessionId}`,
          headers: { cookie },
        })
      ).json(),
    );
    expect(retrieved.checkoutSession).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const invoice = await platform.app.inject({
      url: `${API}/invoices/${retrieved.checkoutSession.invoice_id}`,
      headers: { cookie },
    });
    expect(invoice.json()).toMatchObject({ status: 'paid', total: '1999' });

    await expect
      .poll(() => relay.events.map((event) => event.type), { timeout: 5_000 })
      .toEqual(expect.arrayContaining(['checkout.session.completed', 'invoice.paid']));
    const completed = relay.events.find((event) => event.type === 'checkout.session.completed');
    expect(completed?.data).toMatchObject({
      id: sessionId,
      invoice_id: retrieved.checkoutSession.invoice_id,
    });
    relay.close();
  });

  it('answers an unknown id and a bad email with clear errors and writes nothing', async () => {
    const { cookie } = await platform.signIn('payer@example.com');
    const unknown = await platform.app.inject({ url: `${API}/checkout-sessions/retrieve/cs_doesnotexist` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
    const wrongKind = await platform.app.inject({ url: `${API}/checkout-sessions/retrieve/in_123` });
    expect(wrongKind.json().error.message).toBe('Either a checkoutSession or a paymentLink id is required');

    const started = await platform.app.inject({
      method: 'POST',
      url: `${API}/checkout-sessions/start/plink_demo_onetime`,
      headers: { cookie },
    });
    const badEmail = await platform.app.inject({
      method: 'PUT',
      url: `${API}/checkout-sessions/${started.json().checkoutSession.id}/submit`,
      headers: { cookie },
      payload: {
        customer_name: 'Pat',
        customer_email: 'not-an-email',
        payment_method: 'pm_demo_card',
        payment_currency: 'pc_demo_usd',
      },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [expect.objectContaining({ path: 'customer_email' })],
    });
    const customers = await platform.database.db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(customers.count)).toBe(0);
  });
});
