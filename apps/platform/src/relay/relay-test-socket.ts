import { eventsChannel, type RelayEvent, type RelayServerMessage } from '@bazaar/schemas';
import { expect } from 'vitest';
import WebSocket from 'ws';

const CHANNEL = eventsChannel('bazaar');

export const relayUrl = (baseUrl: string) => `${baseUrl.replace('http', 'ws')}/.well-known/service/relay`;

/** A socket that keeps what it receives in order, so a test can read the next message. */
export async function connect(url: string, options: WebSocket.ClientOptions = {}) {
  const socket = new WebSocket(url, options);
  const messages: RelayServerMessage[] = [];
  let read = 0;
  socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as RelayServerMessage));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const send = (message: unknown) =>
    socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  async function next(): Promise<RelayServerMessage> {
    while (read >= messages.length) await new Promise((resolve) => socket.once('message', resolve));
    return messages[read++]!;
  }
  return {
    socket,
    send,
    next,
    async subscribe(secrets?: string[]) {
      send({ type: 'subscribe', channel: CHANNEL, secrets });
      expect(await next()).toEqual({ type: 'subscribed', channel: CHANNEL });
    },
    /** The events heard so far: a pong answers after every frame the server sent before it. */
    async heard(): Promise<RelayEvent[]> {
      send({ type: 'ping' });
      const events: RelayEvent[] = [];
      for (let message = await next(); message.type !== 'pong'; message = await next()) {
        if (message.type === 'event') events.push(message.event);
      }
      return events;
    },
  };
}
