import { verifyWebhook } from '@bazaar/server-kit';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import type { EventPayload } from '@bazaar/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminRequest } from '../../test-utils/admin-requests.ts';
import { confirmCard, startAndSubmit } from '../../test-utils/checkout-steps.ts';
import { createClockedSubscription } from '../../test-utils/clocked-subscription.ts';
import { openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { testCustomerDetails } from '../../test-utils/payment-test-kit.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test-utils/webhook-receiver.ts';
import { saveCustomer } from '../customers/service.ts';
import { recordEvents } from '../events/service.ts';
import {
  deliverDueWebhooks,
  retryDelaySeconds,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_WINDOW_SECONDS,
} from './delivery.ts';
import type { EventSubscriber } from '@bazaar/schemas';
import { saveSubscriberEndpoints } from './component-subscribers.ts';

const invoiceEvent = (
  type: 'invoice.created' | 'invoice.finalized' | 'invoice.paid',
  id: string,
): EventPayload => ({
  type,
  data: { id, customer_id: 'cus_webhooks', subscription_id: null },
});

describe.each(TEST_DIALECTS)('webhooks on %s', (dialect) => {
  let t: PaymentTestApp;
  let receiver: WebhookReceiver;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
    receiver = await startWebhookReceiver();
  });
  afterEach(async () => {
    await receiver.close();
    await t.close();
  });

  async function createEndpoint(enabledEvents: string[] = ['*'], url = receiver.url) {
    const response = await adminRequest(t, 'POST', '/webhook-endpoints', {
      livemode: false,
      url,
      enabled_events: enabledEvents,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { id: string; secret: string };
  }

  async function record(...payloads: EventPayload[]) {
    await t.db
      .transaction()
      .execute((trx) => recordEvents(trx, { now: t.clock.now(), payloads, livemode: false }));
  }

  async function deliveries(endpointId: string) {
    const response = await adminRequest(t, 'GET', `/webhook-endpoints/${endpointId}/deliveries?pageSize=100`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().list as {
      id: string;
      event_id: string;
      status: string;
      attempt_count: number;
      next_attempt_at: number | null;
      attempts: {
        status: string;
        response_status: number | null;
        error: string | null;
        retry_count: number;
      }[];
    }[];
  }

  async function payDemoCheckout() {
    const submitted = await startAndSubmit(t);
    expect((await confirmCard(t, submitted.intentId, submitted.secret, '4242424242424242')).statusCode).toBe(
      200,
    );
  }

  it('answers only admins on every webhook and event route', async () => {
    const { id } = await createEndpoint();
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string, Record<string, unknown>?][] = [
      ['POST', '/webhook-endpoints', { livemode: false, url: receiver.url, enabled_events: ['*'] }],
      ['GET', '/webhook-endpoints'],
      ['GET', `/webhook-endpoints/${id}`],
      ['PUT', `/webhook-endpoints/${id}`, { description: 'x' }],
      ['DELETE', `/webhook-endpoints/${id}`],
      ['POST', `/webhook-endpoints/${id}/roll-secret`, {}],
      ['GET', `/webhook-endpoints/${id}/deliveries`],
      ['GET', '/webhook-deliveries/whd_none'],
      ['POST', '/webhook-deliveries/whd_none/redeliver'],
      ['GET', '/events'],
      ['GET', '/events/evt_none'],
    ];
    for (const [method, path, body] of routes) {
      expect((await adminRequest(t, method, path, body, null)).statusCode, `${method} ${path}`).toBe(401);
      expect((await adminRequest(t, method, path, body, 'member')).statusCode, `${method} ${path}`).toBe(403);
    }
    expect((await adminRequest(t, 'GET', `/webhook-endpoints/${id}`)).statusCode).toBe(200);
  });

  it('shows the signing secret once, and delivers a paid checkout signed, with only the types asked for', async () => {
    const created = await createEndpoint(['checkout.session.completed', 'payment_intent.succeeded']);
    expect(created.secret).toMatch(/^whsec_/);
    const read = await adminRequest(t, 'GET', `/webhook-endpoints/${created.id}`);
    expect(read.json()).not.toHaveProperty('secret');
    expect(read.body).not.toContain(created.secret);

    await payDemoCheckout();
    expect(await deliverDueWebhooks(t.deps)).toBe(2);

    expect(receiver.received.map((webhook) => webhook.event.type).sort()).toEqual([
      'checkout.session.completed',
      'payment_intent.succeeded',
    ]);
    for (const webhook of receiver.received) {
      expect(
        verifyWebhook({
          header: webhook.signature,
          body: webhook.body,
          secret: created.secret,
          now: t.clock.now(),
        }),
      ).toBe(true);
      expect(
        verifyWebhook({
          header: webhook.signature,
          body: `${webhook.body} `,
          secret: created.secret,
          now: t.clock.now(),
        }),
      ).toBe(false);
      expect(webhook.event.object_id).toBe(webhook.event.data.id);
    }
    // The event as the API shows it is the body that was delivered.
    const event = receiver.received[0]!.event;
    expect((await adminRequest(t, 'GET', `/events/${event.id}`)).json()).toEqual(event);
    expect((await deliveries(created.id)).every((delivery) => delivery.status === 'succeeded')).toBe(true);
    expect(await deliverDueWebhooks(t.deps)).toBe(0);
  });

  it('retries a failing receiver with backoff until it comes back, recording every attempt', async () => {
    const { id } = await createEndpoint(['invoice.paid']);
    receiver.answer = () => 500;
    await record(invoiceEvent('invoice.paid', 'in_retry'));
    await deliverDueWebhooks(t.deps);
    let [delivery] = await deliveries(id);
    expect(delivery).toMatchObject({
      status: 'pending',
      attempt_count: 1,
      next_attempt_at: t.clock.now() + 60,
    });
    expect(delivery!.attempts).toEqual([
      expect.objectContaining({ status: 'failed', response_status: 500, retry_count: 0 }),
    ]);

    // Not due yet: nothing is sent.
    t.clock.advance(59);
    expect(await deliverDueWebhooks(t.deps)).toBe(0);
    t.clock.advance(1);
    await deliverDueWebhooks(t.deps);
    [delivery] = await deliveries(id);
    expect(delivery).toMatchObject({
      status: 'pending',
      attempt_count: 2,
      next_attempt_at: t.clock.now() + 120,
    });

    receiver.answer = () => 204;
    t.clock.advance(120);
    await deliverDueWebhooks(t.deps);
    [delivery] = await deliveries(id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempt_count: 3, next_attempt_at: null });
    expect(delivery!.attempts.map((attempt) => attempt.response_status)).toEqual([500, 500, 204]);
    expect(new Set(receiver.received.map((webhook) => webhook.event.id)).size).toBe(1);
  });

  it('keeps retrying for three days, then gives up and flags the endpoint until a delivery succeeds', async () => {
    const { id } = await createEndpoint(['invoice.paid']);
    receiver.answer = () => 503;
    await record(invoiceEvent('invoice.paid', 'in_gives_up'));
    const started = t.clock.now();
    let attempts = 0;
    for (;;) {
      attempts += await deliverDueWebhooks(t.deps);
      const [delivery] = await deliveries(id);
      if (delivery!.status !== 'pending') break;
      t.clock.set(delivery!.next_attempt_at!);
    }
    expect(t.clock.now() - started).toBeGreaterThanOrEqual(WEBHOOK_RETRY_WINDOW_SECONDS);
    expect(attempts).toBe(WEBHOOK_MAX_ATTEMPTS);
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(18);
    expect(retryDelaySeconds(attempts)).toBe(8 * 3_600);
    const [failed] = await deliveries(id);
    expect(failed).toMatchObject({ status: 'failed', attempt_count: attempts, next_attempt_at: null });
    expect((await adminRequest(t, 'GET', `/webhook-endpoints/${id}`)).json().failing_since).toBe(
      t.clock.now(),
    );

    // Redelivered by hand once the receiver is back: it arrives, and the flag clears.
    receiver.answer = () => 200;
    const redelivered = await adminRequest(t, 'POST', `/webhook-deliveries/${failed!.id}/redeliver`);
    expect(redelivered.json()).toMatchObject({ status: 'pending', next_attempt_at: t.clock.now() });
    await deliverDueWebhooks(t.deps);
    expect((await deliveries(id))[0]).toMatchObject({ status: 'succeeded', attempt_count: attempts + 1 });
    expect((await adminRequest(t, 'GET', `/webhook-endpoints/${id}`)).json().failing_since).toBeNull();
  });

  it("sends one object's events in order: a later one waits while an earlier one is retried", async () => {
    await createEndpoint(['*']);
    receiver.answer = (webhook) =>
      webhook.event.type === 'invoice.created' && receiver.received.length === 1 ? 500 : 200;
    await record(
      invoiceEvent('invoice.created', 'in_ordered'),
      invoiceEvent('invoice.finalized', 'in_other'),
    );
    await record(invoiceEvent('invoice.paid', 'in_ordered'));
    await deliverDueWebhooks(t.deps);
    // The other invoice's event went; the paid one waits behind the failed created one.
    expect(receiver.received.map((webhook) => `${webhook.event.type} ${webhook.event.object_id}`)).toEqual([
      'invoice.created in_ordered',
      'invoice.finalized in_other',
    ]);
    t.clock.advance(60);
    expect(await deliverDueWebhooks(t.deps)).toBe(2);
    expect(receiver.received.slice(2).map((webhook) => webhook.event.type)).toEqual([
      'invoice.created',
      'invoice.paid',
    ]);
  });

  it('brings every event of many objects, at least once and in order per object, through a receiver that fails at random', async () => {
    await createEndpoint(['*']);
    const objects = Array.from({ length: 12 }, (_, index) => `in_random${index}`);
    const types = ['invoice.created', 'invoice.finalized', 'invoice.paid'] as const;
    for (const type of types) {
      for (let index = 0; index < objects.length; index += 3) {
        await record(...objects.slice(index, index + 3).map((id) => invoiceEvent(type, id)));
      }
      t.clock.advance(1);
    }
    // A fixed seed: the same failures on every run, a third of all attempts.
    let seed = 7;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    const accepted: typeof receiver.received = [];
    receiver.answer = (webhook) => {
      if (random() < 0.35) return 503;
      accepted.push(webhook);
      return 200;
    };
    for (let round = 0; round < 200 && accepted.length < objects.length * types.length; round += 1) {
      await deliverDueWebhooks(t.deps);
      t.clock.advance(3_600);
    }
    const unique = [...new Map(accepted.map((webhook) => [webhook.event.id, webhook.event])).values()];
    expect(unique).toHaveLength(objects.length * types.length);
    for (const object of objects) {
      expect(
        unique.filter((event) => event.object_id === object).map((event) => event.type),
        object,
      ).toEqual([...types]);
    }
    expect(receiver.received.length).toBeGreaterThan(unique.length);
  });

  it('signs with the old secret beside the new one while a rolled secret overlaps', async () => {
    const { id, secret: oldSecret } = await createEndpoint(['invoice.paid']);
    const rolled = await adminRequest(t, 'POST', `/webhook-endpoints/${id}/roll-secret`, {
      expires_in_seconds: 3_600,
    });
    const newSecret = rolled.json().secret as string;
    expect(newSecret).not.toBe(oldSecret);

    await record(invoiceEvent('invoice.paid', 'in_during'));
    await deliverDueWebhooks(t.deps);
    const during = receiver.received[0]!;
    expect(during.signature!.match(/v1=/g)).toHaveLength(2);
    for (const secret of [oldSecret, newSecret]) {
      expect(verifyWebhook({ header: during.signature, body: during.body, secret, now: t.clock.now() })).toBe(
        true,
      );
    }

    t.clock.advance(3_600);
    await record(invoiceEvent('invoice.paid', 'in_after'));
    await deliverDueWebhooks(t.deps);
    const after = receiver.received[1]!;
    const check = (secret: string) =>
      verifyWebhook({ header: after.signature, body: after.body, secret, now: t.clock.now() });
    expect([check(oldSecret), check(newSecret)]).toEqual([false, true]);
  });

  it('refuses private-network URLs unless allowed, at saving and again at sending', async () => {
    t.deps.webhooks.allowPrivateAddresses = false;
    for (const url of [
      receiver.url,
      'http://localhost/hooks',
      'http://10.0.0.8/hooks',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hooks',
      'http://[::ffff:127.0.0.1]/hooks',
    ]) {
      const response = await adminRequest(t, 'POST', '/webhook-endpoints', {
        livemode: false,
        url,
        enabled_events: ['*'],
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code, url).toBe('WEBHOOK_URL_PRIVATE');
    }
    expect((await adminRequest(t, 'GET', '/webhook-endpoints?livemode=false')).json().count).toBe(0);

    // Saved while allowed, refused once the policy changes: nothing reaches the address.
    t.deps.webhooks.allowPrivateAddresses = true;
    const { id } = await createEndpoint(['invoice.paid']);
    t.deps.webhooks.allowPrivateAddresses = false;
    await record(invoiceEvent('invoice.paid', 'in_private'));
    await deliverDueWebhooks(t.deps);
    expect(receiver.received).toHaveLength(0);
    expect((await deliveries(id))[0]!.attempts[0]).toMatchObject({ status: 'failed', response_status: null });
    expect((await deliveries(id))[0]!.attempts[0]!.error).toContain('private network');
  });

  it('gives up an attempt the receiver does not answer in time', async () => {
    t.deps.webhooks.timeoutMs = 200;
    const { id } = await createEndpoint(['invoice.paid']);
    receiver.answer = () => 'hang';
    await record(invoiceEvent('invoice.paid', 'in_hangs'));
    await deliverDueWebhooks(t.deps);
    expect((await deliveries(id))[0]!.attempts[0]).toMatchObject({
      status: 'failed',
      response_status: null,
      error: 'No answer within 0.2 s',
    });
  });

  it('queues nothing for a disabled endpoint, as Stripe does, and nothing after it is deleted', async () => {
    const { id } = await createEndpoint(['invoice.paid']);
    await adminRequest(t, 'PUT', `/webhook-endpoints/${id}`, { status: 'disabled' });
    await record(invoiceEvent('invoice.paid', 'in_while_disabled'));
    expect(await deliverDueWebhooks(t.deps)).toBe(0);
    await adminRequest(t, 'PUT', `/webhook-endpoints/${id}`, { status: 'enabled' });
    expect(await deliverDueWebhooks(t.deps)).toBe(0);
    await record(invoiceEvent('invoice.paid', 'in_enabled_again'));
    expect(await deliverDueWebhooks(t.deps)).toBe(1);

    expect((await adminRequest(t, 'DELETE', `/webhook-endpoints/${id}`)).json()).toEqual({
      id,
      deleted: true,
    });
    await record(invoiceEvent('invoice.paid', 'in_after_delete'));
    expect(await deliverDueWebhooks(t.deps)).toBe(0);
    expect((await adminRequest(t, 'GET', `/webhook-endpoints/${id}`)).statusCode).toBe(404);
    expect(receiver.received).toHaveLength(1);
  });

  it("dates a test clock's events, and sends them, at the clock's time", async () => {
    await createEndpoint(['invoice.created', 'invoice.paid']);
    const { subscriptionId, testClockId } = await createClockedSubscription(t.deps);
    const renewedAt = t.clock.now() + 40 * 86_400;
    const advanced = await adminRequest(t, 'POST', `/test-clocks/${testClockId}/advance`, {
      frozen_time: renewedAt,
    });
    expect(advanced.statusCode, advanced.body).toBe(200);
    const events = (await adminRequest(t, 'GET', '/events?livemode=false&type=invoice.paid')).json().list as {
      created: number;
      data: { subscription_id: string | null };
    }[];
    const renewal = events.find((event) => event.data.subscription_id === subscriptionId);
    expect(renewal?.created).toBeGreaterThan(t.clock.now() + 29 * 86_400);
    expect(renewal?.created).toBeLessThanOrEqual(renewedAt);
    await deliverDueWebhooks(t.deps);
    expect(receiver.received.some((webhook) => webhook.event.created === renewal!.created)).toBe(true);
  });

  it('announces a customer when created, and again only when their details change', async () => {
    await createEndpoint(['customer.created', 'customer.updated']);
    const details = testCustomerDetails('did:bazaar:usr_announced');
    const created = await saveCustomer(t.deps, details);
    expect(await saveCustomer(t.deps, details)).toEqual(created);
    await saveCustomer(t.deps, { ...details, email: 'ada@new.example' });
    await deliverDueWebhooks(t.deps);
    expect(receiver.received.map((webhook) => [webhook.event.type, webhook.event.data])).toEqual([
      ['customer.created', { id: created.id, name: 'Ada Payer', email: 'ada@example.com' }],
      ['customer.updated', { id: created.id, name: 'Ada Payer', email: 'ada@new.example' }],
    ]);
  });

  it('lists the last 30 days of events by type and by object', async () => {
    await record(invoiceEvent('invoice.created', 'in_listed'), invoiceEvent('invoice.paid', 'in_listed'));
    await record(invoiceEvent('invoice.paid', 'in_elsewhere'));
    const list = async (query: string) =>
      (await adminRequest(t, 'GET', `/events?livemode=false${query}`)).json() as {
        list: { type: string; object_id: string }[];
        count: number;
      };
    expect((await list('&object_id=in_listed')).list.map((event) => event.type)).toEqual([
      'invoice.paid',
      'invoice.created',
    ]);
    expect((await list('&type=invoice.paid')).count).toBe(2);
    expect((await list('&type=invoice.paid&object_id=in_elsewhere')).list).toEqual([
      expect.objectContaining({ type: 'invoice.paid', object_id: 'in_elsewhere' }),
    ]);
    expect((await adminRequest(t, 'GET', '/events?livemode=false&type=invoice.exploded')).statusCode).toBe(
      400,
    );

    const { id } = (await list('&object_id=in_elsewhere')).list[0] as unknown as { id: string };
    t.clock.advance(31 * 86_400);
    expect((await list('')).count).toBe(0);
    expect((await adminRequest(t, 'GET', `/events/${id}`)).statusCode).toBe(404);
  });

  it('delivers to a component subscribed in-process as to an endpoint: its types only, in order, retried when it throws', async () => {
    const heard: string[] = [];
    let failures = 1;
    const store: EventSubscriber = {
      name: 'store',
      events: ['invoice.created', 'invoice.paid'],
      async handle(event) {
        if (event.type === 'invoice.created' && failures-- > 0) throw new Error('the store is busy');
        heard.push(`${event.type} ${event.object_id}`);
      },
    };
    const subscribers = new Map([[store.name, store]]);
    await saveSubscriberEndpoints(t.db, subscribers, t.clock.now());
    // Saving again at the next start adds nothing.
    await saveSubscriberEndpoints(t.db, subscribers, t.clock.now());
    const endpoints = await adminRequest(t, 'GET', '/webhook-endpoints?livemode=false');
    expect(endpoints.json().list).toEqual([
      expect.objectContaining({
        url: 'component:store',
        enabled_events: ['invoice.created', 'invoice.paid'],
      }),
    ]);

    await record(
      invoiceEvent('invoice.created', 'in_store'),
      invoiceEvent('invoice.finalized', 'in_store'),
      invoiceEvent('invoice.paid', 'in_store'),
    );
    const deps = { ...t.deps, subscribers };
    await deliverDueWebhooks(deps);
    expect(heard).toEqual([]);
    t.clock.advance(60);
    await deliverDueWebhooks(deps);
    expect(heard).toEqual(['invoice.created in_store', 'invoice.paid in_store']);
    // A node without the component records the attempt as failed rather than losing the event.
    await record(invoiceEvent('invoice.paid', 'in_elsewhere'));
    await deliverDueWebhooks(t.deps);
    const [endpoint] = endpoints.json().list as { id: string }[];
    const deliveries = await adminRequest(
      t,
      'GET',
      `/webhook-endpoints/${endpoint!.id}/deliveries?pageSize=100`,
    );
    expect(deliveries.json().list[0]).toMatchObject({ status: 'pending', attempt_count: 1 });
    expect(receiver.received).toEqual([]);
    // The platform's own endpoint: the API neither changes nor deletes it.
    for (const [method, path, body] of [
      ['PUT', `/webhook-endpoints/${endpoint!.id}`, { status: 'disabled' }],
      ['POST', `/webhook-endpoints/${endpoint!.id}/roll-secret`, {}],
      ['DELETE', `/webhook-endpoints/${endpoint!.id}`, undefined],
    ] as const) {
      const refused = await adminRequest(t, method, path, body);
      expect([refused.statusCode, refused.json().error.code], `${method} ${path}`).toEqual([
        409,
        'WEBHOOK_ENDPOINT_MANAGED',
      ]);
    }
  });
});
