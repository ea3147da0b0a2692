import { adminKeys } from './admin-keys.ts';

/** The customers' query keys, under the dashboard's so a mode switch or sign-out reaches them too. */
export const customerKeys = {
  all: (livemode: boolean) => [...adminKeys.all(livemode), 'customers'] as const,
  page: (livemode: boolean, query: Record<string, string>) =>
    [...customerKeys.all(livemode), 'page', query] as const,
  details: (livemode: boolean, id: string) => [...customerKeys.all(livemode), id] as const,
};
