import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslate } from '@bazaar/payment-react';
import { invoiceSchema } from '@bazaar/schemas';
import type { ServerGrid } from '../data-grid/use-server-grid.ts';

/** The invoice list's `status` filter. */
export const INVOICE_STATUS_FIELD = 'status';

export function InvoiceStatusFilter({ grid }: { grid: ServerGrid }) {
  const t = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={t('payment.admin.status.label')}
      value={grid.filterValue(INVOICE_STATUS_FIELD)}
      onChange={(event) => grid.setFilterValue(INVOICE_STATUS_FIELD, event.target.value)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ width: { sm: 200 } }}
    >
      <MenuItem value="">{t('payment.admin.status.all')}</MenuItem>
      {invoiceSchema.shape.status.options.map((status) => (
        <MenuItem key={status} value={status}>
          {t(`payment.invoice.status.${status}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
