import { useCallback } from 'react';
import type { TestCardResult } from '@bazaar/schemas';
import { authenticateTestCard, confirmTestCard, type TestCardInput } from '../api/checkout-api.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import type { CardStep, SubmitEvent } from './submit-machine.ts';

/** What a card network answer means for the flow; a refusal may come as an answer, not an error. */
function cardResultEvent(result: TestCardResult): SubmitEvent {
  if (result.next_action) return { type: 'authenticationRequired' };
  const intent = result.paymentIntent;
  const isSettled = intent.status === 'succeeded' || intent.status === 'processing';
  if (!isSettled && intent.last_payment_error)
    return { type: 'cardDeclined', error: intent.last_payment_error.message };
  return { type: 'paymentConfirmed' };
}

/**
 * The card step's two calls, for any flow driven by the submit machine (a checkout, an invoice):
 * confirm the card, then answer its authentication step. `onDeclined` hears a refused card.
 */
export function useCardConfirmation(
  card: CardStep | null,
  dispatch: (event: SubmitEvent) => void,
  onDeclined: (error: unknown) => void,
) {
  const { api } = usePaymentContext();

  const confirmCard = useCallback(
    async (input: TestCardInput) => {
      if (!card) return;
      dispatch({ type: 'confirmCard' });
      try {
        dispatch(cardResultEvent(await confirmTestCard(api, card.paymentIntentId, card.clientSecret, input)));
      } catch (error) {
        onDeclined(error);
      }
    },
    [api, card, dispatch, onDeclined],
  );

  const authenticate = useCallback(
    async (outcome: 'approve' | 'fail') => {
      if (!card) return;
      try {
        dispatch(
          cardResultEvent(await authenticateTestCard(api, card.paymentIntentId, card.clientSecret, outcome)),
        );
      } catch (error) {
        onDeclined(error);
      }
    },
    [api, card, dispatch, onDeclined],
  );

  return { confirmCard, authenticate };
}
