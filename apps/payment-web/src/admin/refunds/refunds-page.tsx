import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useNavigate } from 'react-router';
import { useTranslate } from '@bazaar/payment-react';
import type { ListedRefund } from '@bazaar/schemas';
import { useRefundPage, usePaymentsLiveRefresh } from '../api/use-payments.ts';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { ServerDataGrid } from '../data-grid/server-data-grid.tsx';
import { amountColumn, createdColumn } from '../data-grid/grid-columns.ts';
import { useServerGrid } from '../data-grid/use-server-grid.ts';
import { ListExportButton } from '../exports/list-export-button.tsx';
import { paymentPath } from '../payments/payment-path.ts';
import { RefundStatusChip } from './refund-status-chip.tsx';
import { RefundStatusFilter, REFUND_STATUS_FIELD } from './refund-status-filter.tsx';

const FILTER_FIELDS = [REFUND_STATUS_FIELD];
const PHONE_HIDDEN_FIELDS = ['reason', 'payment_intent_id', 'created_at'];

/** `/admin/refunds`: every refund of the mode, newest first, filtered by status; a row opens its payment. */
export function RefundsPage() {
  const t = useTranslate();
  const navigate = useNavigate();
  const grid = useServerGrid(FILTER_FIELDS);
  const refunds = useRefundPage(grid.query);
  usePaymentsLiveRefresh();
  const columns = useMemo<GridColDef<ListedRefund>[]>(
    () => [
      amountColumn(t),
      {
        field: 'status',
        headerName: t('payment.admin.status.label'),
        width: 130,
        sortable: false,
        renderCell: ({ row }) => <RefundStatusChip status={row.status} />,
      },
      {
        field: 'reason',
        headerName: t('payment.admin.refund.reason'),
        width: 200,
        sortable: false,
        valueGetter: (_value, row) => t(`payment.admin.refund.reason.${row.reason}`),
      },
      {
        field: 'payment_intent_id',
        headerName: t('payment.admin.refund.payment'),
        flex: 1,
        minWidth: 180,
        sortable: false,
      },
      createdColumn(t, { field: 'created_at', sortable: false }),
    ],
    [t],
  );

  return (
    <>
      <AdminPageHeading
        title={t('payment.admin.refunds.title')}
        actions={
          <ListExportButton path="/api/refunds/export.csv" fileName="refunds.csv" query={grid.query} />
        }
      />
      <ServerDataGrid
        label={t('payment.admin.refunds.title')}
        emptyText={t('payment.admin.refunds.empty')}
        grid={grid}
        columns={columns}
        list={refunds}
        phoneHiddenFields={PHONE_HIDDEN_FIELDS}
        onRowClick={(refund) => navigate(paymentPath(refund.payment_intent_id))}
        toolbar={<RefundStatusFilter grid={grid} />}
      />
    </>
  );
}
