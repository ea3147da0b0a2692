import { lazy, Suspense } from 'react';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import type { Invoice } from '@bazaar/schemas';
import { OverdueCurrencyRow } from './overdue-currency-row.tsx';
import { isPaidByWallet } from './use-chain-collection.ts';
import { useOverduePayments, type OverduePaymentsOptions } from './use-overdue-payments.ts';

// Only a payer without a linked wallet sees it.
const BindWalletDialog = lazy(() =>
  import('../wallet/bind-wallet-dialog.tsx').then((module) => ({ default: module.BindWalletDialog })),
);

export interface OverdueCurrencyListProps extends OverduePaymentsOptions {
  /**
   * Where a card currency's invoices are paid, in a new tab (the dialog). Absent: card rows only
   * say what they owe (the past-due page lists those invoices to pay one by one).
   */
  payOnPageHref?: (invoices: readonly Invoice[]) => string;
}

/**
 * What is overdue per currency, each row with its pay action: chain currencies are paid here
 * through the payer's wallet, linking one first if needed (the dialog and the past-due page).
 */
export function OverdueCurrencyList({ payOnPageHref, ...options }: OverdueCurrencyListProps) {
  const { rows, stateOf, pay, bindingRow, connectWallet, cancelBinding } = useOverduePayments(options);
  const binding = bindingRow ? stateOf(bindingRow) : null;

  return (
    <>
      <Stack divider={<Divider />}>
        {rows.map((row) => (
          <OverdueCurrencyRow
            key={row.currencyId}
            entry={row.entry}
            invoiceCount={row.invoices.length}
            state={stateOf(row)}
            payOnPageHref={payOnPageHref?.(row.invoices) ?? null}
            onPay={payOnPageHref || isPaidByWallet(row.entry.method) ? () => pay(row) : null}
          />
        ))}
      </Stack>
      {bindingRow && binding?.status === 'walletBinding' ? (
        <Suspense fallback={null}>
          <BindWalletDialog
            network={bindingRow.entry.method.name}
            phase={binding.phase}
            error={binding.error}
            onConnect={connectWallet}
            onCancel={cancelBinding}
          />
        </Suspense>
      ) : null}
    </>
  );
}
