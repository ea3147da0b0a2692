import type * as browserWallet from '@bazaar/wallet';

/**
 * The wallet calls of a chain payment, as `@bazaar/wallet` makes them. The kit loads that
 * package with the first chain payment (viem is most of its weight); a host may pass its own
 * wallet calls to `<PaymentProvider wallet>`, as component tests do.
 */
export interface ChainWallet extends Pick<
  typeof browserWallet,
  | 'bindWallet'
  | 'sendChainPayment'
  | 'waitForReceipt'
  | 'isUserRejection'
  | 'WalletMismatchError'
  | 'WalletApiError'
> {
  /** The browser's wallet, or null when there is none. */
  injectedProvider: () => browserWallet.WalletProvider | null;
}

export const loadBrowserWallet = (): Promise<ChainWallet> => import('@bazaar/wallet');
