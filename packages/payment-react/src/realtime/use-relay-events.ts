import { useEffect, useEffectEvent } from 'react';
import {
  eventsChannel,
  relayServerMessageSchema,
  type RelayEvent,
  type RelayServerMessage,
} from '@bazaar/schemas';
import { readCheckoutSecret } from '../api/checkout-secrets.ts';
import { usePaymentContext } from '../provider/payment-context.ts';

export function relaySocketUrl(platformUrl: string): string {
  return `${platformUrl.replace(/\/$/, '').replace(/^http/, 'ws')}/.well-known/service/relay`;
}

/** Reads one relay frame; anything that is not a known message (an unknown event too) is ignored. */
export function parseRelayFrame(raw: unknown): RelayServerMessage | null {
  if (typeof raw !== 'string') return null;
  try {
    const parsed = relayServerMessageSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Where a page's socket reaches the relay, and whose events channel it listens to (null: none). */
export interface RelayConnection {
  platformUrl: string;
  appId: string | null;
}

/**
 * Listens to the app's events channel while `isEnabled`. The relay tells a socket only about
 * what its holder may see: a signed-in page hears its user's events through the session cookie
 * the upgrade carries, and a page waiting on a checkout session (`checkoutSessionId`) proves it
 * pays it with the session's client secret, which is how a guest hears its own completion.
 * Realtime only speeds things up: callers keep a polling fallback, so a socket that never opens
 * is not an error.
 *
 * `onSubscribed` runs each time the relay confirms the subscription. Whatever happened between
 * the caller's first read and that moment was never heard, so a caller that shows live data reads
 * it again there.
 */
export function useRelayEvents(
  isEnabled: boolean,
  onEvent: (event: RelayEvent) => void,
  options: { checkoutSessionId?: string; onSubscribed?: () => void } = {},
): void {
  const { platformUrl, appId } = usePaymentContext();
  useRelayChannel({ platformUrl, appId }, isEnabled, onEvent, options);
}

/** `useRelayEvents` for a host page without a PaymentProvider, which names the relay itself. */
export function useRelayChannel(
  { platformUrl, appId }: RelayConnection,
  isEnabled: boolean,
  onEvent: (event: RelayEvent) => void,
  options: { checkoutSessionId?: string; onSubscribed?: () => void } = {},
): void {
  // The socket stays open across renders; each frame reaches the caller's latest handlers.
  const handleEvent = useEffectEvent(onEvent);
  const handleSubscribed = useEffectEvent(() => options.onSubscribed?.());
  const { checkoutSessionId } = options;

  useEffect(() => {
    if (!isEnabled || !appId || typeof WebSocket === 'undefined') return;
    const socket = new WebSocket(relaySocketUrl(platformUrl));
    socket.addEventListener('open', () => {
      const secret = checkoutSessionId ? readCheckoutSecret(checkoutSessionId) : null;
      socket.send(
        JSON.stringify({
          type: 'subscribe',
          channel: eventsChannel(appId),
          ...(secret ? { secrets: [secret] } : {}),
        }),
      );
    });
    socket.addEventListener('message', (message: MessageEvent) => {
      const frame = parseRelayFrame(message.data);
      if (frame?.type === 'event') handleEvent(frame.event);
      else if (frame?.type === 'subscribed') handleSubscribed();
    });
    return () => socket.close();
  }, [isEnabled, appId, platformUrl, checkoutSessionId]);
}
