import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { isChainMethodType, type OverdueInvoicesResponse } from '@bazaar/schemas';
import { ApiError, hasErrorCode } from '../api/api-error.ts';
import { extractErrorText } from '../api/error-text.ts';
import { formatTokenAmount } from '../format/format-money.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import { useBrowserWallet } from '../wallet/use-browser-wallet.ts';
import { useRetryAfterLinking } from '../wallet/use-retry-after-linking.ts';
import { collectOverdue, type OverdueScope } from './overdue-api.ts';
import {
  IDLE_PAYMENT,
  transitionCurrencyPayment,
  transitionOverduePayments,
  type CurrencyPaymentEvent,
  type CurrencyPaymentState,
} from './overdue-payment-machine.ts';
import { mergeOverdueRows, type OverdueRow } from './overdue-rows.ts';

/** How long the vault may take to collect before the row stops waiting, as a checkout's polling (payment-kit.md §9). */
const COLLECT_TIMEOUT_MS = 180_000;

/** Whether a currency of this method is paid here by the wallet (card invoices are paid on their page). */
export function isPaidByWallet(method: { type: string } | undefined): boolean {
  return method !== undefined && isChainMethodType(method.type);
}

export interface OverduePaymentsOptions {
  scope: OverdueScope | null;
  data: OverdueInvoicesResponse | undefined;
  /** Reads the list again now. */
  refetch: () => void;
}

/**
 * Paying the overdue list currency by currency (payment-kit.md §4): a chain currency's Pay runs
 * `collect-batch`, approves the vault in the payer's wallet when the server asks (then calls
 * again), and waits while the vault collects; a wallet not yet linked is linked first and the
 * payment runs again 2 s later. A row turns paid once the list, read again (after `invoice.paid`,
 * or right after the vault starts), no longer owes its currency.
 */
export function useOverduePayments({ scope, data, refetch }: OverduePaymentsOptions) {
  const { api, t } = usePaymentContext();
  const { approveVault, requireBinding, bindWallet } = useBrowserWallet();
  const [payments, dispatch] = useReducer(transitionOverduePayments, {});
  const latestPayments = useRef(payments);
  latestPayments.current = payments;
  const [shown, setShown] = useState<{ data?: OverdueInvoicesResponse; rows: OverdueRow[] }>({ rows: [] });
  if (data && data !== shown.data) setShown({ data, rows: mergeOverdueRows(shown.rows, data) });
  const { rows } = shown;
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
    for (const row of rows) {
      if (row.isOwed) continue;
      stopWaiting(row.currencyId);
      dispatch({ type: 'paid', currencyId: row.currencyId });
    }
  }, [rows, stopWaiting]);

  const collect = useCallback(
    async (currencyId: string, target: OverdueScope) => {
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
        // An approval just mined that still falls short (the balance is too low) is not asked
        // for again by itself, so the two cannot loop.
        if (isAfterApproval) {
          const amount = formatTokenAmount(chain.amount, chain.token);
          return fail(t('payment.checkout.wallet.approvalShort', { amount }));
        }
        report({ type: 'approvalRequired', wallet: { chain, isBalanceLow: !answer.balance.sufficient } });
        const outcome = await approveVault(chain, () => report({ type: 'walletSent' }));
        if (outcome.status === 'unavailable') {
          const hint = t('payment.checkout.wallet.missingHint', { network: chain.network_name });
          return fail(`${t('payment.checkout.wallet.missing')} ${hint}`);
        }
        if (outcome.status === 'failed') return fail(outcome.error);
        if (outcome.value === 'reverted') return fail(t('payment.checkout.wallet.reverted'));
        report({ type: 'approved' });
        return ask(true);
      };
      try {
        await ask(false);
      } catch (error) {
        if (hasErrorCode(error, 'WALLET_REQUIRED')) return requireBinding(report);
        // Nothing is overdue in this currency any more (paid meanwhile): the list, read again, says so.
        if (hasErrorCode(error, 'NOT_FOUND')) return waitForCollection();
        fail(extractErrorText(error, t), error instanceof ApiError ? error.code : null);
      }
    },
    [api, approveVault, refetch, reportTo, requireBinding, stopWaiting, t],
  );

  const pay = useCallback(
    (row: OverdueRow) => {
      const { currencyId } = row;
      const current = latestPayments.current[currencyId] ?? IDLE_PAYMENT;
      const isPayable = transitionCurrencyPayment(current, { type: 'pay' }) !== current;
      if (!scope || !isPayable || running.current.has(currencyId)) return;
      stopWaiting(currencyId);
      dispatch({ type: 'pay', currencyId });
      if (!isPaidByWallet(row.entry.method)) {
        // Card invoices are paid one by one on the invoice page (payment-kit.md §5).
        const error = t('payment.error.notSupport');
        return dispatch({ type: 'failed', currencyId, error, code: 'notSupport' });
      }
      running.current.add(currencyId);
      void collect(currencyId, scope).finally(() => running.current.delete(currencyId));
    },
    [collect, scope, stopWaiting, t],
  );

  const stateOf = (row: OverdueRow): CurrencyPaymentState => payments[row.currencyId] ?? IDLE_PAYMENT;
  const linkedRow = rows.find((row) => {
    const state = stateOf(row);
    return state.status === 'walletBinding' && state.phase === 'bound';
  });
  useRetryAfterLinking(linkedRow !== undefined, () => linkedRow && pay(linkedRow));

  // The bind-wallet dialog is modal: one row links a wallet at a time.
  const bindingRow = rows.find((row) => stateOf(row).status === 'walletBinding') ?? null;

  return {
    rows,
    stateOf,
    pay,
    /** The row whose payment waits for a wallet to be linked (the bind-wallet dialog), if any. */
    bindingRow,
    connectWallet: () => {
      if (bindingRow) void bindWallet(reportTo(bindingRow.currencyId));
    },
    cancelBinding: () => {
      if (bindingRow) dispatch({ type: 'cancelBinding', currencyId: bindingRow.currencyId });
    },
  };
}
