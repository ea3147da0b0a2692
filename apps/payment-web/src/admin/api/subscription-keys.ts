import { adminKeys } from './admin-keys.ts';

/** The subscriptions' query keys, under the dashboard's so a mode switch or sign-out reaches them too. */
export const subscriptionKeys = {
  all: (livemode: boolean) => [...adminKeys.all(livemode), 'subscriptions'] as const,
  page: (livemode: boolean, query: Record<string, string>) =>
    [...subscriptionKeys.all(livemode), 'page', query] as const,
  details: (livemode: boolean, id: string) => [...subscriptionKeys.all(livemode), id] as const,
};
