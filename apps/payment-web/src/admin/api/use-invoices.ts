import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { usePaymentContext } from '@bazaar/payment-react';
import { adminKeys } from './admin-keys.ts';
import { listInvoices } from './invoices-api.ts';

/** One page of the mode's invoices; the last page stays on screen while the next loads. */
export function useInvoicePage(query: Record<string, string>) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: adminKeys.invoicePage(livemode, query),
    queryFn: () => listInvoices(api, query),
    placeholderData: keepPreviousData,
  });
}
