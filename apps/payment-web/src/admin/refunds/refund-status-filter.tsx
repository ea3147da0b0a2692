import { useTranslate } from '@bazaar/payment-react';
import { REFUND_STATUSES } from '@bazaar/schemas';
import { GridSelectFilter } from '../data-grid/grid-select-filter.tsx';
import type { ServerGrid } from '../data-grid/use-server-grid.ts';

/** The refund list's `status` filter. */
export const REFUND_STATUS_FIELD = 'status';

export function RefundStatusFilter({ grid }: { grid: ServerGrid }) {
  const t = useTranslate();
  return (
    <GridSelectFilter
      grid={grid}
      field={REFUND_STATUS_FIELD}
      options={REFUND_STATUSES.map((status) => ({
        value: status,
        label: t(`payment.refund.status.${status}`),
      }))}
    />
  );
}
