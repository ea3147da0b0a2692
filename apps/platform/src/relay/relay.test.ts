import { eventsChannel, type RelayEvent, type RelayServerMessage } from '@bazaar/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestPlatform, type TestPlatform } from '../testing.ts';

const HEARTBEAT_MS = 100;
const CHANNEL = eventsChannel('bazaar');
const EVENT: RelayEvent = {
  id: 'evt_1',
  type: 'invoice.paid',
  livemode: false,
  created: 1_800_000_000,
  data: { id: 'in_1', customer_id: 'cus_1', subscription_id: null },
};

/** A socket that queues what it receives, so a test can await the next message in order. */
async function connect(url: string, options: WebSocket.ClientOptions = {}) {
  const socket = new WebSocket(url, options);
  const received: RelayServerMessage[] = [];
  const waiters: Array<(message: RelayServerMessage) => void> = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as RelayServerMessage;
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else received.push(message);
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return {
    socket,
    send: (message: unknown) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    next: () =>
      new Promise<RelayServerMessage>((resolve) => {
        const queued = received.shift();
        if (queued) resolve(queued);
        else waiters.push(resolve);
      }),
  };
}

describe('relay', () => {
  let platform: TestPlatform;
  let url: string;

  beforeEach(async () => {
    platform = await createTestPlatform('sqlite', { components: () => [], relayHeartbeatMs: HEARTBEAT_MS });
    const address = await platform.app.listen({ host: '127.0.0.1', port: 0 });
    url = `${address.replace('http', 'ws')}/.well-known/service/relay`;
  });
  afterEach(async () => {
    await platform.close();
  });

  it('delivers events published on the channel a client subscribed to', async () => {
    const subscriber = await connect(url);
    const bystander = await connect(url);
    subscriber.send({ type: 'subscribe', channel: CHANNEL });
    expect(await subscriber.next()).toEqual({ type: 'subscribed', channel: CHANNEL });

    platform.relay.publish(CHANNEL, EVENT);
    expect(await subscriber.next()).toEqual({ type: 'event', channel: CHANNEL, event: EVENT });

    bystander.send({ type: 'ping' });
    expect(await bystander.next()).toEqual({ type: 'pong' });
  });

  it('stops delivering after unsubscribe', async () => {
    const client = await connect(url);
    client.send({ type: 'subscribe', channel: CHANNEL });
    await client.next();
    client.send({ type: 'unsubscribe', channel: CHANNEL });
    expect(await client.next()).toEqual({ type: 'unsubscribed', channel: CHANNEL });
    platform.relay.publish(CHANNEL, EVENT);
    client.send({ type: 'ping' });
    expect(await client.next()).toEqual({ type: 'pong' });
  });

  it('answers unknown channels and bad messages with an error', async () => {
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
});
