import { useCallback, useReducer } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Invoice } from '@bazaar/schemas';
import { extractErrorText } from '../api/error-text.ts';
import { queryKeys } from '../api/query-keys.ts';
import { INITIAL_SUBMIT_STATE, transitionSubmit, type SubmitEvent } from '../checkout/submit-machine.ts';
import { useCardConfirmation } from '../checkout/use-card-confirmation.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import { fetchInvoice, startInvoicePayment } from './invoice-api.ts';

/**
 * Paying an open or uncollectible invoice by card, through the checkout's own submit machine:
 * Pay now → card step → (authentication) → paying → paid, once the invoice reads paid.
 */
export function useInvoicePayment(invoice: Invoice, onPaid: () => void) {
  const { api, t } = usePaymentContext();
  const queryClient = useQueryClient();
  const [state, dispatchEvent] = useReducer(transitionSubmit, INITIAL_SUBMIT_STATE);

  // The card network settles the payment before it answers, so one read of the invoice tells.
  const confirmPaid = useCallback(async () => {
    try {
      const current = await fetchInvoice(api, invoice.id);
      if (current.status !== 'paid') {
        return dispatchEvent({ type: 'failed', error: t('payment.checkout.failed.timeout') });
      }
      dispatchEvent({ type: 'completed' });
      onPaid();
      queryClient.setQueryData(queryKeys.invoice(invoice.id), current);
    } catch (error) {
      dispatchEvent({ type: 'failed', error: extractErrorText(error, t) });
    }
  }, [api, invoice.id, queryClient, t, onPaid]);

  const dispatch = useCallback(
    (event: SubmitEvent) => {
      dispatchEvent(event);
      if (event.type === 'paymentConfirmed') void confirmPaid();
    },
    [confirmPaid],
  );

  const start = useCallback(async () => {
    dispatch({ type: 'submit' });
    try {
      const { paymentIntent, stripeContext } = await startInvoicePayment(
        api,
        invoice.id,
        crypto.randomUUID(),
      );
      if (stripeContext.provider !== 'test') {
        return dispatch({ type: 'submitFailed', error: t('payment.checkout.card.unsupported') });
      }
      dispatch({
        type: 'cardRequired',
        card: {
          paymentIntentId: paymentIntent.id,
          clientSecret: stripeContext.client_secret,
          intentType: stripeContext.intent_type,
        },
      });
    } catch (error) {
      dispatch({ type: 'submitFailed', error: extractErrorText(error, t) });
    }
  }, [api, invoice.id, dispatch, t]);

  const card = state.status === 'card' || state.status === 'authenticating' ? state.card : null;
  const onDeclined = useCallback(
    (error: unknown) => dispatch({ type: 'cardDeclined', error: extractErrorText(error, t) }),
    [dispatch, t],
  );
  const { confirmCard, authenticate } = useCardConfirmation(card, dispatch, onDeclined);
  const reset = useCallback(() => dispatch({ type: 'reset' }), [dispatch]);

  return { state, start, confirmCard, authenticate, reset };
}
