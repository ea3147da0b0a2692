import { DEMO } from '@bazaar/payment-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../testing.ts';
import { payTestCheckout, startTestCheckout } from '../test-checkouts.ts';
import { connect, relayUrl } from './relay-test-socket.ts';

const PATIENCE = { timeout: 5_000, interval: 20 };

/** Two nodes of one platform on PostgreSQL, as two processes on the same DATABASE_URL. */
describe('two nodes on one PostgreSQL database', () => {
  let first: TestPlatform;
  let second: TestPlatform;

  beforeEach(async () => {
    first = await createTestPlatform('postgres', { listen: true });
    second = await createTestPlatform('postgres', { listen: true, nodeOf: first, clock: first.clock });
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
});
