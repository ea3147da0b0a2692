import { useTranslate } from '@bazaar/payment-react';
import { paymentIntentSchema } from '@bazaar/schemas';
import { GridSelectFilter } from '../data-grid/grid-select-filter.tsx';
import type { ServerGrid } from '../data-grid/use-server-grid.ts';

/** The payment list's `status` filter. */
export const PAYMENT_STATUS_FIELD = 'status';

/** Filters by the payment's own status (a declined card leaves it waiting for another payment method). */
export function PaymentStatusFilter({ grid }: { grid: ServerGrid }) {
  const t = useTranslate();
  return (
    <GridSelectFilter
      grid={grid}
      field={PAYMENT_STATUS_FIELD}
      options={paymentIntentSchema.shape.status.options.map((status) => ({
        value: status,
        label: t(`payment.admin.payment.status.${status}`),
      }))}
    />
  );
}
