import { useCallback, useEffect, useEffectEvent, useReducer, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { StartCheckoutResponse } from '@bazaar/schemas';
import { hasErrorCode } from '../api/api-error.ts';
import { submitCheckout } from '../api/checkout-api.ts';
import { extractErrorText } from '../api/error-text.ts';
import { isBroadcastError, useReportError } from '../events/use-report-error.ts';
import { queryKeys } from '../api/query-keys.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import { useRelayEvents } from '../realtime/use-relay-events.ts';
import { useRetryAfterLinking } from '../wallet/use-retry-after-linking.ts';
import type { CheckoutSubmitValues } from './checkout-form-schema.ts';
import { INITIAL_SUBMIT_STATE, toCardStep, transitionSubmit } from './submit-machine.ts';
import { useCardConfirmation } from './use-card-confirmation.ts';
import { useChainPayment } from './use-chain-payment.ts';
import { useCheckoutCompletion } from './use-checkout-completion.ts';

/** The card form appears a beat after submit, so the button's state change reads first. */
export const CARD_STEP_DELAY_MS = 200;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface CheckoutSubmitOptions {
  checkoutQueryId: string;
  sessionId: string;
  /** Donations go to `donate-submit`, which lets a guest pay. */
  isDonation: boolean;
  /** The payer's customer id when known: their `invoice.paid` retries a submit held by past-due invoices. */
  customerId: string | null;
  onPaid?: (checkout: StartCheckoutResponse) => void;
  onError?: (error: unknown) => void;
}

/**
 * Drives the submit state machine: submit, card step, authentication, wallet step, waiting for
 * completion. A payer held back by past-due invoices (CUSTOMER_LIMITED) waits with the overdue
 * dialog; once an invoice of theirs is paid (`invoice.paid`, or the dialog's `onPaid`) the submit
 * runs again. A payer without a wallet (WALLET_REQUIRED) links one, and the submit runs again;
 * so it does once the machine holds a mined approval (`approved`).
 */
export function useCheckoutSubmit({
  checkoutQueryId,
  sessionId,
  isDonation,
  customerId,
  onPaid,
  onError,
}: CheckoutSubmitOptions) {
  const { api, t } = usePaymentContext();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(transitionSubmit, INITIAL_SUBMIT_STATE);
  // What the held submit sent; taken (once) by the retry, so two triggers cannot submit twice.
  const heldValues = useRef<CheckoutSubmitValues | null>(null);

  const reportError = useReportError();
  const { requireBinding, bindWallet, payByWallet, confirmWallet } = useChainPayment({ sessionId, dispatch });

  const fail = useCallback(
    (error: unknown, type: 'submitFailed' | 'cardDeclined') => {
      // A refused submit is broadcast (the toast, the add-on panel and the host hear it); a card
      // decline belongs to the card form.
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

  // `isAfterApproval`: the payer's wallet has just approved the vault, so the server should pull now.
  const submit = useCallback(
    async (values: CheckoutSubmitValues, isAfterApproval = false) => {
      dispatch({ type: 'submit' });
      try {
        const result = await submitCheckout(api, sessionId, values, crypto.randomUUID(), isDonation);
        const chainContext = result.chainContext;
        if (chainContext?.action === 'none') return dispatch({ type: 'paymentConfirmed' });
        if (chainContext) {
          // A guest's wallet is unknown until it pays, so there is no balance to speak of.
          const isBalanceLow = chainContext.payer !== null && result.balance?.sufficient === false;
          const step = { chain: chainContext, isBalanceLow };
          // An approval, once mined, submits these values again (`approved`).
          if (chainContext.action === 'approve') heldValues.current = values;
          return void payByWallet(step, isAfterApproval);
        }
        const card = result.stripeContext;
        if (!card || card.status === 'succeeded') return dispatch({ type: 'paymentConfirmed' });
        if (!result.paymentIntent) return fail(t('payment.checkout.card.unsupported'), 'submitFailed');
        await wait(CARD_STEP_DELAY_MS);
        dispatch({ type: 'cardRequired', card: toCardStep(result.paymentIntent.id, card) });
      } catch (error) {
        const isWalletRequired = hasErrorCode(error, 'WALLET_REQUIRED');
        if (!isWalletRequired && !hasErrorCode(error, 'CUSTOMER_LIMITED')) return fail(error, 'submitFailed');
        heldValues.current = values;
        if (isWalletRequired) void requireBinding();
        else dispatch({ type: 'customerLimited' });
        onError?.(error);
      }
    },
    [api, sessionId, isDonation, fail, t, onError, payByWallet, requireBinding],
  );

  const resumeHeldSubmit = useCallback(
    (isAfterApproval: boolean) => {
      const values = heldValues.current;
      heldValues.current = null;
      if (values) void submit(values, isAfterApproval);
    },
    [submit],
  );
  const retryHeldSubmit = useCallback(() => resumeHeldSubmit(false), [resumeHeldSubmit]);

  useRelayEvents(state.status === 'customerLimited' && customerId !== null, (event) => {
    if (event.type === 'invoice.paid' && event.data.customer_id === customerId) retryHeldSubmit();
  });

  useRetryAfterLinking(state.status === 'walletBinding' && state.phase === 'bound', retryHeldSubmit);

  const submitAfterApproval = useEffectEvent(() => resumeHeldSubmit(true));
  const isApproved = state.status === 'approved';
  useEffect(() => {
    if (isApproved) submitAfterApproval();
  }, [isApproved]);

  const card = state.status === 'card' || state.status === 'authenticating' ? state.card : null;
  const onDeclined = useCallback((error: unknown) => fail(error, 'cardDeclined'), [fail]);
  const { confirmCard, confirmAtProvider, authenticate } = useCardConfirmation(card, dispatch, onDeclined);

  useCheckoutCompletion(sessionId, state.status === 'paying', {
    onCompleted: (checkout) => {
      dispatch({ type: 'completed' });
      queryClient.setQueryData(queryKeys.checkout(checkoutQueryId), checkout);
      onPaid?.(checkout);
    },
    onFailed: (message) =>
      dispatch({ type: 'failed', error: message ?? t('payment.checkout.failed.timeout') }),
  });

  const reset = useCallback(() => {
    heldValues.current = null;
    dispatch({ type: 'reset' });
  }, []);
  return {
    state,
    submit,
    confirmCard,
    confirmAtProvider,
    authenticate,
    reset,
    retryHeldSubmit,
    bindWallet,
    confirmWallet,
  };
}

/** The submit flow as the payment panel and its step dialogs drive it. */
export type CheckoutSubmitFlow = ReturnType<typeof useCheckoutSubmit>;
