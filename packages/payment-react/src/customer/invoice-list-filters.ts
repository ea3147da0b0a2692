import type { Invoice, Subscription } from '@bazaar/schemas';
import type { InvoiceListQuery } from './invoice-api.ts';
import type { InvoiceLinkOptions } from './invoice-list-links.ts';

/** Which invoices a list shows; each is left out of the request unless it filters something. */
export interface InvoiceListFilters {
  /** The customer whose invoices are listed (the signed-in payer's own by default). */
  customerId?: string;
  subscriptionId?: string;
  currencyId?: string;
  status?: Invoice['status'];
  includeStaking?: boolean;
  includeReturnStaking?: boolean;
  includeRecoveredFrom?: boolean;
  /** Leaves out invoices whose total is zero; on by default. */
  ignoreZero?: boolean;
}

/** What both invoice lists take. */
export interface InvoiceListProps extends InvoiceListFilters, InvoiceLinkOptions {
  /**
   * The subscription listed, for the empty list's next invoice date; without it the list uses the
   * one the server answers when filtered by `subscriptionId`.
   */
  subscription?: Subscription;
}

export function invoiceListQuery(filters: InvoiceListFilters): Omit<InvoiceListQuery, 'page' | 'pageSize'> {
  return {
    customer_id: filters.customerId,
    subscription_id: filters.subscriptionId,
    currency_id: filters.currencyId,
    status: filters.status,
    include_staking: filters.includeStaking,
    include_return_staking: filters.includeReturnStaking,
    include_recovered_from: filters.includeRecoveredFrom,
    ignore_zero: filters.ignoreZero,
  };
}
