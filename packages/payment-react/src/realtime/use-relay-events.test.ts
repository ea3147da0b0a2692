import { describe, expect, it } from 'vitest';
import { parseRelayMessage, relaySocketUrl } from './use-relay-events.ts';

describe('relay messages', () => {
  it('reads a checkout.session.completed event frame', () => {
    const frame = JSON.stringify({
      type: 'event',
      event: {
        type: 'checkout.session.completed',
        data: {
          id: 'cs_1',
          customer_id: 'cus_1',
          invoice_id: 'in_1',
          subscription_id: null,
          payment_status: 'paid',
        },
      },
    });
    expect(parseRelayMessage(frame)).toEqual({
      type: 'checkout.session.completed',
      data: {
        id: 'cs_1',
        customer_id: 'cus_1',
        invoice_id: 'in_1',
        subscription_id: null,
        payment_status: 'paid',
      },
    });
  });

  it.each([
    ['not json'],
    [JSON.stringify({ type: 'pong' })],
    [JSON.stringify({ type: 'event', event: { type: 'unknown.event', data: {} } })],
    [42],
  ])('ignores %j', (frame) => {
    expect(parseRelayMessage(frame)).toBeNull();
  });

  it('derives the socket address from the platform origin', () => {
    expect(relaySocketUrl('http://localhost:3000')).toBe('ws://localhost:3000/.well-known/service/relay');
    expect(relaySocketUrl('https://shop.example/')).toBe('wss://shop.example/.well-known/service/relay');
  });
});
