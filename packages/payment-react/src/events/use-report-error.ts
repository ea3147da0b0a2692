import { useCallback } from 'react';
import { ApiError } from '../api/api-error.ts';
import { extractErrorText } from '../api/error-text.ts';
import { usePaymentContext } from '../provider/payment-context.ts';

/** A failure without a server code (network, parsing) is still broadcast, under this code. */
const UNKNOWN_ERROR_CODE = 'UNKNOWN';

/**
 * Codes the page answers in place instead of broadcasting: a past-due payer gets the overdue
 * dialog, a payer without a wallet the bind-wallet dialog, not a toast.
 */
const ANSWERED_IN_PLACE = new Set(['CUSTOMER_LIMITED', 'WALLET_REQUIRED']);

/** Whether a failure is broadcast as `error.{code}` rather than shown where it happened. */
export function isBroadcastError(error: unknown): boolean {
  return !(error instanceof ApiError && error.code !== null && ANSWERED_IN_PLACE.has(error.code));
}

/** `const report = useReportError(); report(error)` broadcasts `error.{code}` with its text. */
export function useReportError() {
  const { events, t } = usePaymentContext();
  return useCallback(
    (error: unknown) => {
      const code = error instanceof ApiError && error.code ? error.code : UNKNOWN_ERROR_CODE;
      events.emit(code, extractErrorText(error, t));
    },
    [events, t],
  );
}
