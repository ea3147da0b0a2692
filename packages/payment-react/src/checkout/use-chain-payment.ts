import { useCallback, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error.ts';
import { reportChainTransaction } from '../api/checkout-api.ts';
import { queryKeys } from '../api/query-keys.ts';
import { userServiceBase } from '../api/session-api.ts';
import { formatTokenAmount } from '../format/format-money.ts';
import type { ChainWallet } from '../provider/chain-wallet.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import type { CheckoutSubmitValues } from './checkout-form-schema.ts';
import type { SubmitEvent, WalletStep } from './submit-machine.ts';
import { walletErrorText } from './wallet-error-text.ts';

/** How long an approval may take to be mined before the step stops waiting (the payer may ask again). */
const APPROVAL_RECEIPT_TIMEOUT_MS = 180_000;

interface PendingPayment {
  step: WalletStep;
  values: CheckoutSubmitValues;
}

export interface ChainPaymentOptions {
  sessionId: string;
  dispatch: (event: SubmitEvent) => void;
  /** A mined approval: submit these values again, and the server pulls the amount. */
  onApproved: (values: CheckoutSubmitValues) => void;
}

/**
 * The wallet side of a chain payment, for the submit flow: binding a wallet to the account, and
 * the wallet step — a transfer reported to the server, or an approval followed by a new submit.
 */
export function useChainPayment({ sessionId, dispatch, onApproved }: ChainPaymentOptions) {
  const { api, t, platformUrl, loadWallet } = usePaymentContext();
  const queryClient = useQueryClient();
  const approved = useRef(onApproved);
  approved.current = onApproved;
  // What the wallet step asks, and the form values an approval submits again.
  const pending = useRef<PendingPayment | null>(null);
  // A transfer the wallet sent that the server has not recorded: asking again reports it, never pays twice.
  const unreportedHash = useRef<string | null>(null);

  /** The server answered WALLET_REQUIRED: the dialog tells at once whether the browser has a wallet. */
  const requireBinding = useCallback(async () => {
    dispatch({ type: 'walletBindRequired' });
    // Should the wallet code fail to load, the dialog still offers Connect, which shows the error.
    const wallet = await loadWallet().catch(() => null);
    if (wallet && !wallet.injectedProvider()) dispatch({ type: 'walletUnavailable' });
  }, [dispatch, loadWallet]);

  const bindWallet = useCallback(async () => {
    dispatch({ type: 'bindWallet' });
    let wallet: ChainWallet | null = null;
    try {
      wallet = await loadWallet();
      const provider = wallet.injectedProvider();
      if (!provider)
        return dispatch({ type: 'walletBindFailed', error: t('payment.checkout.wallet.missing') });
      const user = await wallet.bindWallet(provider, {
        userServiceBase: userServiceBase(platformUrl),
        statement: t('payment.checkout.wallet.bind.statement'),
      });
      queryClient.setQueryData(queryKeys.sessionUser(), user);
      dispatch({ type: 'walletBound' });
    } catch (error) {
      dispatch({ type: 'walletBindFailed', error: walletErrorText(error, wallet, t) });
    }
  }, [dispatch, loadWallet, platformUrl, queryClient, t]);

  const askWallet = useCallback(
    async ({ step, values }: PendingPayment) => {
      const { chain } = step;
      let wallet: ChainWallet | null = null;
      try {
        wallet = await loadWallet();
        const provider = wallet.injectedProvider();
        if (!provider) return dispatch({ type: 'walletUnavailable' });
        if (chain.action === 'transfer') {
          const hash = unreportedHash.current ?? (await wallet.sendChainPayment(provider, chain));
          unreportedHash.current = hash;
          dispatch({ type: 'walletSent' });
          // The server answers a repeated report of a hash as it answered the first.
          await reportChainTransaction(api, sessionId, hash);
          unreportedHash.current = null;
          return dispatch({ type: 'paymentConfirmed' });
        }
        const hash = await wallet.sendChainPayment(provider, chain);
        dispatch({ type: 'walletSent' });
        const outcome = await wallet.waitForReceipt(provider, hash, {
          timeoutMs: APPROVAL_RECEIPT_TIMEOUT_MS,
        });
        if (outcome === 'reverted') {
          return dispatch({ type: 'walletFailed', error: t('payment.checkout.wallet.reverted') });
        }
        dispatch({ type: 'walletApproved' });
        approved.current(values);
      } catch (error) {
        // The server looked at the mined transfer and will not take it (it failed, or pays
        // something else): asking again sends a new one.
        if (error instanceof ApiError && error.code === 'CHAIN_TRANSACTION_INVALID') {
          unreportedHash.current = null;
        }
        dispatch({ type: 'walletFailed', error: walletErrorText(error, wallet, t) });
      }
    },
    [api, dispatch, loadWallet, sessionId, t],
  );

  /**
   * The server asks the wallet to transfer or approve: the step opens and asks the wallet at once.
   * An approval that was just mined yet still falls short (the balance is too low) is not asked
   * again by itself, so the two cannot loop.
   */
  const payByWallet = useCallback(
    async (step: WalletStep, values: CheckoutSubmitValues, isAfterApproval: boolean) => {
      pending.current = { step, values };
      unreportedHash.current = null;
      dispatch({ type: 'walletRequired', wallet: step });
      if (!isAfterApproval) return askWallet(pending.current);
      const amount = formatTokenAmount(step.chain.amount, step.chain.token);
      dispatch({ type: 'walletFailed', error: t('payment.checkout.wallet.approvalShort', { amount }) });
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
