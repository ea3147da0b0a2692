import { useCallback, useMemo } from 'react';
import type { Invoice } from '@bazaar/schemas';
import { useChainCollection } from '../overdue/use-chain-collection.ts';
import { useRelayEvents } from '../realtime/use-relay-events.ts';
import { useReadInvoiceUntilPaid } from './use-invoice.ts';

/**
 * Paying an open or uncollectible chain invoice from the payer's wallet, as the overdue dialog
 * pays a currency (`collect-batch` for this invoice alone): while the vault collects, the invoice
 * is read again at once and after each `invoice.paid` for it, until it reads paid.
 */
export function useInvoiceWalletPayment(invoice: Invoice, onPaid: () => void) {
  const target = useMemo(() => ({ kind: 'invoice' as const, id: invoice.id }), [invoice.id]);
  const readInvoice = useReadInvoiceUntilPaid(invoice.id, onPaid);
  // A read that fails leaves the payment waiting: the next invoice.paid or the time limit decides.
  const refetch = useCallback(() => void readInvoice().catch(() => {}), [readInvoice]);
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
