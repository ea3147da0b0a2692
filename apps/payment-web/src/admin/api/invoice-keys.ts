import { adminKeys } from './admin-keys.ts';

/**
 * An invoice's query keys, under the invoice list's: whatever changes one invoice refetches the
 * list pages too.
 */
export const invoiceKeys = {
  all: (livemode: boolean) => adminKeys.invoices(livemode),
  details: (livemode: boolean, id: string) => [...invoiceKeys.all(livemode), 'details', id] as const,
};
