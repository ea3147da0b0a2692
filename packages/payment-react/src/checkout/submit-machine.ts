import type { CardContext } from '@bazaar/schemas';

/** What the card step needs to confirm the payment on the card network. */
export interface CardStep {
  paymentIntentId: string;
  clientSecret: string;
  /** `setup_intent`: nothing is due today, the card is only saved (a subscription's trial). Absent: a payment. */
  intentType?: CardContext['intent_type'];
}

/**
 * The submit flow (payment-kit.md §4): idle → submitting → card → (authenticating) → paying →
 * paid | failed. `error` on idle and card is the last problem, shown next to the form. A payer
 * with past-due invoices waits in customerLimited (the overdue dialog) until the submit is retried.
 */
export type SubmitState =
  | { status: 'idle'; error: string | null }
  | { status: 'submitting' }
  | { status: 'customerLimited' }
  | { status: 'card'; card: CardStep; isConfirming: boolean; error: string | null }
  | { status: 'authenticating'; card: CardStep }
  | { status: 'paying' }
  | { status: 'paid' }
  | { status: 'failed'; error: string };

export type SubmitEvent =
  | { type: 'submit' }
  /** `error` is null when the failure was broadcast (toast) instead of shown next to the form. */
  | { type: 'submitFailed'; error: string | null }
  /** The server answered CUSTOMER_LIMITED: past-due invoices come first. */
  | { type: 'customerLimited' }
  | { type: 'cardRequired'; card: CardStep }
  | { type: 'confirmCard' }
  | { type: 'cardDeclined'; error: string }
  | { type: 'authenticationRequired' }
  | { type: 'paymentConfirmed' }
  | { type: 'completed' }
  | { type: 'failed'; error: string }
  | { type: 'reset' };

export const INITIAL_SUBMIT_STATE: SubmitState = { status: 'idle', error: null };

/** Moves the flow one step; an event that does not apply to the current state changes nothing. */
export function transitionSubmit(state: SubmitState, event: SubmitEvent): SubmitState {
  switch (event.type) {
    case 'submit':
      return state.status === 'idle' || state.status === 'failed' || state.status === 'customerLimited'
        ? { status: 'submitting' }
        : state;
    case 'submitFailed':
      return state.status === 'submitting' ? { status: 'idle', error: event.error } : state;
    case 'customerLimited':
      return state.status === 'submitting' ? { status: 'customerLimited' } : state;
    case 'cardRequired':
      return state.status === 'submitting'
        ? { status: 'card', card: event.card, isConfirming: false, error: null }
        : state;
    case 'confirmCard':
      return state.status === 'card' && !state.isConfirming
        ? { ...state, isConfirming: true, error: null }
        : state;
    case 'cardDeclined':
      if (state.status === 'card') return { ...state, isConfirming: false, error: event.error };
      if (state.status === 'authenticating')
        return { status: 'card', card: state.card, isConfirming: false, error: event.error };
      return state;
    case 'authenticationRequired':
      return state.status === 'card' && state.isConfirming
        ? { status: 'authenticating', card: state.card }
        : state;
    case 'paymentConfirmed':
      return state.status === 'submitting' || state.status === 'card' || state.status === 'authenticating'
        ? { status: 'paying' }
        : state;
    case 'completed':
      return state.status === 'paying' ? { status: 'paid' } : state;
    case 'failed':
      return state.status === 'paying' ? { status: 'failed', error: event.error } : state;
    case 'reset':
      return state.status === 'paid' ? state : INITIAL_SUBMIT_STATE;
  }
}

/** Busy states block another submit (and the Enter key). */
export function isSubmitBusy(state: SubmitState): boolean {
  return state.status !== 'idle' && state.status !== 'failed';
}
