import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChainContext } from '@bazaar/schemas';
import type { WalletProvider } from '@bazaar/wallet';
import { queryKeys } from '../api/query-keys.ts';
import { userServiceBase } from '../api/session-api.ts';
import type { ChainWallet } from '../provider/chain-wallet.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import type { WalletBindingEvent } from './wallet-machine.ts';
import { walletErrorText } from './wallet-error-text.ts';

/** How long an approval may take to be mined before the flow stops waiting (the payer may ask again). */
const APPROVAL_RECEIPT_TIMEOUT_MS = 180_000;

/**
 * How a request to the payer's wallet ended: done, no wallet in this browser, or refused —
 * `error` is what the payer reads, `cause` what was thrown.
 */
export type WalletOutcome<T> =
  | { status: 'done'; value: T }
  | { status: 'unavailable' }
  | { status: 'failed'; error: string; cause: unknown };

/**
 * The payer's browser wallet, as both chain payment flows use it (the checkout's submit and the
 * overdue dialog): linking it to the account, and approving the vault. The wallet code loads with
 * the first call. Linking reports its progress as `WalletBindingEvent`s to the flow's machine.
 */
export function useBrowserWallet() {
  const { t, platformUrl, loadWallet } = usePaymentContext();
  const queryClient = useQueryClient();

  /** Runs `request` with the wallet and the browser's provider, and says how it ended. */
  const withWallet = useCallback(
    async <T>(
      request: (wallet: ChainWallet, provider: WalletProvider) => Promise<T>,
    ): Promise<WalletOutcome<T>> => {
      let wallet: ChainWallet | null = null;
      try {
        wallet = await loadWallet();
        const provider = wallet.injectedProvider();
        if (!provider) return { status: 'unavailable' };
        return { status: 'done', value: await request(wallet, provider) };
      } catch (error) {
        return { status: 'failed', error: walletErrorText(error, wallet, t), cause: error };
      }
    },
    [loadWallet, t],
  );

  /** The server answered WALLET_REQUIRED: the dialog tells at once whether the browser has a wallet. */
  const requireBinding = useCallback(
    async (report: (event: WalletBindingEvent) => void) => {
      report({ type: 'walletBindRequired' });
      // Should the wallet code fail to load, the dialog still offers Connect, which shows the error.
      const wallet = await loadWallet().catch(() => null);
      if (wallet && !wallet.injectedProvider()) report({ type: 'walletUnavailable' });
    },
    [loadWallet],
  );

  const bindWallet = useCallback(
    async (report: (event: WalletBindingEvent) => void) => {
      report({ type: 'bindWallet' });
      const outcome = await withWallet(async (wallet, provider) => {
        const user = await wallet.bindWallet(provider, {
          userServiceBase: userServiceBase(platformUrl),
          statement: t('payment.checkout.wallet.bind.statement'),
        });
        queryClient.setQueryData(queryKeys.sessionUser(), user);
      });
      if (outcome.status === 'done') return report({ type: 'walletBound' });
      const error = outcome.status === 'failed' ? outcome.error : t('payment.checkout.wallet.missing');
      report({ type: 'walletBindFailed', error });
    },
    [platformUrl, queryClient, t, withWallet],
  );

  /**
   * Asks the wallet to approve the vault as `chain` says, then waits for the approval to be mined;
   * one mined but reverted fails, as a refusal does.
   */
  const approveVault = useCallback(
    async (chain: ChainContext, onSent: () => void): Promise<WalletOutcome<void>> => {
      const outcome = await withWallet(async (wallet, provider) => {
        const hash = await wallet.sendChainPayment(provider, chain);
        onSent();
        return wallet.waitForReceipt(provider, hash, { timeoutMs: APPROVAL_RECEIPT_TIMEOUT_MS });
      });
      if (outcome.status !== 'done') return outcome;
      return outcome.value === 'success'
        ? { status: 'done', value: undefined }
        : { status: 'failed', error: t('payment.checkout.wallet.reverted'), cause: null };
    },
    [t, withWallet],
  );

  return { withWallet, requireBinding, bindWallet, approveVault };
}
