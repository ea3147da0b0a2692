import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePaymentContext } from '@bazaar/payment-react';
import type { RelayEvent } from '@bazaar/schemas';
import { customerKeys } from './customer-keys.ts';
import { paymentKeys } from './payment-keys.ts';
import { useLiveRefresh } from './use-live-refresh.ts';
import { createRefund, listPayments, listRefunds, retrievePayment, type RefundBody } from './payments-api.ts';

/** One page of the mode's payments; the last page stays on screen while the next loads. */
export function usePaymentPage(query: Record<string, string>) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: paymentKeys.page(livemode, query),
    queryFn: () => listPayments(api, query),
    placeholderData: keepPreviousData,
  });
}

/** A payment with its customer, invoice, provider or chain, and refunds. */
export function usePayment(id: string) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: paymentKeys.details(livemode, id),
    queryFn: () => retrievePayment(api, id),
  });
}

/** One page of the mode's refunds; the last page stays on screen while the next loads. */
export function useRefundPage(query: Record<string, string>) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: paymentKeys.refundPage(livemode, query),
    queryFn: () => listRefunds(api, query),
    placeholderData: keepPreviousData,
  });
}

/**
 * Refunds a payment; then its page, the lists and its customer's page are read again, since the
 * refund changed what is left to refund and every list that shows it.
 */
export function useCreateRefund() {
  const { api, livemode } = usePaymentContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundBody) => createRefund(api, body),
    onSuccess: () =>
      Promise.all(
        [paymentKeys.all(livemode), paymentKeys.refunds(livemode), customerKeys.all(livemode)].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

const paymentQueries = (livemode: boolean) => [paymentKeys.all(livemode), paymentKeys.refunds(livemode)];
const isPaymentEvent = (event: RelayEvent) =>
  event.type.startsWith('payment_intent.') || event.type.startsWith('refund.');

/**
 * While a payments or refunds page is open, a payment made or declined or a refund moving on
 * (a customer paying in another browser, a chain refund mined) reads its lists and pages again.
 */
export function usePaymentsLiveRefresh() {
  useLiveRefresh(paymentQueries, isPaymentEvent);
}
