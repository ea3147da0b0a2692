import { useCallback, useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { OverdueInvoicesResponse, RelayEvent } from '@bazaar/schemas';
import { queryKeys } from '../api/query-keys.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import { debounce } from '../realtime/debounce.ts';
import { useRelayEvents } from '../realtime/use-relay-events.ts';
import { fetchOverdueInvoices, overdueScope, type OverdueScope, type OverdueTarget } from './overdue-api.ts';

/** A burst of payments refetches once, 1 s after the last, within 5 s at most. */
const OVERDUE_REFETCH_WAIT_MS = 1_000;
const OVERDUE_REFETCH_MAX_WAIT_MS = 5_000;

/**
 * Whether an `invoice.paid` concerns what the list shows. A customer named by their DID is
 * matched through the customer id of the invoices already loaded.
 */
function isOverdueInvoicePaid(
  event: RelayEvent,
  scope: OverdueScope,
  data: OverdueInvoicesResponse | undefined,
): boolean {
  if (event.type !== 'invoice.paid') return false;
  if (scope.kind === 'subscription') return event.data.subscription_id === scope.id;
  return (
    event.data.customer_id === scope.id ||
    (data?.invoices.some((invoice) => invoice.customer_id === event.data.customer_id) ?? false)
  );
}

function tryScope(target: OverdueTarget): { scope: OverdueScope | null; error: unknown } {
  try {
    return { scope: overdueScope(target), error: null };
  } catch (error) {
    return { scope: null, error };
  }
}

/** The overdue invoices of a subscription or customer, refreshed when one of them is paid. */
export function useOverdueInvoices(target: OverdueTarget, isEnabled = true) {
  const { api, livemode } = usePaymentContext();
  const { scope, error: scopeError } = tryScope(target);
  const query = useQuery({
    queryKey: queryKeys.overdueInvoices(scope?.kind ?? 'customer', scope?.id ?? '', livemode),
    queryFn: () => fetchOverdueInvoices(api, scope!),
    enabled: isEnabled && scope !== null,
    retry: false,
  });

  const { refetch } = query;
  const refetchSoon = useMemo(
    () => debounce(() => void refetch(), OVERDUE_REFETCH_WAIT_MS, OVERDUE_REFETCH_MAX_WAIT_MS),
    [refetch],
  );
  useEffect(() => refetchSoon.cancel, [refetchSoon]);
  useRelayEvents(isEnabled && scope !== null, (event) => {
    if (scope && isOverdueInvoicePaid(event, scope, query.data)) refetchSoon();
  });

  /** Reads the list again now: a payment the page started is being collected. */
  const refetchNow = useCallback(() => void refetch(), [refetch]);

  return {
    scope,
    data: query.data,
    error: scopeError ?? query.error,
    isLoading: query.isLoading,
    refetch: refetchNow,
  };
}
