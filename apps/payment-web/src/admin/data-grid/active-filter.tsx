import { useTranslate } from '@bazaar/payment-react';
import { GridSelectFilter } from './grid-select-filter.tsx';
import type { ServerGrid } from './use-server-grid.ts';

/** The list endpoints' `active` filter: all, active only, or archived only. */
export const ACTIVE_FILTER_FIELD = 'active';

export function ActiveFilter({ grid }: { grid: ServerGrid }) {
  const t = useTranslate();
  return (
    <GridSelectFilter
      grid={grid}
      field={ACTIVE_FILTER_FIELD}
      options={[
        { value: 'true', label: t('payment.admin.status.active') },
        { value: 'false', label: t('payment.admin.status.archived') },
      ]}
    />
  );
}
