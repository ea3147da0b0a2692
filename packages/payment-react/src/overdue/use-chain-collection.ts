import { useCallback, useEffect, useReducer, useRef } from 'react';
import { isChainMethodType } from '@bazaar/schemas';
import { ApiError, hasErrorCode } from '../api/api-error.ts';
import { extractErrorText } from '../api/error-text.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import { useBrowserWallet } from '../wallet/use-browser-wallet.ts';
import { useRetryAfterLinking } from '../wallet/use-retry-after-linking.ts';
import { approvalShortText, walletMissingText } from '../wallet/wallet-error-text.ts';
import { collectOverdue, type CollectTarget } from './overdue-api.ts';
import {
  IDLE_PAYMENT,
  transitionCurrencyPayment,
  transitionOverduePayments,
  type CurrencyPaymentEvent,
  type CurrencyPaymentState,
} from './overdue-payment-machine.ts';

/** How long the vault may take to collect before the payment stops waiting: 3 minutes, as a checkout's polling. */
const COLLECT_TIMEOUT_MS = 180_000;
const NONE_PAID: readonly string[] = [];

/** Whether a currency of this method is paid by the wallet here (card invoices are paid on their page). */
export function isPaidByWallet(method: { type: string } | undefined): boolean {
  return method !== undefined && isChainMethodType(method.type);
}

export interface ChainCollectionOptions {
  /** What is paid; null while it is not known (nothing is paid then). */
  target: CollectTarget | null;
  /** Reads what is owed again now: the vault started collecting. */
  refetch: () => void;
  /** Currencies that what was read again no longer owes: their payment reads paid. */
  paidCurrencyIds?: readonly string[];
}

/**
 * Paying chain currencies through `collect-batch`, one machine per currency, for the overdue list
 * (per scope) and an invoice's own page: a Pay asks the server, approves the vault in the payer's
 * wallet when it says so (then asks again), and waits while the vault collects until `refetch`
 * shows the currency paid or the time runs out. A wallet not yet linked is linked first and the
 * payment runs again 2 s later.
 */
export function useChainCollection({ target, refetch, paidCurrencyIds = NONE_PAID }: ChainCollectionOptions) {
  const { api, t } = usePaymentContext();
  const { approveVault, requireBinding, bindWallet } = useBrowserWallet();
  const [payments, dispatch] = useReducer(transitionOverduePayments, {});
  // Currencies whose payment is running, so a second click starts nothing.
  const running = useRef(new Set<string>());
  const collectTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const reportTo = useCallback(
    (currencyId: string) => (event: CurrencyPaymentEvent) => dispatch({ ...event, currencyId }),
    [],
  );

  const stopWaiting = useCallback((currencyId: string) => {
    clearTimeout(collectTimers.current.get(currencyId));
    collectTimers.current.delete(currencyId);
  }, []);
  useEffect(() => {
    const timers = collectTimers.current;
    return () => timers.forEach((timer) => clearTimeout(timer));
  }, []);

  useEffect(() => {
    for (const currencyId of paidCurrencyIds) {
      stopWaiting(currencyId);
      dispatch({ type: 'paid', currencyId });
    }
  }, [paidCurrencyIds, stopWaiting]);

  const collect = useCallback(
    async (currencyId: string, target: CollectTarget) => {
      const report = reportTo(currencyId);
      const fail = (error: string, code: string | null = null) => report({ type: 'failed', error, code });
      const waitForCollection = () => {
        report({ type: 'collecting' });
        refetch();
        stopWaiting(currencyId);
        const timer = setTimeout(() => fail(t('payment.checkout.failed.timeout')), COLLECT_TIMEOUT_MS);
        collectTimers.current.set(currencyId, timer);
      };
      const ask = async (isAfterApproval: boolean): Promise<void> => {
        const answer = await collectOverdue(api, target, currencyId, crypto.randomUUID());
        const chain = answer.chainContext;
        if (chain.action === 'none') return waitForCollection();
        if (isAfterApproval) return fail(approvalShortText(chain, t));
        report({ type: 'approvalRequired', wallet: { chain, isBalanceLow: !answer.balance.sufficient } });
        const outcome = await approveVault(chain, () => report({ type: 'walletSent' }));
        if (outcome.status === 'unavailable') return fail(walletMissingText(chain.network_name, t));
        if (outcome.status === 'failed') return fail(outcome.error);
        report({ type: 'approved' });
        return ask(true);
      };
      try {
        await ask(false);
      } catch (error) {
        if (hasErrorCode(error, 'WALLET_REQUIRED')) return requireBinding(report);
        // Nothing is left to collect in this currency (paid meanwhile): read again, it says so.
        if (hasErrorCode(error, 'NOT_FOUND')) return waitForCollection();
        fail(extractErrorText(error, t), error instanceof ApiError ? error.code : null);
      }
    },
    [api, approveVault, refetch, reportTo, requireBinding, stopWaiting, t],
  );

  /** Moves the currency's payment to processing; false when it cannot start now. */
  const begin = useCallback(
    (currencyId: string) => {
      const current = payments[currencyId] ?? IDLE_PAYMENT;
      const isPayable = transitionCurrencyPayment(current, { type: 'pay' }) !== current;
      if (!target || !isPayable || running.current.has(currencyId)) return false;
      stopWaiting(currencyId);
      dispatch({ type: 'pay', currencyId });
      return true;
    },
    [payments, target, stopWaiting],
  );

  const payByWallet = useCallback(
    (currencyId: string) => {
      if (!target || !begin(currencyId)) return;
      running.current.add(currencyId);
      void collect(currencyId, target).finally(() => running.current.delete(currencyId));
    },
    [begin, collect, target],
  );

  const pay = useCallback(
    (currencyId: string, method: { type: string }) => {
      if (isPaidByWallet(method)) return payByWallet(currencyId);
      // Card invoices are paid one by one on the invoice page, where the card step is.
      if (begin(currencyId)) {
        dispatch({ type: 'failed', currencyId, error: t('payment.error.notSupport'), code: 'notSupport' });
      }
    },
    [begin, payByWallet, t],
  );

  const stateOf = (currencyId: string): CurrencyPaymentState => payments[currencyId] ?? IDLE_PAYMENT;
  const linkedCurrencyId = Object.keys(payments).find((currencyId) => {
    const state = stateOf(currencyId);
    return state.status === 'walletBinding' && state.phase === 'bound';
  });
  useRetryAfterLinking(
    linkedCurrencyId !== undefined,
    () => linkedCurrencyId && payByWallet(linkedCurrencyId),
  );

  // The bind-wallet dialog is modal: one currency links a wallet at a time.
  const bindingCurrencyId =
    Object.keys(payments).find((currencyId) => stateOf(currencyId).status === 'walletBinding') ?? null;

  return {
    stateOf,
    pay,
    /** The currency whose payment waits for a wallet to be linked (the bind-wallet dialog), if any. */
    bindingCurrencyId,
    connectWallet: () => {
      if (bindingCurrencyId) void bindWallet(reportTo(bindingCurrencyId));
    },
    cancelBinding: () => {
      if (bindingCurrencyId) dispatch({ type: 'cancelBinding', currencyId: bindingCurrencyId });
    },
  };
}
