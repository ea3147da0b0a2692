import {
  transitionWalletBinding,
  WALLET_BINDING_START,
  type WalletBinding,
  type WalletBindingEvent,
  type WalletStep,
} from '../wallet/wallet-machine.ts';

/** Where a chain currency's payment stands while it is processing. */
export type CollectStep =
  /** `collect-batch` is asked what the wallet must do. */
  | 'requesting'
  /** The wallet is asked to approve the vault. */
  | 'confirming'
  /** The approval is on its way to the network. */
  | 'waiting'
  /** The vault is collecting: the row waits for the list to show nothing left in its currency. */
  | 'collecting';

/**
 * How paying one currency's overdue invoices goes, or one chain invoice on its page: idle →
 * processing → success | error, and an error may be retried. A chain currency is processed by
 * `collect-batch` and the payer's wallet (an approval when the server asks for one, after linking a
 * wallet when there is none); card invoices are paid on the invoice page (`notSupport`). Whatever
 * the state, a list that no longer owes the currency makes it a success.
 */
export type CurrencyPaymentState =
  | { status: 'idle' }
  /** `wallet`: what the server last asked of the wallet (the approval, and whether the balance is low). */
  | { status: 'processing'; step: CollectStep; wallet: WalletStep | null }
  | ({ status: 'walletBinding' } & WalletBinding)
  | { status: 'success' }
  /** `code` is the server's error code when there was one (`notSupport` for card methods). */
  | { status: 'error'; error: string; code: string | null; wallet: WalletStep | null };

export type CurrencyPaymentEvent =
  | { type: 'pay' }
  /** Linking a wallet (WALLET_REQUIRED); once linked, `pay` runs again. */
  | WalletBindingEvent
  /** The payer closed the bind-wallet dialog. */
  | { type: 'cancelBinding' }
  /** `collect-batch` asks the wallet to approve the vault. */
  | { type: 'approvalRequired'; wallet: WalletStep }
  /** The wallet sent the approval. */
  | { type: 'walletSent' }
  /** The approval is mined: `collect-batch` is asked again. */
  | { type: 'approved' }
  /** The vault is collecting (`collect-batch` answered `none`, or found nothing left to collect). */
  | { type: 'collecting' }
  /** The list of overdue invoices shows nothing left in this currency. */
  | { type: 'paid' }
  | { type: 'failed'; error: string; code: string | null };

export const IDLE_PAYMENT: CurrencyPaymentState = { status: 'idle' };

const REQUESTING: CurrencyPaymentState = { status: 'processing', step: 'requesting', wallet: null };

/** A processing state at `from` moves to `to`; anything else stays. */
function advance(
  state: CurrencyPaymentState,
  from: CollectStep,
  to: CollectStep,
  wallet?: WalletStep,
): CurrencyPaymentState {
  return state.status === 'processing' && state.step === from
    ? { ...state, step: to, wallet: wallet ?? state.wallet }
    : state;
}

/** Moves one currency's payment a step; an event that does not apply changes nothing. */
export function transitionCurrencyPayment(
  state: CurrencyPaymentState,
  event: CurrencyPaymentEvent,
): CurrencyPaymentState {
  switch (event.type) {
    case 'pay':
      return state.status === 'idle' ||
        state.status === 'error' ||
        (state.status === 'walletBinding' && state.phase === 'bound')
        ? REQUESTING
        : state;
    case 'walletBindRequired':
      return state.status === 'processing' && state.step === 'requesting'
        ? { status: 'walletBinding', ...WALLET_BINDING_START }
        : state;
    case 'walletUnavailable':
    case 'bindWallet':
    case 'walletBound':
    case 'walletBindFailed':
      return state.status === 'walletBinding' ? transitionWalletBinding(state, event) : state;
    case 'cancelBinding':
      return state.status === 'walletBinding' ? IDLE_PAYMENT : state;
    case 'approvalRequired':
      return advance(state, 'requesting', 'confirming', event.wallet);
    case 'walletSent':
      return advance(state, 'confirming', 'waiting');
    case 'approved':
      return advance(state, 'waiting', 'requesting');
    case 'collecting':
      return advance(state, 'requesting', 'collecting');
    case 'paid':
      return state.status === 'success' ? state : { status: 'success' };
    case 'failed':
      return state.status === 'processing'
        ? { status: 'error', error: event.error, code: event.code, wallet: state.wallet }
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
