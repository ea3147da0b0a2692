import { useQuery } from '@tanstack/react-query';
import { invoiceSchema } from '@bazaar/schemas';
import { queryKeys } from '../api/query-keys.ts';
import { usePaymentContext } from '../provider/payment-context.ts';

/** One of the signed-in customer's invoices: `GET /api/invoices/{id}`. */
export function useInvoice(id: string) {
  const { api } = usePaymentContext();
  return useQuery({
    queryKey: queryKeys.invoice(id),
    queryFn: () => api(`/api/invoices/${id}`, { schema: invoiceSchema }),
    retry: false,
  });
}
