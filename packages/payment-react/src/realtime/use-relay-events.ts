import { useEffect, useRef } from 'react';
import { eventSchema, eventsChannel, type EventPayload } from '@bazaar/schemas';
import { z } from 'zod';
import { usePaymentContext } from '../provider/payment-context.ts';

const relayMessageSchema = z.object({ type: z.literal('event'), event: eventSchema });

export function relaySocketUrl(platformUrl: string): string {
  return `${platformUrl.replace(/\/$/, '').replace(/^http/, 'ws')}/.well-known/service/relay`;
}

/** Reads one relay frame; anything that is not a known event is ignored. */
export function parseRelayMessage(raw: unknown): EventPayload | null {
  if (typeof raw !== 'string') return null;
  try {
    const parsed = relayMessageSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.event : null;
  } catch {
    return null;
  }
}

/**
 * Listens to the app's events channel while `isEnabled`. Realtime only speeds things up:
 * callers keep a polling fallback, so a socket that never opens is not an error.
 */
export function useRelayEvents(isEnabled: boolean, onEvent: (event: EventPayload) => void): void {
  const { platformUrl, appId } = usePaymentContext();
  const handler = useRef(onEvent);
  handler.current = onEvent;

  useEffect(() => {
    if (!isEnabled || !appId || typeof WebSocket === 'undefined') return;
    const socket = new WebSocket(relaySocketUrl(platformUrl));
    socket.addEventListener('open', () => {
      socket.send(JSON.stringify({ type: 'subscribe', channel: eventsChannel(appId) }));
    });
    socket.addEventListener('message', (message: MessageEvent) => {
      const event = parseRelayMessage(message.data);
      if (event) handler.current(event);
    });
    return () => socket.close();
  }, [isEnabled, appId, platformUrl]);
}
