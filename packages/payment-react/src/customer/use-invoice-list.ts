import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys.ts';
import { debounce } from '../realtime/debounce.ts';
import { useRelayEvents } from '../realtime/use-relay-events.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import { invoiceListParams, listInvoices, type InvoiceListQuery } from './invoice-api.ts';

/** A payment settles several invoices at once (a chain batch): one read after the burst, not one each. */
const REFRESH_QUIET_MS = 1_000;
const REFRESH_MAX_WAIT_MS = 5_000;

/**
 * One page of the signed-in customer's invoices: `GET /api/invoices`. The page shown stays while
 * the next one loads, so paging does not flash the table empty.
 */
export function useInvoiceList(query: InvoiceListQuery) {
  const { api, livemode } = usePaymentContext();
  return useQuery({
    queryKey: queryKeys.invoiceListPage(livemode, invoiceListParams(query)),
    queryFn: () => listInvoices(api, query),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The same list read page after page (`fetchNextPage`), while the pages read hold fewer than `count`. */
export function useInvoiceListPages(query: Omit<InvoiceListQuery, 'page'>) {
  const { api, livemode } = usePaymentContext();
  return useInfiniteQuery({
    queryKey: queryKeys.invoiceListPages(livemode, invoiceListParams(query)),
    queryFn: ({ pageParam }) => listInvoices(api, { ...query, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, pages, lastPage) => {
      const shown = pages.reduce((sum, page) => sum + page.list.length, 0);
      return last.list.length > 0 && shown < last.count ? lastPage + 1 : undefined;
    },
    retry: false,
  });
}

/**
 * While a list is shown, a payment of one of `customerId`'s invoices (made on another page, by
 * the engine, from a wallet) reads the lists again and answers that it happened, for a notice.
 * Without a customer yet (a first purchase is what makes one), any `invoice.paid` the page hears
 * counts: the relay tells a signed-in page only of its own user's invoices.
 */
export function useInvoicePaidRefresh(customerId: string | undefined) {
  const { livemode } = usePaymentContext();
  const queryClient = useQueryClient();
  const [isPaidNoticeOpen, setIsPaidNoticeOpen] = useState(false);
  // Every list of the mode, paged or not: pages not shown now are stale too once one is paid.
  const refresh = useMemo(
    () =>
      debounce(
        () => void queryClient.invalidateQueries({ queryKey: queryKeys.invoiceLists(livemode) }),
        REFRESH_QUIET_MS,
        REFRESH_MAX_WAIT_MS,
      ),
    [queryClient, livemode],
  );
  useEffect(() => () => refresh.cancel(), [refresh]);
  useRelayEvents(true, (event) => {
    if (event.type !== 'invoice.paid') return;
    if (customerId !== undefined && event.data.customer_id !== customerId) return;
    refresh();
    setIsPaidNoticeOpen(true);
  });
  return { isPaidNoticeOpen, closePaidNotice: () => setIsPaidNoticeOpen(false) };
}
