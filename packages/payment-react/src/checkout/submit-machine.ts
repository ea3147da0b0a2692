import type { CardContext } from '@bazaar/schemas';
import {
  transitionWalletBinding,
  WALLET_BINDING_START,
  type WalletBindingEvent,
  type WalletBindingPhase,
  type WalletStep,
} from '../wallet/wallet-machine.ts';

/** What the card step needs to confirm the payment on the card network. */
export interface CardStep {
  paymentIntentId: string;
  /** The network's secret for the intent: the test network's, or the one Stripe.js confirms with. */
  clientSecret: string;
  /** `setup_intent`: nothing is due today, the card is only saved (a subscription's trial). Absent: a payment. */
  intentType?: CardContext['intent_type'];
  /** Which network's form the step shows: the built-in test card form, or Stripe's Elements. */
  provider: CardContext['provider'];
  publishableKey: string | null;
}

/** The card step a submit's card context asks for. */
export function toCardStep(paymentIntentId: string, context: CardContext): CardStep {
  return {
    paymentIntentId,
    clientSecret: context.client_secret,
    intentType: context.intent_type,
    provider: context.provider,
    publishableKey: context.publishable_key,
  };
}

/** The wallet step: the wallet is asked (`confirming`), the transaction is out (`waiting`), or it stopped. */
export type WalletPhase = 'confirming' | 'waiting' | 'error' | 'unavailable';

/**
 * The submit flow: idle → submitting → card → (authenticating) → paying → paid | failed. `error` on
 * idle and card is the last problem, shown next to the form. A payer with past-due invoices waits
 * in customerLimited (the overdue dialog) until the submit is retried. Chain methods: a payer
 * without a wallet binds one first (walletBinding, then the submit runs again); the wallet step
 * sends a transfer (→ paying) or an approval (→ approved, from which the held submit runs again and
 * the server answers by pulling the amount); when the server already pulls, submitting goes to
 * paying.
 */
export type SubmitState =
  | { status: 'idle'; error: string | null }
  | { status: 'submitting' }
  | { status: 'customerLimited' }
  | { status: 'card'; card: CardStep; isConfirming: boolean; error: string | null }
  | { status: 'authenticating'; card: CardStep }
  | { status: 'walletBinding'; phase: WalletBindingPhase; error: string | null }
  | { status: 'wallet'; wallet: WalletStep; phase: WalletPhase; error: string | null }
  | { status: 'approved' }
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
  /** Linking a wallet (WALLET_REQUIRED); `walletUnavailable` also stops the wallet step. */
  | WalletBindingEvent
  /** The server asks the payer's wallet to transfer or approve; the wallet is asked at once. */
  | { type: 'walletRequired'; wallet: WalletStep }
  /** Ask the wallet again after an error. */
  | { type: 'confirmWallet' }
  /** The wallet sent the transaction. */
  | { type: 'walletSent' }
  | { type: 'walletFailed'; error: string }
  /** The approval is mined: the held submit runs again (`submit`) and the server pulls the amount. */
  | { type: 'walletApproved' }
  | { type: 'completed' }
  | { type: 'failed'; error: string }
  | { type: 'reset' };

export const INITIAL_SUBMIT_STATE: SubmitState = { status: 'idle', error: null };

/** Moves the flow one step; an event that does not apply to the current state changes nothing. */
export function transitionSubmit(state: SubmitState, event: SubmitEvent): SubmitState {
  switch (event.type) {
    case 'submit':
      return state.status === 'idle' ||
        state.status === 'failed' ||
        state.status === 'customerLimited' ||
        state.status === 'approved' ||
        (state.status === 'walletBinding' && state.phase === 'bound')
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
      return state.status === 'submitting' ||
        state.status === 'card' ||
        state.status === 'authenticating' ||
        (state.status === 'wallet' && state.phase === 'waiting')
        ? { status: 'paying' }
        : state;
    case 'walletBindRequired':
      return state.status === 'submitting' ? { status: 'walletBinding', ...WALLET_BINDING_START } : state;
    case 'walletUnavailable':
      if (state.status === 'wallet' && state.phase === 'confirming')
        return { ...state, phase: 'unavailable', error: null };
      return state.status === 'walletBinding' ? transitionWalletBinding(state, event) : state;
    case 'bindWallet':
    case 'walletBound':
    case 'walletBindFailed':
      return state.status === 'walletBinding' ? transitionWalletBinding(state, event) : state;
    case 'walletRequired':
      return state.status === 'submitting'
        ? { status: 'wallet', wallet: event.wallet, phase: 'confirming', error: null }
        : state;
    case 'confirmWallet':
      return state.status === 'wallet' && state.phase === 'error'
        ? { ...state, phase: 'confirming', error: null }
        : state;
    case 'walletSent':
      return state.status === 'wallet' && state.phase === 'confirming'
        ? { ...state, phase: 'waiting' }
        : state;
    case 'walletFailed':
      return state.status === 'wallet' && (state.phase === 'confirming' || state.phase === 'waiting')
        ? { ...state, phase: 'error', error: event.error }
        : state;
    case 'walletApproved':
      return state.status === 'wallet' && state.phase === 'waiting' && state.wallet.chain.action === 'approve'
        ? { status: 'approved' }
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
