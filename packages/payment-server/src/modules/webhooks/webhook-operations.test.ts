import { verifyWebhook } from '@bazaar/server-kit';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import type { EventPayload, WebhookDelivery, WebhookRedelivery } from '@bazaar/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminRequest } from '../../test-utils/admin-requests.ts';
import { openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test-utils/webhook-receiver.ts';
import { recordEvents } from '../events/service.ts';
import { saveSubscriberEndpoints } from './component-subscribers.ts';
import { deliverDueWebhooks, WEBHOOK_MAX_ATTEMPTS } from './delivery.ts';

const paid = (id: string): EventPayload => ({
  type: 'invoice.paid',
  data: { id, customer_id: 'cus_ops', subscription_id: null },
});

describe.each(TEST_DIALECTS)('webhook operations on %s', (dialect) => {
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

  async function createEndpoint(enabledEvents: string[] = ['*']) {
    const response = await adminRequest(t, 'POST', '/webhook-endpoints', {
      livemode: false,
      url: receiver.url,
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

  async function deliveries(endpointId: string, query = '') {
    const response = await adminRequest(
      t,
      'GET',
      `/webhook-endpoints/${endpointId}/deliveries?pageSize=100${query}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().list as WebhookDelivery[];
  }

  /** Fails every attempt until each delivery of `ids` has given up. */
  async function failUntilGivenUp(endpointId: string) {
    receiver.answer = () => 500;
    for (;;) {
      await deliverDueWebhooks(t.deps);
      const pending = (await deliveries(endpointId)).filter((delivery) => delivery.status === 'pending');
      if (pending.length === 0) return;
      t.clock.set(Math.max(...pending.map((delivery) => delivery.next_attempt_at!)));
    }
  }

  it('never shows the secret again: not in the list, not after a roll but in the roll itself', async () => {
    const created = await createEndpoint();
    const listed = await adminRequest(t, 'GET', '/webhook-endpoints?livemode=false');
    expect(listed.body).not.toContain(created.secret);
    expect(listed.json().list[0]).not.toHaveProperty('secret');
    const rolled = await adminRequest(t, 'POST', `/webhook-endpoints/${created.id}/roll-secret`, {});
    const { secret } = rolled.json() as { secret: string };
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(created.secret);
    const read = await adminRequest(t, 'GET', `/webhook-endpoints/${created.id}`);
    expect(read.body).not.toContain(secret);
    expect(read.json()).not.toHaveProperty('secret');
  });

  it('sends a signed test event now, records it as a tried-once delivery, and keeps it out of the event log', async () => {
    const { id, secret } = await createEndpoint(['invoice.paid']);
    const response = await adminRequest(t, 'POST', `/webhook-endpoints/${id}/test`, { type: 'invoice.paid' });
    expect(response.statusCode, response.body).toBe(200);
    const delivery = response.json() as WebhookDelivery;
    expect(delivery).toMatchObject({
      endpoint_id: id,
      event_type: 'invoice.paid',
      status: 'succeeded',
      attempt_count: 1,
      test: true,
      attempts: [expect.objectContaining({ status: 'succeeded', response_status: 200 })],
    });

    expect(receiver.received).toHaveLength(1);
    const [webhook] = receiver.received;
    expect(webhook!.event).toMatchObject({ id: delivery.event_id, type: 'invoice.paid', livemode: false });
    expect(webhook!.event.data).toMatchObject({
      id: webhook!.event.object_id,
      subscription_id: expect.any(String),
    });
    expect(
      verifyWebhook({ header: webhook!.signature, body: webhook!.body, secret, now: t.clock.now() }),
    ).toBe(true);
    expect((await adminRequest(t, 'GET', '/events?livemode=false')).json().count).toBe(0);
    expect((await deliveries(id)).map((row) => row.id)).toEqual([delivery.id]);
    // The sender leaves it be.
    expect(await deliverDueWebhooks(t.deps)).toBe(0);
  });

  it('gives a failing test event up after one attempt, without flagging the endpoint, and redelivers it by hand', async () => {
    const { id } = await createEndpoint();
    receiver.answer = () => 503;
    const response = await adminRequest(t, 'POST', `/webhook-endpoints/${id}/test`, {
      type: 'customer.subscription.updated',
    });
    expect(response.json()).toMatchObject({
      status: 'failed',
      next_attempt_at: null,
      attempts: [expect.objectContaining({ status: 'failed', response_status: 503 })],
    });
    expect((await adminRequest(t, 'GET', `/webhook-endpoints/${id}`)).json().failing_since).toBeNull();

    receiver.answer = () => 200;
    const deliveryId = (response.json() as WebhookDelivery).id;
    await adminRequest(t, 'POST', `/webhook-deliveries/${deliveryId}/redeliver`);
    expect(await deliverDueWebhooks(t.deps)).toBe(1);
    expect(receiver.received.map((webhook) => webhook.event.id)).toEqual([
      receiver.received[0]!.event.id,
      receiver.received[0]!.event.id,
    ]);
    expect((await adminRequest(t, 'GET', `/webhook-deliveries/${deliveryId}`)).json()).toMatchObject({
      status: 'succeeded',
      attempt_count: 2,
    });
  });

  it('refuses a test event of an unknown type, to a component, and records a private address refused', async () => {
    const { id } = await createEndpoint();
    const unknown = await adminRequest(t, 'POST', `/webhook-endpoints/${id}/test`, {
      type: 'invoice.exploded',
    });
    expect(unknown.statusCode).toBe(400);

    t.deps.webhooks.allowPrivateAddresses = false;
    const refused = await adminRequest(t, 'POST', `/webhook-endpoints/${id}/test`, { type: 'invoice.paid' });
    expect(refused.statusCode).toBe(200);
    expect((refused.json() as WebhookDelivery).attempts[0]).toMatchObject({
      status: 'failed',
      response_status: null,
      error: expect.stringContaining('private network'),
    });
    expect(receiver.received).toHaveLength(0);

    await saveSubscriberEndpoints(
      t.db,
      new Map([['store', { name: 'store', events: ['invoice.paid'], handle: async () => {} }]]),
      t.clock.now(),
    );
    const endpoints = (await adminRequest(t, 'GET', '/webhook-endpoints?livemode=false')).json().list as {
      id: string;
      url: string;
    }[];
    const component = endpoints.find((endpoint) => endpoint.url === 'component:store')!;
    const managed = await adminRequest(t, 'POST', `/webhook-endpoints/${component.id}/test`, {
      type: 'invoice.paid',
    });
    expect([managed.statusCode, managed.json().error.code]).toEqual([409, 'WEBHOOK_ENDPOINT_MANAGED']);
  });

  it('redelivers every failed delivery since a time as one operation, whose progress is its deliveries', async () => {
    const { id } = await createEndpoint(['invoice.paid']);
    await record(paid('in_before'));
    t.clock.advance(10);
    const since = t.clock.now();
    await record(paid('in_a'), paid('in_b'));
    await failUntilGivenUp(id);
    expect((await deliveries(id, '&status=failed')).length).toBe(3);
    const failedAttempts = WEBHOOK_MAX_ATTEMPTS;

    // One receiver answers again; the other object's delivery keeps failing.
    receiver.answer = (webhook) => (webhook.event.object_id === 'in_b' ? 500 : 200);
    const started = await adminRequest(t, 'POST', `/webhook-endpoints/${id}/redeliveries`, { since });
    expect(started.statusCode, started.body).toBe(200);
    const redelivery = started.json() as WebhookRedelivery;
    expect(redelivery).toMatchObject({ endpoint_id: id, total: 2, pending: 2, succeeded: 0, failed: 0 });

    await deliverDueWebhooks(t.deps);
    const progress = (await adminRequest(t, 'GET', `/webhook-redeliveries/${redelivery.id}`)).json();
    expect(progress).toMatchObject({ total: 2, pending: 0, succeeded: 1, failed: 1 });
    const after = await deliveries(id);
    expect(after.find((delivery) => delivery.status === 'succeeded')).toMatchObject({
      attempt_count: failedAttempts + 1,
    });
    // The one before `since` was left alone.
    expect(after.filter((delivery) => delivery.status === 'failed')).toHaveLength(2);

    const listed = (await adminRequest(t, 'GET', `/webhook-endpoints/${id}/redeliveries`)).json();
    expect(listed).toEqual({ list: [progress], count: 1 });
  });

  it('redelivers the deliveries named, refusing any not of the endpoint, and says when nothing failed', async () => {
    const { id } = await createEndpoint(['invoice.paid']);
    const other = await createEndpoint(['invoice.paid']);
    await record(paid('in_named'), paid('in_other'));
    await deliverDueWebhooks(t.deps);
    const [first] = await deliveries(id);
    const [foreign] = await deliveries(other.id);

    const nothing = await adminRequest(t, 'POST', `/webhook-endpoints/${id}/redeliveries`, {});
    expect([nothing.statusCode, nothing.json().error.code]).toEqual([404, 'NOT_FOUND']);
    const mixed = await adminRequest(t, 'POST', `/webhook-endpoints/${id}/redeliveries`, {
      delivery_ids: [first!.id, foreign!.id],
    });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().error.message).toContain(foreign!.id);
    expect((await adminRequest(t, 'GET', `/webhook-endpoints/${id}/redeliveries`)).json().count).toBe(0);

    const named = await adminRequest(t, 'POST', `/webhook-endpoints/${id}/redeliveries`, {
      delivery_ids: [first!.id],
    });
    expect(named.json()).toMatchObject({ total: 1, pending: 1 });
    expect(await deliverDueWebhooks(t.deps)).toBe(1);
    expect(
      (
        await adminRequest(t, 'GET', `/webhook-redeliveries/${(named.json() as WebhookRedelivery).id}`)
      ).json(),
    ).toMatchObject({ total: 1, succeeded: 1, pending: 0 });
  });

  it("lists an event's deliveries, one per endpoint it went to", async () => {
    const first = await createEndpoint(['invoice.paid']);
    const second = await createEndpoint(['*']);
    await createEndpoint(['customer.created']);
    await record(paid('in_fanned'));
    await deliverDueWebhooks(t.deps);
    const [event] = (await adminRequest(t, 'GET', '/events?livemode=false')).json().list as { id: string }[];
    const response = await adminRequest(t, 'GET', `/events/${event!.id}/deliveries`);
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json().list as WebhookDelivery[];
    expect(list.map((delivery) => delivery.endpoint_id).sort()).toEqual([first.id, second.id].sort());
    expect(list.every((delivery) => delivery.status === 'succeeded' && delivery.attempts.length === 1)).toBe(
      true,
    );
  });
});
