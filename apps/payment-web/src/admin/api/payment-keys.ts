import { adminKeys } from './admin-keys.ts';

/** The payments' and refunds' query keys, under the dashboard's so a mode switch or sign-out reaches them too. */
export const paymentKeys = {
  all: (livemode: boolean) => [...adminKeys.all(livemode), 'payments'] as const,
  page: (livemode: boolean, query: Record<string, string>) =>
    [...paymentKeys.all(livemode), 'page', query] as const,
  details: (livemode: boolean, id: string) => [...paymentKeys.all(livemode), id] as const,
  refunds: (livemode: boolean) => [...adminKeys.all(livemode), 'refunds'] as const,
  refundPage: (livemode: boolean, query: Record<string, string>) =>
    [...paymentKeys.refunds(livemode), 'page', query] as const,
};
