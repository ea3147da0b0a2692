import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  API_VERSION,
  fakeStripeJsSource,
  routeStripeJs,
  startStripeStandIn,
  StripeApiError,
  type PayerCard,
  type RouteLike,
  type RouteRequestLike,
  type RouteTarget,
  type StripeEvent,
  type StripeStandIn,
} from './index.ts';

const CARDS = {
  succeeds: '4242424242424242',
  declines: '4000000000000002',
  authenticates: '4000002500003155',
  alwaysAuthenticates: '4000002760003184',
  savedThenDeclines: '4000000000000341',
  refundPendsThenSucceeds: '4000000000007726',
  refundSucceedsThenFails: '4000000000005126',
};
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

function card(number: string, dates: Partial<PayerCard> = {}): PayerCard {
  return { number, exp_month: 12, exp_year: NEXT_YEAR, cvc: '123', ...dates };
}

/** A webhook endpoint that checks every delivery's signature as a merchant's would. */
interface Receiver {
  url: string;
  received: Stripe.Event[];
  /** Deliveries whose signature did not verify (must stay empty). */
  rejected: string[];
  answerWith(status: number): void;
  close(): Promise<void>;
}

async function startReceiver(secret: string): Promise<Receiver> {
  const verifier = new Stripe('sk_test_verifier');
  const received: Stripe.Event[] = [];
  const rejected: string[] = [];
  let status = 200;
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    try {
      received.push(
        verifier.webhooks.constructEvent(body, request.headers['stripe-signature']!, secret, 300),
      );
    } catch (error) {
      rejected.push(String(error));
      response.writeHead(400).end();
      return;
    }
    response.writeHead(status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    received,
    rejected,
    answerWith: (next) => (status = next),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What the promise rejected with, to assert on. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('Expected a rejection');
}

describe('the Stripe stand-in, driven by the real stripe SDK', () => {
  let standIn: StripeStandIn;
  let stripe: Stripe;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    stripe = new Stripe(standIn.secretKey, { host: standIn.host, port: standIn.port, protocol: 'http' });
  });
  afterAll(() => standIn.close());

  const eventsAbout = (id: string) =>
    standIn.events
      .filter((event) => (event.data.object as { id: string }).id === id)
      .map((event) => event.type);

  async function paymentIntent(params: Partial<Stripe.PaymentIntentCreateParams> = {}) {
    return stripe.paymentIntents.create({ amount: 1999, currency: 'usd', ...params });
  }

  /** A customer with a card saved by a setup intent the payer confirmed (3-D Secure approved when asked). */
  async function customerWithSavedCard(number: string) {
    const customer = await stripe.customers.create({ email: 'payer@example.com' });
    const setup = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' });
    const confirmed = await standIn.confirmAsPayer({
      clientSecret: setup.client_secret!,
      card: card(number),
    });
    if (confirmed.status === 'requires_action') {
      await standIn.authenticateAsPayer({ clientSecret: setup.client_secret!, outcome: 'approve' });
    }
    const saved = await stripe.setupIntents.retrieve(setup.id);
    expect(saved.status).toBe('succeeded');
    return { customer, paymentMethod: saved.payment_method as string };
  }

  it('serves on 127.0.0.1 with valid-looking test keys', () => {
    expect(standIn.url).toBe(`http://127.0.0.1:${standIn.port}`);
    expect(standIn.secretKey).toMatch(/^sk_test_standin[A-Za-z0-9]{16}$/);
    expect(standIn.publishableKey).toMatch(/^pk_test_standin[A-Za-z0-9]{16}$/);
  });

  it('creates and reads a customer shaped like Stripe’s', async () => {
    const created = await stripe.customers.create({
      email: 'ada@example.com',
      name: 'Ada',
      metadata: { bazaar_customer_id: 'cus_ours' },
    });
    expect(created).toMatchObject({
      object: 'customer',
      email: 'ada@example.com',
      name: 'Ada',
      livemode: false,
      metadata: { bazaar_customer_id: 'cus_ours' },
      invoice_settings: { default_payment_method: null },
    });
    expect(created.id).toMatch(/^cus_[A-Za-z0-9]{24}$/);
    expect(await stripe.customers.retrieve(created.id)).toEqual(created);
    expect(standIn.customers.get(created.id)).toEqual(created);
    expect(eventsAbout(created.id)).toEqual(['customer.created']);
  });

  it('takes a payment the payer confirms, keeps the card for the customer, then charges it off-session', async () => {
    const customer = await stripe.customers.create({ email: 'saver@example.com' });
    const intent = await paymentIntent({
      customer: customer.id,
      setup_future_usage: 'off_session',
      metadata: { bazaar_payment_intent_id: 'pi_ours' },
      description: 'Order 42',
    });
    expect(intent).toMatchObject({
      object: 'payment_intent',
      status: 'requires_payment_method',
      amount: 1999,
      currency: 'usd',
      customer: customer.id,
      automatic_payment_methods: { enabled: true },
      payment_method_types: ['card'],
    });
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_[A-Za-z0-9]{24}$`));

    const asPayer = await standIn.confirmAsPayer({
      clientSecret: intent.client_secret!,
      card: card(CARDS.succeeds),
    });
    expect(asPayer.status).toBe('succeeded');
    // The browser's view leaves out what only the merchant may read.
    expect(asPayer).not.toHaveProperty('metadata');
    expect(asPayer).not.toHaveProperty('customer');

    const paid = await stripe.paymentIntents.retrieve(intent.id, {
      expand: ['latest_charge', 'payment_method'],
    });
    const charge = paid.latest_charge as Stripe.Charge;
    const method = paid.payment_method as Stripe.PaymentMethod;
    expect(paid).toMatchObject({ status: 'succeeded', amount_received: 1999, last_payment_error: null });
    expect(charge).toMatchObject({
      object: 'charge',
      status: 'succeeded',
      paid: true,
      amount: 1999,
      amount_refunded: 0,
      payment_intent: intent.id,
      metadata: { bazaar_payment_intent_id: 'pi_ours' },
      payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242', exp_month: 12 } },
    });
    expect(method).toMatchObject({
      object: 'payment_method',
      type: 'card',
      customer: customer.id,
      card: { brand: 'visa', last4: '4242', exp_year: NEXT_YEAR },
    });
    expect(method.card!.fingerprint).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(eventsAbout(intent.id)).toEqual(['payment_intent.created', 'payment_intent.succeeded']);
    expect(standIn.events.slice(-3).map((event) => event.type)).toEqual([
      'payment_method.attached',
      'charge.succeeded',
      'payment_intent.succeeded',
    ]);

    const renewal = await paymentIntent({
      customer: customer.id,
      payment_method: method.id,
      confirm: true,
      off_session: true,
    });
    expect(renewal).toMatchObject({ status: 'succeeded', payment_method: method.id, amount_received: 1999 });
    expect(typeof renewal.latest_charge).toBe('string');
  });

  it('replays an idempotent request’s first answer without a second payment, and refuses the key for another', async () => {
    const { customer, paymentMethod } = await customerWithSavedCard(CARDS.succeeds);
    const params = {
      amount: 2500,
      currency: 'usd',
      customer: customer.id,
      payment_method: paymentMethod,
      confirm: true,
      off_session: true,
      metadata: { bazaar_attempt: 'att_1' },
    };
    const countBefore = standIn.requestCounts()['POST /v1/payment_intents'] ?? 0;
    const intentsBefore = standIn.paymentIntents.size;
    const eventsBefore = standIn.events.length;
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: 'charge:att_1' });
    const again = await stripe.paymentIntents.create(params, { idempotencyKey: 'charge:att_1' });
    expect(again).toEqual(first);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(standIn.paymentIntents.size).toBe(intentsBefore + 1);
    expect(standIn.events.length).toBe(eventsBefore + 3);
    expect(standIn.requestCounts()['POST /v1/payment_intents']).toBe(countBefore + 2);

    const otherBody = await rejectionOf(
      stripe.paymentIntents.create({ ...params, amount: 2600 }, { idempotencyKey: 'charge:att_1' }),
    );
    expect(otherBody).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    const otherEndpoint = await rejectionOf(
      stripe.customers.create({ email: 'x@example.com' }, { idempotencyKey: 'charge:att_1' }),
    );
    expect(otherEndpoint).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(standIn.paymentIntents.size).toBe(intentsBefore + 1);
  });

  it('declines a card with Stripe’s 402 card error, and the same intent takes another card', async () => {
    const intent = await paymentIntent();
    const declined = await rejectionOf(
      standIn.confirmAsPayer({ clientSecret: intent.client_secret!, card: card(CARDS.declines) }),
    );
    expect(declined).toBeInstanceOf(StripeApiError);
    const error = declined as StripeApiError;
    expect(error.statusCode).toBe(402);
    expect(error.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
      payment_intent: { id: intent.id, status: 'requires_payment_method' },
    });
    const after = await stripe.paymentIntents.retrieve(intent.id);
    expect(after).toMatchObject({
      status: 'requires_payment_method',
      payment_method: null,
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' },
    });
    expect(standIn.events.slice(-2).map((event) => event.type)).toEqual([
      'charge.failed',
      'payment_intent.payment_failed',
    ]);
    const failedCharge = await stripe.charges.retrieve(after.latest_charge as string);
    expect(failedCharge).toMatchObject({ status: 'failed', paid: false, failure_code: 'card_declined' });

    const paid = await standIn.confirmAsPayer({
      clientSecret: intent.client_secret!,
      card: card(CARDS.succeeds),
    });
    expect(paid.status).toBe('succeeded');
  });

  it('declines an expired card and refuses a mistyped number before any attempt', async () => {
    const intent = await paymentIntent();
    const expired = (await rejectionOf(
      standIn.confirmAsPayer({
        clientSecret: intent.client_secret!,
        card: card(CARDS.succeeds, { exp_month: 1, exp_year: 2020 }),
      }),
    )) as StripeApiError;
    expect(expired.error).toMatchObject({ code: 'expired_card', message: 'Your card has expired.' });
    const mistyped = (await rejectionOf(
      standIn.confirmAsPayer({ clientSecret: intent.client_secret!, card: card('4242424242424241') }),
    )) as StripeApiError;
    expect(mistyped.statusCode).toBe(402);
    expect(mistyped.error).toMatchObject({ type: 'card_error', code: 'incorrect_number' });
  });

  it('asks for 3-D Secure on-session and goes on as the payer answers it', async () => {
    const approved = await paymentIntent();
    const waiting = await standIn.confirmAsPayer({
      clientSecret: approved.client_secret!,
      card: card(CARDS.authenticates),
    });
    expect(waiting).toMatchObject({ status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
    expect(eventsAbout(approved.id)).toContain('payment_intent.requires_action');
    expect((await stripe.paymentIntents.retrieve(approved.id)).status).toBe('requires_action');
    const done = await standIn.authenticateAsPayer({
      clientSecret: approved.client_secret!,
      outcome: 'approve',
    });
    expect(done.status).toBe('succeeded');
    const charge = await stripe.charges.retrieve(
      (await stripe.paymentIntents.retrieve(approved.id)).latest_charge as string,
    );
    expect(charge.payment_method_details!.card!.three_d_secure).toMatchObject({ result: 'authenticated' });

    const failed = await paymentIntent();
    await standIn.confirmAsPayer({ clientSecret: failed.client_secret!, card: card(CARDS.authenticates) });
    const refused = await standIn.authenticateAsPayer({
      clientSecret: failed.client_secret!,
      outcome: 'fail',
    });
    expect(refused.status).toBe('requires_payment_method');
    expect(await stripe.paymentIntents.retrieve(failed.id)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'payment_intent_authentication_failure' },
    });
    expect(eventsAbout(failed.id)).toEqual([
      'payment_intent.created',
      'payment_intent.requires_action',
      'payment_intent.payment_failed',
    ]);
  });

  it('charges a 3-D Secure card off-session once it is set up, unless its issuer always asks', async () => {
    const setUp = await customerWithSavedCard(CARDS.authenticates);
    const renewal = await paymentIntent({
      customer: setUp.customer.id,
      payment_method: setUp.paymentMethod,
      confirm: true,
      off_session: true,
    });
    expect(renewal.status).toBe('succeeded');

    const always = await customerWithSavedCard(CARDS.alwaysAuthenticates);
    const refused = await rejectionOf(
      paymentIntent({
        customer: always.customer.id,
        payment_method: always.paymentMethod,
        confirm: true,
        off_session: true,
      }),
    );
    expect(refused).toBeInstanceOf(Stripe.errors.StripeCardError);
    const error = refused as Stripe.errors.StripeCardError;
    expect(error.code).toBe('authentication_required');
    expect(error.payment_intent).toMatchObject({ status: 'requires_payment_method' });
  });

  it('saves a card whose charges decline, and answers the off-session charge with the declined intent', async () => {
    const { customer, paymentMethod } = await customerWithSavedCard(CARDS.savedThenDeclines);
    expect((await stripe.paymentMethods.retrieve(paymentMethod)).customer).toBe(customer.id);
    const setupEvents = standIn.events.filter((event) => event.type.startsWith('setup_intent.'));
    expect(setupEvents.slice(-2).map((event) => event.type)).toEqual([
      'setup_intent.created',
      'setup_intent.succeeded',
    ]);

    const declined = await rejectionOf(
      paymentIntent({
        customer: customer.id,
        payment_method: paymentMethod,
        confirm: true,
        off_session: true,
      }),
    );
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    const error = declined as Stripe.errors.StripeCardError;
    expect(error).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'generic_decline' });
    const intent = error.payment_intent!;
    expect(intent.status).toBe('requires_payment_method');
    expect(standIn.paymentIntents.get(intent.id)).toMatchObject({ status: 'requires_payment_method' });
  });

  it('fails a setup intent for a declining card with setup_intent.setup_failed', async () => {
    const customer = await stripe.customers.create({});
    const setup = await stripe.setupIntents.create({ customer: customer.id });
    const error = (await rejectionOf(
      standIn.confirmAsPayer({ clientSecret: setup.client_secret!, card: card(CARDS.declines) }),
    )) as StripeApiError;
    expect(error.error).toMatchObject({ code: 'card_declined', setup_intent: { id: setup.id } });
    expect(await stripe.setupIntents.retrieve(setup.id)).toMatchObject({
      status: 'requires_payment_method',
      last_setup_error: { code: 'card_declined' },
    });
    expect(eventsAbout(setup.id)).toEqual(['setup_intent.created', 'setup_intent.setup_failed']);
  });

  it('refuses a payment method that belongs to another customer', async () => {
    const { paymentMethod } = await customerWithSavedCard(CARDS.succeeds);
    const stranger = await stripe.customers.create({});
    const refused = await rejectionOf(
      paymentIntent({
        customer: stranger.id,
        payment_method: paymentMethod,
        confirm: true,
        off_session: true,
      }),
    );
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((refused as Stripe.errors.StripeError).param).toBe('payment_method');
  });

  it('updates the terms of an unpaid intent only, and cancels one', async () => {
    const intent = await paymentIntent({ metadata: { a: '1' } });
    const updated = await stripe.paymentIntents.update(intent.id, {
      amount: 1899,
      currency: 'eur',
      metadata: { b: '2' },
    });
    expect(updated).toMatchObject({ amount: 1899, currency: 'eur', metadata: { a: '1', b: '2' } });
    // The live object a test holds follows the change.
    expect(standIn.paymentIntents.get(intent.id)).toMatchObject({ currency: 'eur' });
    await standIn.confirmAsPayer({ clientSecret: intent.client_secret!, card: card(CARDS.succeeds) });
    const tooLate = await rejectionOf(stripe.paymentIntents.update(intent.id, { amount: 100 }));
    expect(tooLate).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((tooLate as Stripe.errors.StripeError).code).toBe('payment_intent_unexpected_state');

    const abandoned = await paymentIntent();
    const canceled = await stripe.paymentIntents.cancel(abandoned.id, { cancellation_reason: 'abandoned' });
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect(eventsAbout(abandoned.id)).toEqual(['payment_intent.created', 'payment_intent.canceled']);
  });

  describe('refunds', () => {
    async function paidWith(number: string) {
      const intent = await paymentIntent();
      await standIn.confirmAsPayer({ clientSecret: intent.client_secret!, card: card(number) });
      return intent.id;
    }

    it('refunds in part, then the rest by default, and refuses more', async () => {
      const intentId = await paidWith(CARDS.succeeds);
      const part = await stripe.refunds.create({
        payment_intent: intentId,
        amount: 500,
        metadata: { ours: 'r1' },
      });
      expect(part).toMatchObject({
        object: 'refund',
        status: 'succeeded',
        amount: 500,
        payment_intent: intentId,
      });
      expect(part.id).toMatch(/^re_[A-Za-z0-9]{24}$/);
      expect(standIn.events.slice(-2).map((event) => event.type)).toEqual([
        'refund.created',
        'charge.refunded',
      ]);
      const tooMuch = await rejectionOf(stripe.refunds.create({ payment_intent: intentId, amount: 1500 }));
      expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect((tooMuch as Stripe.errors.StripeError).message).toContain('greater than unrefunded amount');

      const rest = await stripe.refunds.create({ payment_intent: intentId });
      expect(rest.amount).toBe(1499);
      const charge = await stripe.charges.retrieve(rest.charge as string);
      expect(charge).toMatchObject({ amount_refunded: 1999, refunded: true });
      const again = await rejectionOf(stripe.refunds.create({ charge: charge.id }));
      expect((again as Stripe.errors.StripeError).code).toBe('charge_already_refunded');

      const listed = await stripe.refunds.list({ payment_intent: intentId });
      expect(listed.data.map((refund) => refund.id)).toEqual([rest.id, part.id]);
      expect(await stripe.refunds.retrieve(part.id)).toEqual(part);
    });

    it('settles a refund of 4000000000007726 later', async () => {
      const refund = await stripe.refunds.create({
        payment_intent: await paidWith(CARDS.refundPendsThenSucceeds),
      });
      expect(refund.status).toBe('pending');
      await standIn.advanceRefunds();
      expect((await stripe.refunds.retrieve(refund.id)).status).toBe('succeeded');
      expect(eventsAbout(refund.id)).toEqual(['refund.created', 'refund.updated', 'charge.refund.updated']);
      const updated = standIn.events.find(
        (event) => event.type === 'refund.updated' && event.data.object.id === refund.id,
      );
      expect(updated!.data.previous_attributes).toEqual({ status: 'pending' });
    });

    it('fails a refund of 4000000000005126 later, and what failed can be refunded again', async () => {
      const intentId = await paidWith(CARDS.refundSucceedsThenFails);
      const refund = await stripe.refunds.create({ payment_intent: intentId });
      expect(refund.status).toBe('succeeded');
      await standIn.advanceRefunds();
      const failed = await stripe.refunds.retrieve(refund.id);
      expect(failed).toMatchObject({ status: 'failed', failure_reason: 'expired_or_canceled_card' });
      expect(eventsAbout(refund.id)).toEqual([
        'refund.created',
        'refund.updated',
        'refund.failed',
        'charge.refund.updated',
      ]);
      expect(await stripe.charges.retrieve(refund.charge as string)).toMatchObject({
        amount_refunded: 0,
        refunded: false,
      });
      expect((await stripe.refunds.create({ payment_intent: intentId, amount: 100 })).status).toBe(
        'succeeded',
      );
    });
  });

  describe('errors, keys and CORS', () => {
    it('answers Stripe’s 404 for an unknown object, with a request id', async () => {
      const missing = (await rejectionOf(
        stripe.paymentIntents.retrieve('pi_nope'),
      )) as Stripe.errors.StripeError;
      expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(missing).toMatchObject({
        statusCode: 404,
        code: 'resource_missing',
        message: "No such payment_intent: 'pi_nope'",
      });
      expect(missing.requestId).toMatch(/^req_/);
    });

    it('refuses a missing or unknown key, and a publishable key on a server endpoint', async () => {
      const noKey = await fetch(`${standIn.url}/v1/customers`, { method: 'POST' });
      expect(noKey.status).toBe(401);
      const wrong = new Stripe('sk_live_wrong', { host: standIn.host, port: standIn.port, protocol: 'http' });
      expect(await rejectionOf(wrong.customers.create({}))).toBeInstanceOf(
        Stripe.errors.StripeAuthenticationError,
      );
      const browser = await fetch(`${standIn.url}/v1/customers`, {
        method: 'POST',
        body: new URLSearchParams({ key: standIn.publishableKey }),
      });
      expect(browser.status).toBe(401);
    });

    it('refuses parameters it does not know, and card numbers from a server', async () => {
      const unknown = await rejectionOf(
        stripe.paymentIntents.create({ amount: 1999, currency: 'usd', capture_method: 'manual' }),
      );
      expect(unknown).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      const intent = await paymentIntent();
      const rawCard = await rejectionOf(
        stripe.paymentIntents.confirm(intent.id, {
          payment_method_data: { type: 'card', card: { number: CARDS.succeeds } } as never,
        }),
      );
      expect((rawCard as Stripe.errors.StripeError).message).toContain(
        'Sending credit card numbers directly',
      );
    });

    it('lets the browser read an intent only with its client secret', async () => {
      const intent = await paymentIntent();
      const read = (secret: string) =>
        fetch(
          `${standIn.url}/v1/payment_intents/${intent.id}?key=${standIn.publishableKey}&client_secret=${secret}`,
        );
      const right = await read(intent.client_secret!);
      expect(right.status).toBe(200);
      expect(await right.json()).toMatchObject({ id: intent.id, status: 'requires_payment_method' });
      expect((await read(`${intent.id}_secret_wrong`)).status).toBe(400);
    });

    it('answers CORS preflights', async () => {
      const preflight = await fetch(`${standIn.url}/v1/payment_intents/pi_x/confirm`, { method: 'OPTIONS' });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    });
  });
});

describe('webhooks', () => {
  const SECRET = 'whsec_standintestsecret';
  let standIn: StripeStandIn;
  let stripe: Stripe;
  let receiver: Receiver;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    stripe = new Stripe(standIn.secretKey, { host: standIn.host, port: standIn.port, protocol: 'http' });
    receiver = await startReceiver(SECRET);
    standIn.addWebhookEndpoint(receiver.url, SECRET);
  });
  afterEach(async () => {
    standIn.setWebhookMode('immediate');
    await standIn.releaseWebhooks();
    await standIn.webhooksSettled();
    receiver.answerWith(200);
    expect(receiver.rejected).toEqual([]);
  });
  afterAll(async () => {
    await standIn.close();
    await receiver.close();
  });

  const idsOf = (events: { id: string }[]) => events.map((event) => event.id);
  const since = (count: number) => standIn.events.slice(count);

  it('sends every event, signed and shaped like Stripe’s, in the order they were created', async () => {
    const before = standIn.events.length;
    const receivedBefore = receiver.received.length;
    const intent = await stripe.paymentIntents.create({ amount: 1999, currency: 'usd' });
    await standIn.confirmAsPayer({ clientSecret: intent.client_secret!, card: card(CARDS.succeeds) });
    await standIn.webhooksSettled();
    const created = since(before);
    expect(created.map((event) => event.type)).toEqual([
      'payment_intent.created',
      'charge.succeeded',
      'payment_intent.succeeded',
    ]);
    expect(idsOf(receiver.received.slice(receivedBefore))).toEqual(idsOf(created));
    const succeeded = receiver.received.at(-1)! as Stripe.PaymentIntentSucceededEvent;
    expect(succeeded).toMatchObject({
      object: 'event',
      api_version: Stripe.API_VERSION,
      livemode: false,
      pending_webhooks: 1,
      type: 'payment_intent.succeeded',
      data: { object: { id: intent.id, status: 'succeeded', amount_received: 1999 } },
    });
    expect(API_VERSION).toBe(Stripe.API_VERSION);
    expect(succeeded.id).toMatch(/^evt_[A-Za-z0-9]{24}$/);
    expect(succeeded.request!.id).toMatch(/^req_/);
    // Each event carries the object as it was then: the creation event still shows it unpaid.
    expect(receiver.received.at(-3)!.data.object).toMatchObject({ status: 'requires_payment_method' });
    expect(standIn.deliveries.slice(-3).map((delivery) => delivery.status)).toEqual([200, 200, 200]);
  });

  it('holds events until released, then sends them in order', async () => {
    standIn.setWebhookMode('held');
    const before = standIn.events.length;
    const receivedBefore = receiver.received.length;
    const customer = await stripe.customers.create({ email: 'held@example.com' });
    await stripe.paymentIntents.create({ amount: 1999, currency: 'usd', customer: customer.id });
    await standIn.webhooksSettled();
    expect(receiver.received.length).toBe(receivedBefore);
    await standIn.releaseWebhooks();
    expect(idsOf(receiver.received.slice(receivedBefore))).toEqual(idsOf(since(before)));
  });

  it('records dropped events without sending them, and resends one on demand', async () => {
    standIn.setWebhookMode('dropped');
    const receivedBefore = receiver.received.length;
    const customer = await stripe.customers.create({ email: 'dropped@example.com' });
    await standIn.webhooksSettled();
    const dropped = standIn.events.at(-1)! as StripeEvent;
    expect(dropped).toMatchObject({ type: 'customer.created', data: { object: { id: customer.id } } });
    expect(receiver.received.length).toBe(receivedBefore);

    await standIn.resendEvent(dropped.id);
    await standIn.resendEvent(dropped.id);
    expect(idsOf(receiver.received.slice(receivedBefore))).toEqual([dropped.id, dropped.id]);
    expect(standIn.deliveries.filter((delivery) => delivery.eventId === dropped.id)).toEqual([
      { eventId: dropped.id, url: receiver.url, status: 200 },
      { eventId: dropped.id, url: receiver.url, status: 200 },
    ]);
  });

  it('records what a failing or unreachable endpoint answered', async () => {
    receiver.answerWith(500);
    await stripe.customers.create({ email: 'failing@example.com' });
    await standIn.webhooksSettled();
    expect(standIn.deliveries.at(-1)).toMatchObject({ status: 500 });

    const gone = await startReceiver(SECRET);
    await gone.close();
    standIn.addWebhookEndpoint(gone.url, SECRET);
    receiver.answerWith(200);
    const customer = await stripe.customers.create({ email: 'unreachable@example.com' });
    await standIn.webhooksSettled();
    const event = standIn.events.at(-1)!;
    expect(event.data.object.id).toBe(customer.id);
    // Each endpoint has its own queue: the two deliveries may be answered in either order.
    const answered = standIn.deliveries.filter((delivery) => delivery.eventId === event.id);
    expect(answered).toHaveLength(2);
    expect(answered).toEqual(
      expect.arrayContaining([
        { eventId: event.id, url: receiver.url, status: 200 },
        { eventId: event.id, url: gone.url, status: null },
      ]),
    );
  });
});

describe('the stand-in’s Stripe.js', () => {
  let standIn: StripeStandIn;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
  });
  afterAll(() => standIn.close());

  /** Runs the script with `window` and a fetch that reaches the stand-in for api.stripe.com. */
  function loadFakeStripeJs() {
    const window: Record<string, unknown> = {};
    const routedFetch = (url: string, init?: RequestInit) =>
      fetch(url.replace('https://api.stripe.com', standIn.url), init);
    new Function('window', 'fetch', fakeStripeJsSource())(window, routedFetch);
    return window.Stripe as ((key: string) => Record<string, (...args: unknown[]) => unknown>) & {
      version: string;
    };
  }

  it('defines window.Stripe as @stripe/stripe-js and @stripe/react-stripe-js expect it', () => {
    const StripeJs = loadFakeStripeJs();
    expect(StripeJs.version).toBe('endive');
    const instance = StripeJs(standIn.publishableKey);
    for (const method of [
      'elements',
      'createToken',
      'createPaymentMethod',
      'confirmCardPayment',
      'confirmPayment',
      'confirmSetup',
      'retrievePaymentIntent',
      'retrieveSetupIntent',
      'registerAppInfo',
      '_registerWrapper',
    ]) {
      expect(typeof instance[method], method).toBe('function');
    }
    expect(() => StripeJs(standIn.secretKey)).toThrow(/secret key/);
  });

  it('reads an intent with the publishable key and its client secret, as the browser does', async () => {
    const stripe = new Stripe(standIn.secretKey, {
      host: standIn.host,
      port: standIn.port,
      protocol: 'http',
    });
    const intent = await stripe.paymentIntents.create({
      amount: 1999,
      currency: 'usd',
      metadata: { secret: 'x' },
    });
    const instance = loadFakeStripeJs()(standIn.publishableKey);
    const read = (await instance.retrievePaymentIntent!(intent.client_secret)) as {
      paymentIntent: Record<string, unknown>;
    };
    expect(read.paymentIntent).toMatchObject({
      id: intent.id,
      status: 'requires_payment_method',
      amount: 1999,
    });
    expect(read.paymentIntent).not.toHaveProperty('metadata');
  });

  it('is served at js.stripe.com, and api.stripe.com is answered by the stand-in (routeStripeJs)', async () => {
    const handlers: {
      url: string | RegExp;
      handler: (route: RouteLike, request: RouteRequestLike) => unknown;
    }[] = [];
    const target: RouteTarget = {
      async route(url, handler) {
        handlers.push({ url, handler });
      },
    };
    await routeStripeJs(target, standIn);
    /** What Playwright would do with a request the page makes. */
    async function browserRequest(url: string, method = 'GET', body: string | null = null) {
      const { handler } = handlers.find(({ url: pattern }) => (pattern as RegExp).test(url))!;
      let fulfilled: Parameters<RouteLike['fulfill']>[0] = {};
      await handler(
        {
          async fulfill(response) {
            fulfilled = response;
          },
        },
        {
          url: () => url,
          method: () => method,
          headers: () => ({
            'content-type': 'application/x-www-form-urlencoded',
            origin: 'https://shop.example',
          }),
          postDataBuffer: () => (body === null ? null : Buffer.from(body)),
        },
      );
      return fulfilled;
    }

    const script = await browserRequest('https://js.stripe.com/endive/stripe.js');
    expect(script).toMatchObject({
      status: 200,
      contentType: 'application/javascript',
      body: fakeStripeJsSource(),
    });

    const stripe = new Stripe(standIn.secretKey, {
      host: standIn.host,
      port: standIn.port,
      protocol: 'http',
    });
    const intent = await stripe.paymentIntents.create({ amount: 1999, currency: 'usd' });
    const confirm = await browserRequest(
      `https://api.stripe.com/v1/payment_intents/${intent.id}/confirm`,
      'POST',
      new URLSearchParams({
        key: standIn.publishableKey,
        client_secret: intent.client_secret!,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': CARDS.declines,
        'payment_method_data[card][exp_month]': '12',
        'payment_method_data[card][exp_year]': String(NEXT_YEAR),
        'payment_method_data[card][cvc]': '123',
      }).toString(),
    );
    expect(confirm.status).toBe(402);
    expect(confirm.headers).toMatchObject({ 'access-control-allow-origin': '*' });
    expect(JSON.parse(String(confirm.body))).toMatchObject({
      error: { code: 'card_declined', payment_intent: { id: intent.id } },
    });
  });
});
