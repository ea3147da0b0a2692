import { useCallback } from 'react';
import type { TestCardResult } from '@bazaar/schemas';
import {
  authenticateTestCard,
  confirmStripePayment,
  confirmTestCard,
  type TestCardInput,
} from '../api/checkout-api.ts';
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
 * How a provider's own script (Stripe.js) confirmed the card on the page. `error.isSent`: the
 * provider tried the card (a decline, a failed 3-D Secure), so the kit should hear of it; false
 * for a form it refused before sending anything (an incomplete number).
 */
export interface ProviderConfirmation {
  error: { message: string; isSent: boolean } | null;
}

/**
 * The card step's calls, for any flow driven by the submit machine (a checkout, an invoice): the
 * test network's confirm and its authentication step, or a provider's confirmation on the page
 * followed by the kit's reading of its outcome. `onDeclined` hears a refused card.
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

  const confirmAtProvider = useCallback(
    async (confirm: () => Promise<ProviderConfirmation>) => {
      if (!card) return;
      dispatch({ type: 'confirmCard' });
      try {
        const { error } = await confirm();
        if (error && !error.isSent) return dispatch({ type: 'cardDeclined', error: error.message });
        // Told even of a decline, so the kit records it without waiting for the provider's webhook.
        const result = await confirmStripePayment(api, card.paymentIntentId, card.clientSecret);
        dispatch(error ? { type: 'cardDeclined', error: error.message } : cardResultEvent(result));
      } catch (error) {
        onDeclined(error);
      }
    },
    [api, card, dispatch, onDeclined],
  );

  return { confirmCard, confirmAtProvider, authenticate };
}
