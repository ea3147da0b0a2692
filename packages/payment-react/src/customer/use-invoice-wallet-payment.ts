import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Invoice } from '@bazaar/schemas';
import { queryKeys } from '../api/query-keys.ts';
import { useChainCollection } from '../overdue/use-chain-collection.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import { useRelayEvents } from '../realtime/use-relay-events.ts';
import { fetchInvoice } from './invoice-api.ts';

/**
 * Paying an open or uncollectible chain invoice from the payer's wallet, as the overdue dialog
 * pays a currency (`collect-batch` for this invoice alone): while the vault collects, the invoice
 * is read again at once and after each `invoice.paid` for it, until it reads paid.
 */
export function useInvoiceWalletPayment(invoice: Invoice, onPaid: () => void) {
  const { api } = usePaymentContext();
  const queryClient = useQueryClient();
  const target = useMemo(() => ({ kind: 'invoice' as const, id: invoice.id }), [invoice.id]);
  const refetch = useCallback(() => {
    // A read that fails leaves the payment waiting: the next invoice.paid or the time limit decides.
    fetchInvoice(api, invoice.id).then(
      (current) => {
        if (current.status === 'paid') onPaid();
        queryClient.setQueryData(queryKeys.invoice(invoice.id), current);
      },
      () => {},
    );
  }, [api, invoice.id, queryClient, onPaid]);
  const collection = useChainCollection({ target, refetch });
  const state = collection.stateOf(invoice.currency_id);

  useRelayEvents(state.status === 'processing' && state.step === 'collecting', (event) => {
    if (event.type === 'invoice.paid' && event.data.id === invoice.id) refetch();
  });

  return {
    state,
    pay: () => collection.pay(invoice.currency_id, invoice.payment_method),
    connectWallet: collection.connectWallet,
    cancelBinding: collection.cancelBinding,
  };
}
