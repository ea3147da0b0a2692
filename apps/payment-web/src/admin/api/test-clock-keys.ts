import { adminKeys } from './admin-keys.ts';

/** The test clocks' query keys, under the dashboard's so a mode switch or sign-out reaches them too. */
export const testClockKeys = {
  all: (livemode: boolean) => [...adminKeys.all(livemode), 'test-clocks'] as const,
  page: (livemode: boolean, query: Record<string, string>) =>
    [...testClockKeys.all(livemode), 'page', query] as const,
  details: (livemode: boolean, id: string) => [...testClockKeys.all(livemode), id] as const,
  /** What the latest advance invoiced, as far as the clock has come. */
  advanceInvoices: (livemode: boolean, id: string, frozenTime: number) =>
    [...testClockKeys.details(livemode, id), 'invoices', frozenTime] as const,
};
