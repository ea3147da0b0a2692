import { useQuery } from '@tanstack/react-query';
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
