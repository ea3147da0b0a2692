import { useTranslate } from '@bazaar/payment-react';
import { SUBSCRIPTION_STATUSES } from '@bazaar/schemas';
import { GridSelectFilter } from '../data-grid/grid-select-filter.tsx';
import type { ServerGrid } from '../data-grid/use-server-grid.ts';

/** The subscription list's `status` filter. */
export const SUBSCRIPTION_STATUS_FIELD = 'status';

export function SubscriptionStatusFilter({ grid }: { grid: ServerGrid }) {
  const t = useTranslate();
  return (
    <GridSelectFilter
      grid={grid}
      field={SUBSCRIPTION_STATUS_FIELD}
      options={SUBSCRIPTION_STATUSES.map((status) => ({
        value: status,
        label: t(`payment.subscription.status.${status}`),
      }))}
    />
  );
}
