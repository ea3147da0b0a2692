import type { Invoice, OverdueInvoicesResponse } from '@bazaar/schemas';

/** One currency's line of the overdue list: what it owes and the invoices that make it up. */
export interface OverdueRow {
  currencyId: string;
  entry: OverdueInvoicesResponse['summary'][string];
  invoices: Invoice[];
  /** False once the list no longer owes this currency: the row stays, to say it is paid. */
  isOwed: boolean;
}

/**
 * The rows for the latest list: the currencies shown before, in the same order (those no longer
 * owed keep what they owed then), followed by any the list newly owes.
 */
export function mergeOverdueRows(
  previous: readonly OverdueRow[],
  data: OverdueInvoicesResponse,
): OverdueRow[] {
  const owed = (currencyId: string, entry: OverdueRow['entry']): OverdueRow => ({
    currencyId,
    entry,
    invoices: data.invoices.filter((invoice) => invoice.currency_id === currencyId),
    isOwed: true,
  });
  const rows = previous.map((row) => {
    const entry = data.summary[row.currencyId];
    return entry ? owed(row.currencyId, entry) : { ...row, isOwed: false };
  });
  const shown = new Set(previous.map((row) => row.currencyId));
  for (const [currencyId, entry] of Object.entries(data.summary)) {
    if (!shown.has(currencyId)) rows.push(owed(currencyId, entry));
  }
  return rows;
}
