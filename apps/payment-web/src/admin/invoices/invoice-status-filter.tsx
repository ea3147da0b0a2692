import { useTranslate } from '@bazaar/payment-react';
import { invoiceSchema } from '@bazaar/schemas';
import { GridSelectFilter } from '../data-grid/grid-select-filter.tsx';
import type { ServerGrid } from '../data-grid/use-server-grid.ts';

/** The invoice list's `status` filter. */
export const INVOICE_STATUS_FIELD = 'status';

export function InvoiceStatusFilter({ grid }: { grid: ServerGrid }) {
  const t = useTranslate();
  return (
    <GridSelectFilter
      grid={grid}
      field={INVOICE_STATUS_FIELD}
      options={invoiceSchema.shape.status.options.map((status) => ({
        value: status,
        label: t(`payment.invoice.status.${status}`),
      }))}
    />
  );
}
