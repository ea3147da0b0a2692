import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { formatMoney } from '@bazaar/money';
import { formatDateTimeMinutes } from '@bazaar/payment-react';
import type { Translate } from '@bazaar/i18n';

/**
 * When a row was created, to the minute. `field` is the name the API sorts it by, as the grid's
 * sort becomes the request; a list the API does not sort by creation passes `sortable: false`.
 */
export function createdColumn<Row extends GridValidRowModel & { created_at: number }>(
  t: Translate,
  { field = 'created', sortable = true }: { field?: string; sortable?: boolean } = {},
): GridColDef<Row> {
  return {
    field,
    headerName: t('payment.admin.field.created'),
    width: 170,
    sortable,
    valueGetter: (_value, row) => formatDateTimeMinutes(row.created_at),
  };
}

/** A payment's or refund's amount, in its own currency. */
export function amountColumn<
  Row extends GridValidRowModel & { amount: string; currency: Parameters<typeof formatMoney>[1] },
>(t: Translate): GridColDef<Row> {
  return {
    field: 'amount',
    headerName: t('payment.admin.payment.amount'),
    width: 150,
    sortable: false,
    valueGetter: (_value, row) => formatMoney(row.amount, row.currency),
  };
}
