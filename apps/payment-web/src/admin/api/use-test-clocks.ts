import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePaymentContext } from '@bazaar/payment-react';
import type { AdminTestClock, AdminTestClockDetails } from '@bazaar/schemas';
import { customerKeys } from './customer-keys.ts';
import { testClockKeys } from './test-clock-keys.ts';
import {
  advanceTestClock,
  attachTestClockCustomer,
  createTestClock,
  listAdvanceInvoices,
  listTestClocks,
  retrieveTestClock,
} from './test-clocks-api.ts';

/** How often a clock is read again while it advances, to show how far it got. */
export const ADVANCE_POLL_MS = 1_000;

/**
 * One page of the test clocks (none in live mode), read again every second while one of them
 * advances; the last page stays on screen while the next loads.
 */
export function useTestClockPage(query: Record<string, string>) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: testClockKeys.page(livemode, query),
    queryFn: () => listTestClocks(api, { ...query }),
    placeholderData: keepPreviousData,
    enabled: !livemode,
    refetchInterval: (current) =>
      current.state.data?.list.some((clock) => clock.status === 'advancing') ? ADVANCE_POLL_MS : false,
  });
}

/**
 * A clock with its customers, read again every second while it advances (or while `isAdvancing`,
 * the advance request itself, runs: each step is committed, so the reads show the way).
 */
export function useTestClock(id: string, { isAdvancing }: { isAdvancing: boolean }) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: testClockKeys.details(livemode, id),
    queryFn: () => retrieveTestClock(api, id),
    refetchInterval: (query) =>
      isAdvancing || query.state.data?.status === 'advancing' ? ADVANCE_POLL_MS : false,
  });
}

/** The invoices the clock's latest advance made, read again as the clock moves. */
export function useAdvanceInvoices(clock: AdminTestClock) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: testClockKeys.advanceInvoices(livemode, clock.id, clock.frozen_time),
    queryFn: () => listAdvanceInvoices(api, clock.id),
    placeholderData: keepPreviousData,
    enabled: clock.advance !== null,
  });
}

export function useCreateTestClock() {
  const { api, livemode } = usePaymentContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; frozen_time: number }) => createTestClock(api, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testClockKeys.all(livemode) }),
  });
}

/** Puts the clock's answer in its page at once, keeping the customers it already shows. */
function useSaveClockAnswer(id: string) {
  const { livemode } = usePaymentContext();
  const queryClient = useQueryClient();
  return (clock: AdminTestClock) => {
    queryClient.setQueryData<AdminTestClockDetails>(testClockKeys.details(livemode, id), (current) =>
      current ? { ...current, ...clock } : current,
    );
    return queryClient.invalidateQueries({ queryKey: testClockKeys.all(livemode) });
  };
}

export function useAttachTestClockCustomer(id: string) {
  const { api, livemode } = usePaymentContext();
  const queryClient = useQueryClient();
  const saveAnswer = useSaveClockAnswer(id);
  return useMutation({
    mutationFn: (customerId: string) => attachTestClockCustomer(api, id, customerId),
    onSuccess: async (clock) => {
      await saveAnswer(clock);
      // The customer's page shows the clock they live in.
      await queryClient.invalidateQueries({ queryKey: customerKeys.all(livemode) });
    },
  });
}

export function useAdvanceTestClock(id: string) {
  const { api } = usePaymentContext();
  const saveAnswer = useSaveClockAnswer(id);
  return useMutation({
    mutationFn: (frozenTime: number) => advanceTestClock(api, id, frozenTime),
    onSuccess: saveAnswer,
  });
}
