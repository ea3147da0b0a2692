import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import { fetchInvoice } from './invoice-api.ts';

/** One of the signed-in customer's invoices: `GET /api/invoices/{id}`. */
export function useInvoice(id: string) {
  const { api } = usePaymentContext();
  return useQuery({
    queryKey: queryKeys.invoice(id),
    queryFn: () => fetchInvoice(api, id),
    retry: false,
  });
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
