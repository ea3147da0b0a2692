import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RelayEvent } from '@bazaar/schemas';
import { queryKeys } from '../api/query-keys.ts';
import { useRelayEvents } from '../realtime/use-relay-events.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import { fetchInvoice } from './invoice-api.ts';

/** Whether a relay event changes what the invoice page shows: the invoice's own, or its refunds'. */
function isAboutInvoice(event: RelayEvent, id: string): boolean {
  if (event.type.startsWith('invoice.')) return event.data.id === id;
  return 'invoice_id' in event.data && event.data.invoice_id === id;
}

/**
 * One of the signed-in customer's invoices: `GET /api/invoices/{id}`, read again when the relay
 * says it changed, so a refund or a payment made elsewhere shows without a reload.
 */
export function useInvoice(id: string) {
  const { api } = usePaymentContext();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.invoice(id),
    queryFn: () => fetchInvoice(api, id),
    retry: false,
  });
  const readAgain = () => void queryClient.invalidateQueries({ queryKey: queryKeys.invoice(id) });
  useRelayEvents(
    query.data !== undefined,
    (event) => {
      if (isAboutInvoice(event, id)) readAgain();
    },
    // A refund made while the socket was still connecting is read here.
    { onSubscribed: readAgain },
  );
  return query;
}

/**
 * Reads an invoice being paid on its page again: once it reads paid, `onPaid` runs and the page
 * shows it paid. Answers whether it is.
 */
export function useReadInvoiceUntilPaid(id: string, onPaid: () => void) {
  const { api } = usePaymentContext();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const current = await fetchInvoice(api, id);
    if (current.status !== 'paid') return false;
    onPaid();
    queryClient.setQueryData(queryKeys.invoice(id), current);
    return true;
  }, [api, id, queryClient, onPaid]);
}
