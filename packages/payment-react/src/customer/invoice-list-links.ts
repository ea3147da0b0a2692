import type { Invoice } from '@bazaar/schemas';
import { invoiceAddress } from '../overdue/overdue-addresses.ts';

/** What a list row needs to say where it leads. */
export interface InvoiceLinkOptions {
  /** Passed to the page of an uncollectible invoice as `?action=` (what the host wants done there). */
  action?: string;
  /** Where a row that is not one of the kit's invoices (its id is not `in_…`) leads, if anywhere. */
  paymentDetailsUrl?: string;
}

/** The invoice's page, with the host's `action` when it is uncollectible (the one case that page acts on). */
export function invoicePageAddress(
  apiBaseUrl: string,
  invoice: Pick<Invoice, 'id' | 'status'>,
  action?: string,
): string {
  const address = invoiceAddress(apiBaseUrl, invoice.id);
  return invoice.status === 'uncollectible' && action
    ? `${address}?${new URLSearchParams({ action }).toString()}`
    : address;
}

/** Where clicking a row leads: the kit's invoice page for its own invoices, else the host's page, else nowhere. */
export function invoiceRowAddress(
  apiBaseUrl: string,
  invoice: Pick<Invoice, 'id' | 'status'>,
  { action, paymentDetailsUrl }: InvoiceLinkOptions,
): string | null {
  if (invoice.id.startsWith('in_')) return invoicePageAddress(apiBaseUrl, invoice, action);
  return paymentDetailsUrl ?? null;
}

/** Overdraft protection is not for the payer to pay from a list: its row shows the status. */
const NOT_PAID_FROM_LIST = new Set<Invoice['billing_reason']>([
  'overdraft_protection',
  'stake_overdraft_protection',
]);

/** Whether a row offers "Pay now" instead of its status: an unpaid invoice the payer settles on its page. */
export function isPayableFromList(invoice: Pick<Invoice, 'status' | 'billing_reason'>): boolean {
  return (
    (invoice.status === 'open' || invoice.status === 'uncollectible') &&
    !NOT_PAID_FROM_LIST.has(invoice.billing_reason)
  );
}

/**
 * A row's click, for a pointer: goes where the row leads. A click on a link or button inside the
 * row is left to it (the number's link is how a keyboard reaches the same place).
 */
export function followRowClick(event: { target: EventTarget | null }, address: string | null): void {
  if (address === null) return;
  if (event.target instanceof Element && event.target.closest('a, button')) return;
  window.location.assign(address);
}
