import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePaymentContext } from '@bazaar/payment-react';
import type { AdminInvoice, CreateInvoiceBody, RelayEvent, UpdateInvoiceBody } from '@bazaar/schemas';
import { adminKeys } from './admin-keys.ts';
import { customerKeys } from './customer-keys.ts';
import { invoiceKeys } from './invoice-keys.ts';
import { paymentKeys } from './payment-keys.ts';
import { useLiveRefresh } from './use-live-refresh.ts';
import {
  createInvoice,
  listInvoices,
  moveInvoice,
  retrieveInvoice,
  updateInvoice,
  type InvoiceMove,
} from './invoices-api.ts';

/** One page of the mode's invoices; the last page stays on screen while the next loads. */
export function useInvoicePage(query: Record<string, string>) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: adminKeys.invoicePage(livemode, query),
    queryFn: () => listInvoices(api, query),
    placeholderData: keepPreviousData,
  });
}

export function useInvoice(id: string) {
  const { api, livemode } = usePaymentContext();
  return useQuery({ queryKey: invoiceKeys.details(livemode, id), queryFn: () => retrieveInvoice(api, id) });
}

/**
 * What a saved invoice changes: its own page shows the answer at once, the lists and its
 * customer's page (which lists their invoices) load again.
 */
function useInvoiceSaved() {
  const { livemode } = usePaymentContext();
  const queryClient = useQueryClient();
  return (invoice: AdminInvoice) => {
    queryClient.setQueryData(invoiceKeys.details(livemode, invoice.id), invoice);
    void queryClient.invalidateQueries({ queryKey: invoiceKeys.all(livemode) });
    void queryClient.invalidateQueries({ queryKey: customerKeys.details(livemode, invoice.customer_id) });
  };
}

/** Writes a manual invoice as a draft. */
export function useCreateInvoice() {
  const { api } = usePaymentContext();
  const onSaved = useInvoiceSaved();
  return useMutation({
    mutationFn: (body: CreateInvoiceBody) => createInvoice(api, body),
    onSuccess: onSaved,
  });
}

/** Saves a draft's changes. */
export function useUpdateInvoice(id: string) {
  const { api } = usePaymentContext();
  const onSaved = useInvoiceSaved();
  return useMutation({
    mutationFn: (body: UpdateInvoiceBody) => updateInvoice(api, id, body),
    onSuccess: onSaved,
  });
}

/**
 * Finalizes, voids or marks uncollectible an invoice. A refused move means the invoice is not
 * what the page shows (paid or collected meanwhile): it is loaded again.
 */
export function useMoveInvoice(id: string) {
  const { api, livemode } = usePaymentContext();
  const queryClient = useQueryClient();
  const onSaved = useInvoiceSaved();
  return useMutation({
    mutationFn: (move: InvoiceMove) => moveInvoice(api, id, move),
    onSuccess: onSaved,
    onError: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.details(livemode, id) }),
  });
}

const invoiceQueries = (livemode: boolean) => [invoiceKeys.all(livemode), paymentKeys.all(livemode)];
const changesInvoices = (event: RelayEvent) =>
  event.type.startsWith('invoice.') ||
  event.type.startsWith('payment_intent.') ||
  event.type.startsWith('refund.');

/**
 * While an invoice list or page is open, an invoice moving on (paid by its customer in another
 * browser, renewed by a test clock) or a payment or refund of one reads them again.
 */
export function useInvoicesLiveRefresh() {
  useLiveRefresh(invoiceQueries, changesInvoices);
}
