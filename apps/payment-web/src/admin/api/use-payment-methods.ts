import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, usePaymentContext } from '@bazaar/payment-react';
import type {
  CreatePaymentCurrencyBody,
  CreatePaymentMethodBody,
  UpdatePaymentCurrencyBody,
  UpdatePaymentMethodBody,
} from '@bazaar/schemas';
import { adminKeys } from './admin-keys.ts';
import { paymentMethodKeys } from './payment-method-keys.ts';
import {
  createPaymentCurrency,
  createPaymentMethod,
  listPaymentMethods,
  updatePaymentCurrency,
  updatePaymentMethod,
} from './payment-methods-api.ts';

export function usePaymentMethods() {
  const { api, livemode } = usePaymentContext();
  return useQuery({ queryKey: paymentMethodKeys.all(livemode), queryFn: () => listPaymentMethods(api) });
}

/**
 * After a method or currency changes, whatever offers them reads them again: this page, the
 * price forms' currencies, and the checkout's settings.
 */
function useRefreshMethods() {
  const { livemode } = usePaymentContext();
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [paymentMethodKeys.all(livemode), adminKeys.currencies(livemode), queryKeys.settings(livemode)].map(
        (queryKey) => queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useCreatePaymentMethod() {
  const { api } = usePaymentContext();
  const refresh = useRefreshMethods();
  return useMutation({
    mutationFn: (body: CreatePaymentMethodBody) => createPaymentMethod(api, body),
    onSuccess: refresh,
  });
}

export function useUpdatePaymentMethod(id: string) {
  const { api } = usePaymentContext();
  const refresh = useRefreshMethods();
  return useMutation({
    mutationFn: (body: UpdatePaymentMethodBody) => updatePaymentMethod(api, id, body),
    onSuccess: refresh,
  });
}

export function useCreatePaymentCurrency() {
  const { api } = usePaymentContext();
  const refresh = useRefreshMethods();
  return useMutation({
    mutationFn: (body: CreatePaymentCurrencyBody) => createPaymentCurrency(api, body),
    onSuccess: refresh,
  });
}

export function useUpdatePaymentCurrency(id: string) {
  const { api } = usePaymentContext();
  const refresh = useRefreshMethods();
  return useMutation({
    mutationFn: (body: UpdatePaymentCurrencyBody) => updatePaymentCurrency(api, id, body),
    onSuccess: refresh,
  });
}
