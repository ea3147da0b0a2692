import { useTranslate } from '@bazaar/payment-react';
import type { PaymentIntent } from '@bazaar/schemas';
import { GridSelectFilter } from '../data-grid/grid-select-filter.tsx';
import type { ServerGrid } from '../data-grid/use-server-grid.ts';

/** The payment list's `status` filter. */
export const PAYMENT_STATUS_FIELD = 'status';

/** The statuses a payment of the kit takes: it confirms and captures at once, so none waits for either. */
const PAYMENT_STATUSES = [
  'succeeded',
  'processing',
  'requires_action',
  'requires_payment_method',
  'canceled',
] as const satisfies readonly PaymentIntent['status'][];

/** Filters by the payment's own status (a declined card leaves it waiting for another payment method). */
export function PaymentStatusFilter({ grid }: { grid: ServerGrid }) {
  const t = useTranslate();
  return (
    <GridSelectFilter
      grid={grid}
      field={PAYMENT_STATUS_FIELD}
      options={PAYMENT_STATUSES.map((status) => ({
        value: status,
        label: t(`payment.admin.payment.status.${status}`),
      }))}
    />
  );
}
