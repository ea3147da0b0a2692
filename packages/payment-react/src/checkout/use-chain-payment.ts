import { useCallback, useRef } from 'react';
import { hasErrorCode } from '../api/api-error.ts';
import { reportChainTransaction } from '../api/checkout-api.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import { useBrowserWallet } from '../wallet/use-browser-wallet.ts';
import { approvalShortText } from '../wallet/wallet-error-text.ts';
import type { WalletStep } from '../wallet/wallet-machine.ts';
import type { SubmitEvent } from './submit-machine.ts';

export interface ChainPaymentOptions {
  sessionId: string;
  dispatch: (event: SubmitEvent) => void;
}

/**
 * The wallet side of a chain payment, for the submit flow: binding a wallet to the account, and
 * the wallet step — a transfer reported to the server, or an approval, whose mining it reports
 * to the submit machine (`walletApproved`) for the submit to run again.
 */
export function useChainPayment({ sessionId, dispatch }: ChainPaymentOptions) {
  const { api, t } = usePaymentContext();
  const { withWallet, approveVault, ...linking } = useBrowserWallet();
  // What the wallet step asks, so asking again sends the same request.
  const pending = useRef<WalletStep | null>(null);
  // A transfer the wallet sent that the server has not recorded: asking again reports it, never pays twice.
  const unreportedHash = useRef<string | null>(null);

  const { requireBinding: requireLinking, bindWallet: link } = linking;
  const requireBinding = useCallback(() => requireLinking(dispatch), [requireLinking, dispatch]);
  const bindWallet = useCallback(() => link(dispatch), [link, dispatch]);

  const transfer = useCallback(
    (step: WalletStep) =>
      withWallet(async (wallet, provider) => {
        const hash = unreportedHash.current ?? (await wallet.sendChainPayment(provider, step.chain));
        unreportedHash.current = hash;
        dispatch({ type: 'walletSent' });
        // The server answers a repeated report of a hash as it answered the first.
        await reportChainTransaction(api, sessionId, hash);
        unreportedHash.current = null;
      }),
    [api, dispatch, sessionId, withWallet],
  );

  const askWallet = useCallback(
    async (step: WalletStep) => {
      const isTransfer = step.chain.action === 'transfer';
      const outcome = isTransfer
        ? await transfer(step)
        : await approveVault(step.chain, () => dispatch({ type: 'walletSent' }));
      if (outcome.status === 'unavailable') return dispatch({ type: 'walletUnavailable' });
      if (outcome.status === 'failed') {
        // The server looked at the mined transfer and will not take it (it failed, or pays
        // something else): asking again sends a new one.
        if (hasErrorCode(outcome.cause, 'CHAIN_TRANSACTION_INVALID')) {
          unreportedHash.current = null;
        }
        return dispatch({ type: 'walletFailed', error: outcome.error });
      }
      dispatch({ type: isTransfer ? 'paymentConfirmed' : 'walletApproved' });
    },
    [approveVault, dispatch, transfer],
  );

  /**
   * The server asks the wallet to transfer or approve: the step opens and asks the wallet at once,
   * unless an approval was just mined (`approvalShortText`).
   */
  const payByWallet = useCallback(
    async (step: WalletStep, isAfterApproval: boolean) => {
      pending.current = step;
      unreportedHash.current = null;
      dispatch({ type: 'walletRequired', wallet: step });
      if (!isAfterApproval) return askWallet(step);
      dispatch({ type: 'walletFailed', error: approvalShortText(step.chain, t) });
    },
    [askWallet, dispatch, t],
  );

  /** The step's retry: ask the wallet again for the same payment. */
  const confirmWallet = useCallback(() => {
    if (!pending.current) return;
    dispatch({ type: 'confirmWallet' });
    void askWallet(pending.current);
  }, [askWallet, dispatch]);

  return { requireBinding, bindWallet, payByWallet, confirmWallet };
}
