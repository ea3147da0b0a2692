import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { CardContext, PaymentIntent } from '@bazaar/schemas';
import { extractErrorText } from '../api/error-text.ts';
import {
  INITIAL_SUBMIT_STATE,
  toCardStep,
  transitionSubmit,
  type SubmitEvent,
} from '../checkout/submit-machine.ts';
import { useCardConfirmation } from '../checkout/use-card-confirmation.ts';
import { usePaymentContext } from '../provider/payment-context.ts';

export interface CardFlowOptions {
  /** Readies the intent the card step confirms: a payment, or a card setup of 0. */
  begin: () => Promise<{ paymentIntent: PaymentIntent; stripeContext: CardContext }>;
  /** Reads back what the confirmed card did; false when it did not take. */
  settle: () => Promise<boolean>;
}

/**
 * A card step outside the checkout, through the checkout's own submit machine: start → card
 * step → (authentication) → settling → done. A declined card keeps the step open for another.
 */
export function useCardFlow({ begin, settle }: CardFlowOptions) {
  const { t } = usePaymentContext();
  const [state, dispatchEvent] = useReducer(transitionSubmit, INITIAL_SUBMIT_STATE);
  // The latest callbacks, so the flow's own functions keep their identity while a host re-renders.
  const callbacks = useRef({ begin, settle });
  useEffect(() => {
    callbacks.current = { begin, settle };
  });

  const finish = useCallback(async () => {
    try {
      dispatchEvent(
        (await callbacks.current.settle())
          ? { type: 'completed' }
          : { type: 'failed', error: t('payment.checkout.failed.timeout') },
      );
    } catch (error) {
      dispatchEvent({ type: 'failed', error: extractErrorText(error, t) });
    }
  }, [t]);

  const dispatch = useCallback(
    (event: SubmitEvent) => {
      dispatchEvent(event);
      if (event.type === 'paymentConfirmed') void finish();
    },
    [finish],
  );

  const start = useCallback(async () => {
    dispatch({ type: 'submit' });
    try {
      const { paymentIntent, stripeContext } = await callbacks.current.begin();
      dispatch({ type: 'cardRequired', card: toCardStep(paymentIntent.id, stripeContext) });
    } catch (error) {
      dispatch({ type: 'submitFailed', error: extractErrorText(error, t) });
    }
  }, [dispatch, t]);

  const card = state.status === 'card' || state.status === 'authenticating' ? state.card : null;
  const onDeclined = useCallback(
    (error: unknown) => dispatch({ type: 'cardDeclined', error: extractErrorText(error, t) }),
    [dispatch, t],
  );
  const { confirmCard, confirmAtProvider, authenticate } = useCardConfirmation(card, dispatch, onDeclined);
  const reset = useCallback(() => dispatch({ type: 'reset' }), [dispatch]);

  return { state, start, confirmCard, confirmAtProvider, authenticate, reset };
}
