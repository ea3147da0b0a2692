import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberCheckoutSecret } from '../api/checkout-secrets.ts';
import { installFakeRelay } from '../test-utils/fake-relay.ts';
import { renderWithPayment } from '../test-utils/render-checkout.tsx';
import { parseRelayFrame, relaySocketUrl, useRelayEvents } from './use-relay-events.ts';

describe('relay messages', () => {
  it('reads an ids-only checkout.session.completed frame', () => {
    const event = {
      id: 'evt_1',
      type: 'checkout.session.completed',
      livemode: false,
      created: 1_800_000_000,
      data: { id: 'cs_1', customer_id: 'cus_1', invoice_id: 'in_1', subscription_id: null },
    };
    expect(parseRelayFrame(JSON.stringify({ type: 'event', channel: 'relay:bazaar:events', event }))).toEqual(
      { type: 'event', channel: 'relay:bazaar:events', event },
    );
  });

  it('keeps the ids of a frame that carries more', () => {
    const frame = JSON.stringify({
      type: 'event',
      channel: 'relay:bazaar:events',
      event: {
        id: 'evt_2',
        type: 'invoice.payment_failed',
        livemode: false,
        created: 1_800_000_000,
        data: { id: 'in_1', customer_id: 'cus_1', subscription_id: null, code: 'card_declined' },
      },
    });
    const parsed = parseRelayFrame(frame);
    expect(parsed?.type === 'event' && parsed.event.data).toEqual({
      id: 'in_1',
      customer_id: 'cus_1',
      subscription_id: null,
    });
  });

  it.each([
    ['not json'],
    [JSON.stringify({ type: 'subscribe', channel: 'relay:bazaar:events' })],
    [JSON.stringify({ type: 'event', event: { type: 'unknown.event', data: {} } })],
    [JSON.stringify({ type: 'event', event: { type: 'checkout.session.expired', data: { id: 'cs_1' } } })],
    [42],
  ])('ignores %j', (frame) => {
    expect(parseRelayFrame(frame)).toBeNull();
  });

  it('derives the socket address from the platform origin', () => {
    expect(relaySocketUrl('http://localhost:3000')).toBe('ws://localhost:3000/.well-known/service/relay');
    expect(relaySocketUrl('https://shop.example/')).toBe('wss://shop.example/.well-known/service/relay');
  });
});

describe('useRelayEvents', () => {
  let relay: ReturnType<typeof installFakeRelay>;
  beforeEach(() => {
    relay = installFakeRelay();
  });
  afterEach(() => {
    relay.uninstall();
    sessionStorage.clear();
  });

  function Listener(props: { sessionId?: string; onEvent: (type: string) => void }) {
    useRelayEvents(true, (event) => props.onEvent(`${event.type} ${event.data.id}`), {
      checkoutSessionId: props.sessionId,
    });
    return null;
  }

  it("proves the checkout it waits for with the session's secret, and hears its completion", async () => {
    rememberCheckoutSecret('cs_guest', 'cs_guest_secret_abc');
    const onEvent = vi.fn();
    renderWithPayment(<Listener sessionId="cs_guest" onEvent={onEvent} />, { routes: [], appId: 'bazaar' });

    await vi.waitFor(() =>
      expect(relay.sent).toEqual([
        { type: 'subscribe', channel: 'relay:bazaar:events', secrets: ['cs_guest_secret_abc'] },
      ]),
    );
    relay.deliver({
      type: 'checkout.session.completed',
      data: { id: 'cs_guest', customer_id: null, invoice_id: null, subscription_id: null },
    });
    expect(onEvent).toHaveBeenCalledWith('checkout.session.completed cs_guest');
  });

  it('subscribes without secrets when it waits for no session, or holds no secret for it', async () => {
    renderWithPayment(<Listener onEvent={() => {}} />, { routes: [], appId: 'bazaar' });
    renderWithPayment(<Listener sessionId="cs_elsewhere" onEvent={() => {}} />, {
      routes: [],
      appId: 'bazaar',
    });
    await vi.waitFor(() => expect(relay.sent).toHaveLength(2));
    expect(relay.sent).toEqual([
      { type: 'subscribe', channel: 'relay:bazaar:events' },
      { type: 'subscribe', channel: 'relay:bazaar:events' },
    ]);
  });

  it('tells the caller each time the relay confirms the subscription', async () => {
    function Subscriber(props: { onSubscribed: () => void }) {
      useRelayEvents(true, () => {}, { onSubscribed: props.onSubscribed });
      return null;
    }
    const onSubscribed = vi.fn();
    renderWithPayment(<Subscriber onSubscribed={onSubscribed} />, { routes: [], appId: 'bazaar' });
    await vi.waitFor(() => expect(onSubscribed).toHaveBeenCalledTimes(1));
  });
});
