import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Invoice } from '@bazaar/schemas';
import { queryKeys } from '../api/query-keys.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import { fetchInvoice, startInvoicePayment } from './invoice-api.ts';
import { useCardFlow } from './use-card-flow.ts';

/**
 * Paying an open or uncollectible invoice by card, through the checkout's own submit machine:
 * Pay now → card step → (authentication) → paying → paid, once the invoice reads paid.
 */
export function useInvoicePayment(invoice: Invoice, onPaid: () => void) {
  const { api } = usePaymentContext();
  const queryClient = useQueryClient();
  const begin = useCallback(
    () => startInvoicePayment(api, invoice.id, crypto.randomUUID()),
    [api, invoice.id],
  );
  // The card network settles the payment before it answers, so one read of the invoice tells.
  const settle = useCallback(async () => {
    const current = await fetchInvoice(api, invoice.id);
    if (current.status !== 'paid') return false;
    onPaid();
    queryClient.setQueryData(queryKeys.invoice(invoice.id), current);
    return true;
  }, [api, invoice.id, queryClient, onPaid]);
  return useCardFlow({ begin, settle });
}
