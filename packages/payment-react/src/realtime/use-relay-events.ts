import { useEffect, useEffectEvent } from 'react';
import { eventsChannel, relayEventSchema, type RelayEvent } from '@bazaar/schemas';
import { z } from 'zod';
import { readCheckoutSecret } from '../api/checkout-secrets.ts';
import { usePaymentContext } from '../provider/payment-context.ts';

const relayMessageSchema = z.object({ type: z.literal('event'), event: relayEventSchema });

export function relaySocketUrl(platformUrl: string): string {
  return `${platformUrl.replace(/\/$/, '').replace(/^http/, 'ws')}/.well-known/service/relay`;
}

/** Reads one relay frame; anything that is not a known event is ignored. */
export function parseRelayMessage(raw: unknown): RelayEvent | null {
  if (typeof raw !== 'string') return null;
  try {
    const parsed = relayMessageSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.event : null;
  } catch {
    return null;
  }
}

/**
 * Listens to the app's events channel while `isEnabled`. The relay tells a socket only about
 * what its holder may see: a signed-in page hears its user's events through the session cookie
 * the upgrade carries, and a page waiting on a checkout session (`checkoutSessionId`) proves it
 * pays it with the session's client secret, which is how a guest hears its own completion.
 * Realtime only speeds things up: callers keep a polling fallback, so a socket that never opens
 * is not an error.
 */
export function useRelayEvents(
  isEnabled: boolean,
  onEvent: (event: RelayEvent) => void,
  options: { checkoutSessionId?: string } = {},
): void {
  const { platformUrl, appId } = usePaymentContext();
  // The socket stays open across renders; each frame reaches the caller's latest handler.
  const handleEvent = useEffectEvent(onEvent);
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
      const event = parseRelayMessage(message.data);
      if (event) handleEvent(event);
    });
    return () => socket.close();
  }, [isEnabled, appId, platformUrl, checkoutSessionId]);
}
