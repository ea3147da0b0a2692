import { eventsChannel, RELAY_MAX_SECRETS, type RelayEvent } from '@bazaar/schemas';
import { DEMO } from '@bazaar/payment-server';
import { sha256Hex, type RelayAudience } from '@bazaar/server-kit';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestPlatform, type TestPlatform } from '../testing.ts';
import { connect, relayUrl } from './relay-test-socket.ts';
import { payTestCheckout, startTestCheckout } from '../test-checkouts.ts';

const HEARTBEAT_MS = 100;
const CHANNEL = eventsChannel('bazaar');
const SECRET = 'cs_1_secret_abc';
const EVENT: RelayEvent = {
  id: 'evt_1',
  type: 'invoice.paid',
  livemode: false,
  created: 1_800_000_000,
  data: { id: 'in_1', customer_id: 'cus_1', subscription_id: null },
};
const SECRET_HOLDERS: RelayAudience = {
  everyone: false,
  userDids: [],
  roles: [],
  secretHashes: [sha256Hex(SECRET)],
};
const DONATION_UPDATED: RelayEvent = {
  id: 'evt_2',
  type: 'donation.updated',
  livemode: false,
  created: 1_800_000_000,
  data: { id: 'plink_1' },
};

/** The status and error code a refused upgrade is answered with. */
function refusal(url: string): Promise<{ status: number; code: string }> {
  const socket = new WebSocket(url);
  return new Promise((resolve, reject) => {
    socket.once('open', () => reject(new Error('the socket was let in')));
    socket.once('unexpected-response', (request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, code: JSON.parse(body).error.code });
        request.destroy();
      });
    });
  });
}

describe('relay protocol', () => {
  let platform: TestPlatform;
  let url: string;

  beforeEach(async () => {
    platform = await createTestPlatform('sqlite', { components: () => [], relayHeartbeatMs: HEARTBEAT_MS });
    url = relayUrl(await platform.app.listen({ host: '127.0.0.1', port: 0 }));
  });
  afterEach(async () => {
    await platform.close();
  });

  it('delivers an event to the subscribers it names, and to no one else', async () => {
    const holder = await connect(url);
    const bystander = await connect(url);
    await holder.subscribe([SECRET]);
    await bystander.subscribe(['cs_1_secret_wrong']);

    platform.relay.publish(CHANNEL, [{ event: EVENT, audience: SECRET_HOLDERS }]);
    expect(await holder.heard()).toEqual([EVENT]);
    expect(await bystander.heard()).toEqual([]);
  });

  it('delivers an event addressed to everyone to a socket of nobody, which still hears nothing else', async () => {
    const nobody = await connect(url);
    const unsubscribed = await connect(url);
    await nobody.subscribe();

    platform.relay.publish(CHANNEL, [
      {
        event: EVENT,
        audience: { everyone: false, userDids: ['did:bazaar:usr_payer'], roles: ['owner'], secretHashes: [] },
      },
      { event: DONATION_UPDATED, audience: { everyone: true, userDids: [], roles: [], secretHashes: [] } },
    ]);
    expect(await nobody.heard()).toEqual([DONATION_UPDATED]);
    expect(await unsubscribed.heard()).toEqual([]);
  });

  it('stops delivering after unsubscribe', async () => {
    const client = await connect(url);
    await client.subscribe([SECRET]);
    client.send({ type: 'unsubscribe', channel: CHANNEL });
    expect(await client.next()).toEqual({ type: 'unsubscribed', channel: CHANNEL });
    platform.relay.publish(CHANNEL, [{ event: EVENT, audience: SECRET_HOLDERS }]);
    expect(await client.heard()).toEqual([]);
  });

  it('answers unknown channels, bad messages and too many or too long secrets with an error', async () => {
    const client = await connect(url);
    client.send({ type: 'subscribe', channel: 'relay:someone-else:events' });
    expect(await client.next()).toEqual({
      type: 'error',
      message: 'Unknown channel: relay:someone-else:events',
    });
    client.send('not json');
    expect(await client.next()).toMatchObject({ type: 'error' });
    client.send({ type: 'dance' });
    expect(await client.next()).toMatchObject({ type: 'error' });
    client.send({ type: 'subscribe', channel: CHANNEL, secrets: ['x'.repeat(201)] });
    expect(await client.next()).toMatchObject({ type: 'error' });

    // The bound holds per socket: subscribing again cannot add secrets past it.
    const secrets = (from: number) => Array.from({ length: RELAY_MAX_SECRETS / 2 }, (_, i) => `s${from + i}`);
    await client.subscribe(secrets(0));
    await client.subscribe(secrets(RELAY_MAX_SECRETS / 2));
    client.send({ type: 'subscribe', channel: CHANNEL, secrets: [SECRET] });
    expect(await client.next()).toEqual({
      type: 'error',
      message: `At most ${RELAY_MAX_SECRETS} secrets per socket`,
    });
    platform.relay.publish(CHANNEL, [{ event: EVENT, audience: SECRET_HOLDERS }]);
    expect(await client.heard()).toEqual([]);
  });

  it('sends heartbeats and keeps a client that answers pings', async () => {
    const client = await connect(url);
    expect(await client.next()).toEqual({ type: 'heartbeat' });
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 4));
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    expect(platform.relay.clientCount).toBe(1);
  });

  it('drops a client that misses two pongs', async () => {
    const silent = await connect(url, { autoPong: false });
    const closed = new Promise((resolve) => silent.socket.once('close', resolve));
    await closed;
    expect(platform.relay.clientCount).toBe(0);
  });

  it('refuses the socket past the limit of one network address, and takes one again once a socket closes', async () => {
    await platform.close();
    platform = await createTestPlatform('sqlite', {
      components: () => [],
      limits: { relaySocketsPerAddress: 2 },
    });
    url = relayUrl(await platform.app.listen({ host: '127.0.0.1', port: 0 }));
    const first = await connect(url);
    await connect(url);

    expect(await refusal(url)).toEqual({ status: 429, code: 'RELAY_SOCKETS_LIMITED' });
    first.socket.close();
    await expect.poll(() => platform.relay.clientCount, { timeout: 5_000 }).toBe(1);
    const again = await connect(url);
    expect(again.socket.readyState).toBe(WebSocket.OPEN);
  });
});

/**
 * Finding 3 of the outside test: an anonymous socket, from any origin, heard every payment with
 * its ids. Now each socket hears only what its holder may see.
 */
describe.each(TEST_DIALECTS)('who hears payments on the relay on %s', (dialect) => {
  let platform: TestPlatform;

  beforeEach(async () => {
    platform = await createTestPlatform(dialect, { listen: true });
  });
  afterEach(async () => {
    await platform.close();
  });

  const startCheckout = (link: string, cookie?: string) => startTestCheckout(platform.app, link, cookie);
  const payCheckout = (session: { id: string; secret: string }, who: { cookie?: string; email: string }) =>
    payTestCheckout(platform.app, session, who);

  it('tells the payer, the guest who proved the donation and the admins only of their own payments, by ids', async () => {
    const url = relayUrl(platform.baseUrl);
    const owner = await platform.signIn('owner@example.com');
    const payer = await platform.signIn('payer@example.com');
    const trusted = { origin: platform.baseUrl };
    const foreign = { origin: 'https://evil.example' };
    const bought = await startCheckout(DEMO.oneTimeLinkId, payer.cookie);
    const donation = await startCheckout(DEMO.donationLinkId);

    const anonymous = await connect(url);
    const hijacker = await connect(url, { headers: { cookie: payer.cookie, ...foreign } });
    const adminHijacker = await connect(url, { headers: { cookie: owner.cookie, ...foreign } });
    const guessing = await connect(url);
    const payerPage = await connect(url, { headers: { cookie: payer.cookie, ...trusted } });
    const guestPage = await connect(url);
    const adminPage = await connect(url, { headers: { cookie: owner.cookie, ...trusted } });
    for (const socket of [anonymous, hijacker, adminHijacker, payerPage, adminPage]) await socket.subscribe();
    await guessing.subscribe([`${donation.id}_secret_guessed`]);
    await guestPage.subscribe([donation.secret]);

    const boughtIntent = await payCheckout(bought, { cookie: payer.cookie, email: 'payer@example.com' });
    const donationIntent = await payCheckout(donation, { email: 'guest@example.com' });

    for (const silent of [anonymous, hijacker, adminHijacker, guessing])
      expect(await silent.heard()).toEqual([]);
    const payerHeard = await payerPage.heard();
    // The payer's customer, created at their submit, is theirs to hear of; a guest's is nobody's.
    expect(payerHeard.map((event) => [event.type, event.data.id])).toEqual([
      ['customer.created', expect.stringMatching(/^cus_/)],
      ['payment_intent.succeeded', boughtIntent],
      ['checkout.session.completed', bought.id],
      ['invoice.paid', expect.stringMatching(/^in_/)],
    ]);
    const completed = payerHeard.find((event) => event.type === 'checkout.session.completed')!;
    expect(Object.keys(completed.data).sort()).toEqual([
      'customer_id',
      'id',
      'invoice_id',
      'subscription_id',
    ]);
    expect((await guestPage.heard()).map((event) => [event.type, event.data.id])).toEqual([
      ['payment_intent.succeeded', donationIntent],
      ['checkout.session.completed', donation.id],
    ]);
    expect((await adminPage.heard()).map((event) => event.type)).toEqual([
      'customer.created',
      'payment_intent.succeeded',
      'checkout.session.completed',
      'invoice.paid',
      'customer.created',
      'payment_intent.succeeded',
      'checkout.session.completed',
      'invoice.paid',
    ]);
  });

  it("tells every page of a donation's new totals by the link's id alone, and nobody of the payment", async () => {
    const url = relayUrl(platform.baseUrl);
    const made = await platform.app.inject({
      method: 'POST',
      url: '/payment-kit/api/donations?livemode=false',
      payload: { target: 'app:weather', title: 'Tip the weather app' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const linkId: string = made.json().payment_link_id;
    const nobody = await connect(url);
    const foreign = await connect(url, { headers: { origin: 'https://evil.example' } });
    for (const socket of [nobody, foreign]) await socket.subscribe();

    const session = await startCheckout(linkId);
    await payCheckout(session, { email: 'guest@example.com' });

    for (const socket of [nobody, foreign]) {
      expect(await socket.heard()).toEqual([
        {
          id: expect.stringMatching(/^evt_/),
          type: 'donation.updated',
          livemode: false,
          created: expect.any(Number),
          data: { id: linkId },
        },
      ]);
    }
  });
});
