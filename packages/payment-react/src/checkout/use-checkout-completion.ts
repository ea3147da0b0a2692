import { useEffect, useEffectEvent, useRef } from 'react';
import type { StartCheckoutResponse } from '@bazaar/schemas';
import { retrieveCheckout } from '../api/checkout-api.ts';
import { useRelayEvents } from '../realtime/use-relay-events.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import { isCheckoutPaid } from './checkout-view.ts';

export const POLL_INTERVAL_MS = 2_000;
export const COMPLETION_TIMEOUT_MS = 180_000;

export interface CompletionHandlers {
  onCompleted: (checkout: StartCheckoutResponse) => void;
  onFailed: (message: string | null) => void;
}

/**
 * While `isWaiting`, waits for the session to be paid: the relay's
 * `checkout.session.completed` for this session triggers a check at once, and polling every
 * 2 s covers a missed or absent socket. After 3 minutes it gives up (`onFailed(null)`).
 */
export function useCheckoutCompletion(
  sessionId: string,
  isWaiting: boolean,
  handlers: CompletionHandlers,
): void {
  const { api } = usePaymentContext();
  // The wait outlives renders; its end reaches the caller's latest handlers.
  const complete = useEffectEvent((checkout: StartCheckoutResponse) => handlers.onCompleted(checkout));
  const fail = useEffectEvent((message: string | null) => handlers.onFailed(message));
  const check = useRef<() => Promise<void>>(async () => {});

  useEffect(() => {
    if (!isWaiting) return;
    let isDone = false;
    let isChecking = false;
    const finish = (action: () => void) => {
      if (isDone) return;
      isDone = true;
      action();
    };
    check.current = async () => {
      if (isDone || isChecking) return;
      isChecking = true;
      try {
        const checkout = await retrieveCheckout(api, sessionId);
        const intent = checkout.paymentIntent;
        if (isCheckoutPaid(checkout)) finish(() => complete(checkout));
        else if (intent?.status === 'requires_action' && intent.last_payment_error) {
          const message = intent.last_payment_error.message;
          finish(() => fail(message));
        }
      } catch {
        // A failed poll is retried on the next tick; only the timeout ends the wait.
      } finally {
        isChecking = false;
      }
    };
    void check.current();
    const poll = setInterval(() => void check.current(), POLL_INTERVAL_MS);
    const timeout = setTimeout(() => finish(() => fail(null)), COMPLETION_TIMEOUT_MS);
    return () => {
      isDone = true;
      clearInterval(poll);
      clearTimeout(timeout);
    };
  }, [isWaiting, api, sessionId]);

  useRelayEvents(
    isWaiting,
    (event) => {
      if (event.type === 'checkout.session.completed' && event.data.id === sessionId) void check.current();
    },
    { checkoutSessionId: sessionId },
  );
}
