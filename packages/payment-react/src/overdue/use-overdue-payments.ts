import { useEffect, useMemo, useReducer } from 'react';
import type { OverdueInvoicesResponse } from '@bazaar/schemas';
import type { OverdueScope } from './overdue-api.ts';
import { mergeOverdueRows, type OverdueRow } from './overdue-rows.ts';
import { useChainCollection } from './use-chain-collection.ts';

const NO_ROWS: OverdueRow[] = [];

export interface OverduePaymentsOptions {
  scope: OverdueScope | null;
  data: OverdueInvoicesResponse | undefined;
  /** Reads the list again now. */
  refetch: () => void;
}

/**
 * Paying the overdue list currency by currency: a chain currency's row is paid through
 * `collect-batch` and the payer's wallet (`useChainCollection`), a card currency's on the invoice
 * page. A row turns paid once the list, read again (after `invoice.paid`, or right after the vault
 * starts), no longer owes its currency.
 */
export function useOverduePayments({ scope, data, refetch }: OverduePaymentsOptions) {
  // Rows remember currencies the list no longer owes, so each read is folded into them as it arrives.
  const [rows, recordRead] = useReducer(mergeOverdueRows, NO_ROWS);
  useEffect(() => {
    if (data) recordRead(data);
  }, [data]);
  const paidCurrencyIds = useMemo(
    () => rows.filter((row) => !row.isOwed).map((row) => row.currencyId),
    [rows],
  );
  const collection = useChainCollection({ target: scope, refetch, paidCurrencyIds });

  return {
    rows,
    stateOf: (row: OverdueRow) => collection.stateOf(row.currencyId),
    pay: (row: OverdueRow) => collection.pay(row.currencyId, row.entry.method),
    /** The row whose payment waits for a wallet to be linked (the bind-wallet dialog), if any. */
    bindingRow: rows.find((row) => row.currencyId === collection.bindingCurrencyId) ?? null,
    connectWallet: collection.connectWallet,
    cancelBinding: collection.cancelBinding,
  };
}
