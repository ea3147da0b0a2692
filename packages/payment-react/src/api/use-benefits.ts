import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { benefitsResponseSchema } from '@bazaar/schemas';
import { usePaymentContext } from '../provider/payment-context.ts';
import type { ApiClient } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/** `GET /api/payment-links/{id}/benefits?amount=…`: who receives a donation link's tips, and their part of `amount`. */
function fetchBenefits(api: ApiClient, paymentLinkId: string, amount: bigint | null) {
  return api(`/api/payment-links/${paymentLinkId}/benefits`, {
    query: amount === null ? {} : { amount: amount.toString() },
    schema: benefitsResponseSchema,
  });
}

/**
 * The beneficiaries of a donation link with their parts of the tip being chosen. While a new
 * tip's parts load, the last answer stays on screen rather than flashing empty.
 */
export function useBenefits(paymentLinkId: string | null, amount: bigint | null) {
  const { api } = usePaymentContext();
  return useQuery({
    queryKey: queryKeys.benefits(paymentLinkId ?? '', amount?.toString() ?? null),
    queryFn: () => fetchBenefits(api, paymentLinkId!, amount),
    enabled: paymentLinkId !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
