import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { usePaymentContext } from '@bazaar/payment-react';
import { customerKeys } from './customer-keys.ts';
import { listCustomers, retrieveCustomerDetails } from './customers-api.ts';

/** One page of the mode's customers; the last page stays on screen while the next loads. */
export function useCustomerPage(query: Record<string, string>) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: customerKeys.page(livemode, query),
    queryFn: () => listCustomers(api, { ...query }),
    placeholderData: keepPreviousData,
  });
}

/** A customer with the first page of everything they own, their credit and their test clock. */
export function useCustomerDetails(id: string) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: customerKeys.details(livemode, id),
    queryFn: () => retrieveCustomerDetails(api, id),
  });
}
