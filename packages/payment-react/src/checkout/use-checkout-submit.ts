import { useCallback, useReducer } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { StartCheckoutResponse, TestCardResult } from '@bazaar/schemas';
import {
  authenticateTestCard,
  confirmTestCard,
  submitCheckout,
  type TestCardInput,
} from '../api/checkout-api.ts';
import { extractErrorText } from '../api/error-text.ts';
import { isBroadcastError, useReportError } from '../events/use-report-error.ts';
import { queryKeys } from '../api/query-keys.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import type { CheckoutSubmitValues } from './checkout-form-schema.ts';
import { INITIAL_SUBMIT_STATE, transitionSubmit, type SubmitEvent } from './submit-machine.ts';
import { useCheckoutCompletion } from './use-checkout-completion.ts';

/** The card form appears a beat after submit, so the button's state change reads first. */
export const CARD_STEP_DELAY_MS = 200;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a card network answer means for the flow; a refusal may come as an answer, not an error. */
export function cardResultEvent(result: TestCardResult): SubmitEvent {
  if (result.next_action) return { type: 'authenticationRequired' };
  const intent = result.paymentIntent;
  const isSettled = intent.status === 'succeeded' || intent.status === 'processing';
  if (!isSettled && intent.last_payment_error)
    return { type: 'cardDeclined', error: intent.last_payment_error.message };
  return { type: 'paymentConfirmed' };
}

export interface CheckoutSubmitOptions {
  checkoutQueryId: string;
  sessionId: string;
  /** Donations go to `donate-submit` (payment-kit.md §7), which lets a guest pay. */
  isDonation: boolean;
  onPaid?: (checkout: StartCheckoutResponse) => void;
  onError?: (error: unknown) => void;
}

/** Drives the submit state machine: submit, card step, authentication, waiting for completion. */
export function useCheckoutSubmit({
  checkoutQueryId,
  sessionId,
  isDonation,
  onPaid,
  onError,
}: CheckoutSubmitOptions) {
  const { api, t } = usePaymentContext();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(transitionSubmit, INITIAL_SUBMIT_STATE);

  const reportError = useReportError();

  const fail = useCallback(
    (error: unknown, type: 'submitFailed' | 'cardDeclined') => {
      // A refused submit is broadcast (payment-kit.md §8); a card decline belongs to the card form.
      if (type === 'submitFailed' && isBroadcastError(error)) {
        reportError(error);
        dispatch({ type, error: null });
      } else {
        dispatch({ type, error: extractErrorText(error, t) });
      }
      onError?.(error);
    },
    [t, onError, reportError],
  );

  const submit = useCallback(
    async (values: CheckoutSubmitValues) => {
      dispatch({ type: 'submit' });
      try {
        const result = await submitCheckout(api, sessionId, values, crypto.randomUUID(), isDonation);
        const card = result.stripeContext;
        if (!card || card.status === 'succeeded') return dispatch({ type: 'paymentConfirmed' });
        if (card.provider !== 'test' || !result.paymentIntent) {
          return fail(t('payment.checkout.card.unsupported'), 'submitFailed');
        }
        await wait(CARD_STEP_DELAY_MS);
        dispatch({
          type: 'cardRequired',
          card: { paymentIntentId: result.paymentIntent.id, clientSecret: card.client_secret },
        });
      } catch (error) {
        fail(error, 'submitFailed');
      }
    },
    [api, sessionId, fail, t],
  );

  const card = state.status === 'card' || state.status === 'authenticating' ? state.card : null;

  const confirmCard = useCallback(
    async (input: TestCardInput) => {
      if (!card) return;
      dispatch({ type: 'confirmCard' });
      try {
        dispatch(cardResultEvent(await confirmTestCard(api, card.paymentIntentId, card.clientSecret, input)));
      } catch (error) {
        fail(error, 'cardDeclined');
      }
    },
    [api, card, fail],
  );

  const authenticate = useCallback(
    async (outcome: 'approve' | 'fail') => {
      if (!card) return;
      try {
        dispatch(
          cardResultEvent(await authenticateTestCard(api, card.paymentIntentId, card.clientSecret, outcome)),
        );
      } catch (error) {
        fail(error, 'cardDeclined');
      }
    },
    [api, card, fail],
  );

  useCheckoutCompletion(sessionId, state.status === 'paying', {
    onCompleted: (checkout) => {
      dispatch({ type: 'completed' });
      queryClient.setQueryData(queryKeys.checkout(checkoutQueryId), checkout);
      onPaid?.(checkout);
    },
    onFailed: (message) =>
      dispatch({ type: 'failed', error: message ?? t('payment.checkout.failed.timeout') }),
  });

  const reset = useCallback(() => dispatch({ type: 'reset' }), []);
  return { state, submit, confirmCard, authenticate, reset };
}
