import { useCallback } from 'react';
import type { Invoice } from '@bazaar/schemas';
import { usePaymentContext } from '../provider/payment-context.ts';
import { startInvoicePayment } from './invoice-api.ts';
import { useCardFlow } from './use-card-flow.ts';
import { useReadInvoiceUntilPaid } from './use-invoice.ts';

/**
 * Paying an open or uncollectible invoice by card, through the checkout's own submit machine:
 * Pay now → card step → (authentication) → paying → paid, once the invoice reads paid.
 */
export function useInvoicePayment(invoice: Invoice, onPaid: () => void) {
  const { api } = usePaymentContext();
  const begin = useCallback(
    () => startInvoicePayment(api, invoice.id, crypto.randomUUID()),
    [api, invoice.id],
  );
  // The card network settles the payment before it answers, so one read of the invoice tells.
  const settle = useReadInvoiceUntilPaid(invoice.id, onPaid);
  return useCardFlow({ begin, settle });
}
