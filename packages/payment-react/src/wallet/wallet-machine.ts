import type { ChainContext } from '@bazaar/schemas';

/**
 * The wallet states both chain payment flows share, the checkout's submit and the overdue
 * dialog's per-currency payment: linking a wallet to the account, and what the wallet is asked.
 */

/** A newly linked wallet shows as linked for this long before the payment runs again, so the payer sees it took. */
export const WALLET_BIND_RETRY_MS = 2_000;

/**
 * What the payer's wallet is asked to do: `chain.action` is `transfer` or `approve`.
 * `isBalanceLow`: the server found less than the amount in the payer's wallet.
 */
export interface WalletStep {
  chain: ChainContext;
  isBalanceLow: boolean;
}

/** The bind-wallet dialog: `unavailable` when the browser has no wallet to connect. */
export type WalletBindingPhase = 'connect' | 'binding' | 'bound' | 'unavailable';

export interface WalletBinding {
  phase: WalletBindingPhase;
  error: string | null;
}

/** Where linking starts once the server answered WALLET_REQUIRED. */
export const WALLET_BINDING_START: WalletBinding = { phase: 'connect', error: null };

export type WalletBindingEvent =
  /** The server answered WALLET_REQUIRED: the payer links a wallet, then the payment runs again. */
  | { type: 'walletBindRequired' }
  /** The browser has no wallet (no injected provider). */
  | { type: 'walletUnavailable' }
  | { type: 'bindWallet' }
  | { type: 'walletBound' }
  | { type: 'walletBindFailed'; error: string };

/**
 * Moves a binding under way a step. Entering it (`walletBindRequired`) and leaving it once
 * `bound` belong to the flow that holds it; an event that does not apply changes nothing.
 */
export function transitionWalletBinding<T extends WalletBinding>(binding: T, event: WalletBindingEvent): T {
  switch (event.type) {
    case 'walletBindRequired':
      return binding;
    case 'walletUnavailable':
      return binding.phase === 'connect' ? { ...binding, phase: 'unavailable', error: null } : binding;
    case 'bindWallet':
      return binding.phase === 'connect' ? { ...binding, phase: 'binding', error: null } : binding;
    case 'walletBound':
      return binding.phase === 'binding' ? { ...binding, phase: 'bound' } : binding;
    case 'walletBindFailed':
      return binding.phase === 'binding' ? { ...binding, phase: 'connect', error: event.error } : binding;
  }
}
