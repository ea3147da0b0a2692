import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPaymentKit, DEMO } from '@bazaar/payment-server';
import type { ComponentDeps } from '@bazaar/server-kit';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from './testing.ts';
import { payTestCheckout, startTestCheckout } from './test-checkouts.ts';
import { connect, relayUrl } from './relay/relay-test-socket.ts';

const PATIENCE = { timeout: 5_000, interval: 20 };

/** Two nodes of one platform on PostgreSQL, as two processes on the same DATABASE_URL. */
describe('two nodes on one PostgreSQL database', () => {
  let first: TestPlatform;
  let second: TestPlatform;

  beforeEach(async () => {
    // Webhooks to the test's receiver on 127.0.0.1: both nodes' kits may send to loopback.
    const components = (deps: ComponentDeps) => [
      createPaymentKit(deps, { webhooks: { allowPrivateAddresses: true } }),
    ];
    first = await createTestPlatform('postgres', { listen: true, components });
    second = await createTestPlatform('postgres', {
      listen: true,
      components,
      nodeOf: first,
      clock: first.clock,
    });
  });
  afterEach(async () => {
    await second?.close();
    await first?.close();
  });

  it('a payment made on one node reaches the payer and the admin on the other, once, and sessions work on both', async () => {
    const owner = await first.signIn('owner@example.com');
    const payer = await first.signIn('payer@example.com');
    const session = await second.app.inject({
      url: '/.well-known/service/user/session',
      headers: { cookie: payer.cookie },
    });
    expect(session.json().user).toMatchObject({ email: 'payer@example.com' });

    const url = relayUrl(second.baseUrl);
    const payerPage = await connect(url, { headers: { cookie: payer.cookie, origin: second.baseUrl } });
    const adminPage = await connect(url, { headers: { cookie: owner.cookie, origin: second.baseUrl } });
    const strangerPage = await connect(url);
    const firstNodePage = await connect(relayUrl(first.baseUrl), {
      headers: { cookie: payer.cookie, origin: first.baseUrl },
    });
    for (const page of [payerPage, adminPage, strangerPage, firstNodePage]) await page.subscribe();

    // Opened on the second node, paid on the first.
    const bought = await startTestCheckout(second.app, DEMO.oneTimeLinkId, payer.cookie);
    await payTestCheckout(first.app, bought, { cookie: payer.cookie, email: 'payer@example.com' });

    const completed = (events: { type: string; data: { id: string } }[]) =>
      events.filter((event) => event.type === 'checkout.session.completed').map((event) => event.data.id);
    let payerHeard: Awaited<ReturnType<typeof payerPage.heard>> = [];
    await expect
      .poll(async () => completed((payerHeard = [...payerHeard, ...(await payerPage.heard())])), PATIENCE)
      .toEqual([bought.id]);
    expect(payerHeard.map((event) => event.type)).toEqual([
      'customer.created',
      'payment_intent.succeeded',
      'checkout.session.completed',
      'invoice.paid',
    ]);
    let adminHeard: Awaited<ReturnType<typeof adminPage.heard>> = [];
    await expect
      .poll(async () => completed((adminHeard = [...adminHeard, ...(await adminPage.heard())])), PATIENCE)
      .toEqual([bought.id]);
    // The first node relayed before it answered: its own sockets have heard already.
    expect(completed(await firstNodePage.heard())).toEqual([bought.id]);
    expect(await strangerPage.heard()).toEqual([]);
    for (const page of [payerPage, adminPage, strangerPage, firstNodePage]) page.socket.close();
  });

  it('ignores a notification that is not events, and keeps relaying', async () => {
    const payer = await first.signIn('payer@example.com');
    const page = await connect(relayUrl(second.baseUrl), {
      headers: { cookie: payer.cookie, origin: second.baseUrl },
    });
    await page.subscribe();
    for (const junk of [
      'not json',
      '{"mark":"x","channel":"relay:bazaar:events","deliveries":[{"event":{}}]}',
    ]) {
      await first.database.notifications!.notify('bazaar_relay', junk);
    }

    const bought = await startTestCheckout(first.app, DEMO.oneTimeLinkId, payer.cookie);
    await payTestCheckout(first.app, bought, { cookie: payer.cookie, email: 'payer@example.com' });
    let heard: Awaited<ReturnType<typeof page.heard>> = [];
    await expect
      .poll(async () => (heard = [...heard, ...(await page.heard())]).map((event) => event.type), PATIENCE)
      .toContain('checkout.session.completed');
    page.socket.close();
  });

  it('listens again after PostgreSQL drops its listening connections, and relays what comes after', async () => {
    const payer = await first.signIn('payer@example.com');
    const page = await connect(relayUrl(second.baseUrl), {
      headers: { cookie: payer.cookie, origin: second.baseUrl },
    });
    await page.subscribe();
    const terminated = await sql<{ pid: number }>`
      select pg_terminate_backend(pid) as pid from pg_stat_activity
      where query = ${`LISTEN "bazaar_relay:${first.databaseTarget}"`}`.execute(first.database.db);
    expect(terminated.rows).toHaveLength(2);
    await expect
      .poll(async () => {
        const listening = await sql<{ count: string | number }>`
          select count(*) as count from pg_stat_activity
          where query = ${`LISTEN "bazaar_relay:${first.databaseTarget}"`}`.execute(first.database.db);
        return Number(listening.rows[0]!.count);
      }, PATIENCE)
      .toBe(2);

    const bought = await startTestCheckout(first.app, DEMO.oneTimeLinkId, payer.cookie);
    await payTestCheckout(first.app, bought, { cookie: payer.cookie, email: 'payer@example.com' });
    let heard: Awaited<ReturnType<typeof page.heard>> = [];
    await expect
      .poll(async () => (heard = [...heard, ...(await page.heard())]).map((event) => event.data.id), PATIENCE)
      .toContain(bought.id);
    page.socket.close();
  });

  it('sends each webhook once though both nodes run the sender', async () => {
    const received: string[] = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push((JSON.parse(body) as { id: string }).id);
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const { cookie } = await first.signIn('owner@example.com');
      const created = await second.app.inject({
        method: 'POST',
        url: '/payment-kit/api/webhook-endpoints',
        headers: { cookie },
        payload: {
          livemode: false,
          url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
          enabled_events: ['*'],
        },
      });
      expect(created.statusCode, created.body).toBe(200);
      for (let index = 0; index < 5; index += 1) {
        const node = index % 2 === 0 ? first : second;
        const session = await startTestCheckout(node.app, DEMO.oneTimeLinkId, cookie);
        await payTestCheckout(node.app, session, { cookie, email: 'owner@example.com' });
      }
      const events = await first.database.db.selectFrom('events').select('id').execute();
      await expect.poll(() => received.length, { timeout: 10_000, interval: 100 }).toBe(events.length);
      // Both senders ran meanwhile; nothing came twice.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect([...received].sort()).toEqual(events.map((event: { id: string }) => event.id).sort());
    } finally {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
