/**
 * How paying one currency's overdue invoices goes (payment-kit.md §4 "Overdue payment per
 * currency"): idle → processing → success | error, and an error may be retried.
 */
export type CurrencyPaymentState =
  | { status: 'idle' }
  | { status: 'processing' }
  | { status: 'success' }
  /** `code` is the server's error code when there was one (`notSupport` for card methods). */
  | { status: 'error'; error: string; code: string | null };

export type CurrencyPaymentEvent =
  { type: 'pay' } | { type: 'paid' } | { type: 'failed'; error: string; code: string | null };

export const IDLE_PAYMENT: CurrencyPaymentState = { status: 'idle' };

/** Moves one currency's payment a step; an event that does not apply changes nothing. */
export function transitionCurrencyPayment(
  state: CurrencyPaymentState,
  event: CurrencyPaymentEvent,
): CurrencyPaymentState {
  switch (event.type) {
    case 'pay':
      return state.status === 'idle' || state.status === 'error' ? { status: 'processing' } : state;
    case 'paid':
      return state.status === 'processing' ? { status: 'success' } : state;
    case 'failed':
      return state.status === 'processing'
        ? { status: 'error', error: event.error, code: event.code }
        : state;
  }
}

/** Each currency's state, keyed by currency id; a currency never paid is idle. */
export type OverduePaymentStates = Readonly<Record<string, CurrencyPaymentState>>;

export type OverduePaymentAction = CurrencyPaymentEvent & { currencyId: string };

/** The dialog's reducer: one machine per currency. */
export function transitionOverduePayments(
  states: OverduePaymentStates,
  action: OverduePaymentAction,
): OverduePaymentStates {
  const current = states[action.currencyId] ?? IDLE_PAYMENT;
  const next = transitionCurrencyPayment(current, action);
  return next === current ? states : { ...states, [action.currencyId]: next };
}
