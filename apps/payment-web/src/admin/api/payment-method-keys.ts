import { adminKeys } from './admin-keys.ts';

/** The payment methods' query keys, under the dashboard's so a mode switch or sign-out reaches them too. */
export const paymentMethodKeys = {
  all: (livemode: boolean) => [...adminKeys.all(livemode), 'payment-methods'] as const,
};
