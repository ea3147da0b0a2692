import { useEffect } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Setting } from '@bazaar/schemas';
import { queryKeys } from '../api/query-keys.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import { useRelayEvents } from '../realtime/use-relay-events.ts';
import { createOrReturnDonation, fetchSupporters } from './donate-api.ts';

/** Supporters are read this many at a time, newest first. */
export const SUPPORTERS_PAGE_SIZE = 20;

/**
 * The donation link of a target and its supporters, loaded once `isWanted` (near view, or
 * clicked) and kept live: a `donation.updated` event of the link, which any page may hear,
 * rereads the supporters. A failed supporters read is only logged; the widget still donates.
 */
export function useDonation(input: {
  setting: Setting;
  target: string;
  description: string;
  isWanted: boolean;
}) {
  const { api } = usePaymentContext();
  const { setting, target, description, isWanted } = input;
  const { livemode } = setting;

  const link = useQuery({
    queryKey: queryKeys.donation(target, livemode),
    queryFn: () =>
      createOrReturnDonation(api, livemode, { target, description, mountLocation: setting.mount_location }),
    enabled: isWanted,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });

  const supporters = useInfiniteQuery({
    queryKey: queryKeys.supporters(target, livemode),
    queryFn: ({ pageParam }) =>
      fetchSupporters(api, { target, livemode, page: pageParam, pageSize: SUPPORTERS_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * SUPPORTERS_PAGE_SIZE < last.count ? pages.length + 1 : undefined,
    enabled: isWanted,
    retry: false,
    refetchOnWindowFocus: false,
  });

  useEffect(() => {
    if (supporters.error) console.error('Could not load the supporters', supporters.error);
  }, [supporters.error]);

  const paymentLinkId = link.data?.payment_link_id;
  useRelayEvents(paymentLinkId !== undefined, (event) => {
    if (event.type === 'donation.updated' && event.data.id === paymentLinkId) void supporters.refetch();
  });

  const pages = supporters.data?.pages ?? [];
  const first = pages[0];
  return {
    link,
    supporters: pages.flatMap((page) => page.supporters),
    /** The target's totals, from the newest read. */
    totals: first ? { totalAmount: first.totalAmount, count: first.count, currency: first.currency } : null,
    isLoading: link.isPending || supporters.isPending,
    hasMore: supporters.hasNextPage,
    loadMore: () => void supporters.fetchNextPage(),
    reload: () => void supporters.refetch(),
  };
}

export type Donation = ReturnType<typeof useDonation>;
