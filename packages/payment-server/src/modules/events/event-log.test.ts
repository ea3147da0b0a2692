import type { EventPayload } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pruneEventLog } from '../../flows/prune-event-log.ts';
import { adminRequest } from '../../test-utils/admin-requests.ts';
import { openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test-utils/webhook-receiver.ts';
import { deliverDueWebhooks } from '../webhooks/delivery.ts';
import { recordEvents } from './service.ts';

const invoice = (type: 'invoice.created' | 'invoice.paid', id: string): EventPayload => ({
  type,
  data: { id, customer_id: 'cus_log', subscription_id: null },
});
const customer = (id: string): EventPayload => ({
  type: 'customer.created',
  data: { id, name: '=cmd|calc', email: 'log@example.com' },
});
const failedPayment: EventPayload = {
  type: 'payment_intent.payment_failed',
  data: { id: 'pi_failed', customer_id: null, code: 'card_declined' },
};

const DAY = 86_400;

describe.each(TEST_DIALECTS)('the event log on %s', (dialect) => {
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

  async function record(...payloads: EventPayload[]) {
    await t.db
      .transaction()
      .execute((trx) => recordEvents(trx, { now: t.clock.now(), payloads, livemode: false }));
  }
  const list = async (query: string) => {
    const response = await adminRequest(t, 'GET', `/events?livemode=false${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { list: { id: string; type: string; object_id: string }[]; count: number };
  };

  it('filters by the kind of object, sorts either way, and takes an empty filter for none', async () => {
    await record(invoice('invoice.created', 'in_1'), customer('cus_1'));
    t.clock.advance(5);
    await record(invoice('invoice.paid', 'in_1'));

    const invoices = await list('&object_type=invoice');
    expect(invoices.list.map((event) => event.type)).toEqual(['invoice.paid', 'invoice.created']);
    expect(invoices.count).toBe(2);
    expect((await list('&object_type=customer')).list.map((event) => event.object_id)).toEqual(['cus_1']);
    expect((await list('&sortDirection=asc')).list.map((event) => event.type)).toEqual([
      'invoice.created',
      'customer.created',
      'invoice.paid',
    ]);
    expect((await list('&type=&object_type=&object_id=')).count).toBe(3);
    expect((await adminRequest(t, 'GET', '/events?livemode=false&object_type=planet')).statusCode).toBe(400);
  });

  it('exports the filtered log as CSV, newest first, with its count ahead and formulas as text', async () => {
    await record(invoice('invoice.created', 'in_2'), customer('cus_2'));
    t.clock.advance(5);
    await record(invoice('invoice.paid', 'in_2'));

    const all = await adminRequest(t, 'GET', '/events/export.csv?livemode=false');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['content-disposition']).toBe('attachment; filename="events-test.csv"');
    expect(all.headers['x-total-count']).toBe('3');
    const records = parse(all.body, { columns: true }) as Record<string, string>[];
    expect(records[0]).toMatchObject({ type: 'invoice.paid', object_id: 'in_2' });
    expect(records[0]!.created).toMatch(/Z$/);
    expect(JSON.parse(records[0]!.data!)).toEqual({
      id: 'in_2',
      customer_id: 'cus_log',
      subscription_id: null,
    });
    expect(records.find((record) => record.type === 'customer.created')!.data).toMatch(/^\{/);

    const paid = await adminRequest(
      t,
      'GET',
      '/events/export.csv?livemode=false&object_type=invoice&object_id=in_2',
    );
    expect(paid.headers['x-total-count']).toBe('2');
    expect(
      (parse(paid.body, { columns: true }) as Record<string, string>[]).map((record) => record.type),
    ).toEqual(['invoice.paid', 'invoice.created']);
    expect(
      (await adminRequest(t, 'GET', '/events/export.csv?livemode=false', undefined, 'member')).statusCode,
    ).toBe(403);
  });

  it('prunes what is older than 30 days: deliveries with their attempts, events the outbox is done with, but not the failures the success rate counts', async () => {
    const endpoint = await adminRequest(t, 'POST', '/webhook-endpoints', {
      livemode: false,
      url: receiver.url,
      enabled_events: ['*'],
    });
    const endpointId = (endpoint.json() as { id: string }).id;
    await record(invoice('invoice.paid', 'in_old'), failedPayment);
    await deliverDueWebhooks(t.deps);
    await t.db.updateTable('events').set({ relayed_at: t.clock.now() }).execute();
    t.clock.advance(20 * DAY);
    await record(invoice('invoice.paid', 'in_recent'));
    await deliverDueWebhooks(t.deps);
    const recentRedelivery = await adminRequest(t, 'POST', `/webhook-endpoints/${endpointId}/redeliveries`, {
      delivery_ids: (
        await t.db.selectFrom('webhook_deliveries').select('id').where('object_id', '=', 'in_old').execute()
      ).map((row) => row.id),
    });
    await deliverDueWebhooks(t.deps);
    expect(recentRedelivery.statusCode, recentRedelivery.body).toBe(200);

    t.clock.advance(11 * DAY);
    // Not yet relayed: the outbox still owes it, whatever its age.
    await t.db.updateTable('events').set({ relayed_at: null }).where('object_id', '=', 'in_recent').execute();
    expect(await pruneEventLog(t.deps)).toEqual({ deliveries: 2, redeliveries: 0, events: 1 });

    const events = await t.db.selectFrom('events').select('object_id').orderBy('object_id').execute();
    expect(events.map((row) => row.object_id)).toEqual(['in_recent', 'pi_failed']);
    const deliveries = await t.db.selectFrom('webhook_deliveries').select('object_id').execute();
    expect(deliveries.map((row) => row.object_id)).toEqual(['in_recent']);
    expect(await t.db.selectFrom('webhook_attempts').select('id').execute()).toHaveLength(1);
    expect(await t.db.selectFrom('webhook_redelivery_items').select('delivery_id').execute()).toEqual([]);
    expect(await pruneEventLog(t.deps)).toEqual({ deliveries: 0, redeliveries: 0, events: 0 });
    // The redelivery, made 20 days in, goes once it is 30 days old.
    t.clock.advance(20 * DAY);
    expect(await pruneEventLog(t.deps)).toMatchObject({ redeliveries: 1 });
    expect(await t.db.selectFrom('webhook_redeliveries').select('id').execute()).toEqual([]);
  });
});
