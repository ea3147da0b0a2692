import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useNavigate } from 'react-router';
import { useTranslate } from '@bazaar/payment-react';
import type { ListedPayment } from '@bazaar/schemas';
import { usePaymentPage, usePaymentsLiveRefresh } from '../api/use-payments.ts';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { GridFilterBar } from '../data-grid/grid-filter-bar.tsx';
import { ServerDataGrid } from '../data-grid/server-data-grid.tsx';
import { amountColumn, createdColumn } from '../data-grid/grid-columns.ts';
import { useServerGrid } from '../data-grid/use-server-grid.ts';
import { ListExportButton } from '../exports/list-export-button.tsx';
import { PaymentStateChip } from './payment-state-chip.tsx';
import { PaymentStatusFilter, PAYMENT_STATUS_FIELD } from './payment-status-filter.tsx';

const FILTER_FIELDS = [PAYMENT_STATUS_FIELD];
const PHONE_HIDDEN_FIELDS = ['customer', 'method', 'created'];

/**
 * `/admin/payments`: every customer's payments of the mode, searched (payment, invoice or customer
 * id, the customer's name or email), filtered by status and sorted by creation on the server;
 * exported whole. The created column's field is the API's sort name, as the address is the request.
 */
export function PaymentsPage() {
  const t = useTranslate();
  const navigate = useNavigate();
  const grid = useServerGrid(FILTER_FIELDS);
  const payments = usePaymentPage(grid.query);
  usePaymentsLiveRefresh();
  const columns = useMemo<GridColDef<ListedPayment>[]>(
    () => [
      amountColumn(t),
      {
        field: 'status',
        headerName: t('payment.admin.status.label'),
        width: 130,
        sortable: false,
        renderCell: ({ row }) => <PaymentStateChip payment={row} />,
      },
      {
        field: 'customer',
        headerName: t('payment.admin.payment.customer'),
        flex: 1,
        minWidth: 180,
        sortable: false,
        valueGetter: (_value, row) =>
          row.customer ? row.customer.name || row.customer.email || row.customer.did : '',
      },
      {
        field: 'method',
        headerName: t('payment.admin.payment.method'),
        width: 140,
        sortable: false,
        valueGetter: (_value, row) => row.payment_method.name,
      },
      createdColumn(t),
    ],
    [t],
  );

  return (
    <>
      <AdminPageHeading
        title={t('payment.admin.payments.title')}
        actions={
          <ListExportButton
            path="/api/payment-intents/export.csv"
            fileName="payments.csv"
            query={grid.query}
          />
        }
      />
      <ServerDataGrid
        label={t('payment.admin.payments.title')}
        emptyText={t('payment.admin.payments.empty')}
        grid={grid}
        columns={columns}
        list={payments}
        phoneHiddenFields={PHONE_HIDDEN_FIELDS}
        onRowClick={(payment) => navigate(payment.id)}
        toolbar={<GridFilterBar grid={grid} filter={<PaymentStatusFilter grid={grid} />} />}
      />
    </>
  );
}
