import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useNavigate } from 'react-router';
import { formatDate, useTranslate } from '@bazaar/payment-react';
import type { ListedSubscription } from '@bazaar/schemas';
import { useSubscriptionPage, useSubscriptionsLiveRefresh } from '../api/use-subscriptions.ts';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { GridFilterBar } from '../data-grid/grid-filter-bar.tsx';
import { ServerDataGrid } from '../data-grid/server-data-grid.tsx';
import { createdColumn } from '../data-grid/grid-columns.ts';
import { useServerGrid } from '../data-grid/use-server-grid.ts';
import { ListExportButton } from '../exports/list-export-button.tsx';
import { SubscriptionStatus } from './subscription-status.tsx';
import { SubscriptionStatusFilter, SUBSCRIPTION_STATUS_FIELD } from './subscription-status-filter.tsx';
import { describeItems, describePeriodAmount } from './subscription-summary.ts';

const FILTER_FIELDS = [SUBSCRIPTION_STATUS_FIELD];
const PHONE_HIDDEN_FIELDS = ['plan', 'current_period_end', 'created'];

/**
 * `/admin/subscriptions`: every customer's subscriptions of the mode, searched by customer,
 * filtered by status, sorted by creation or period end, paged by the server, exported whole.
 * Sortable columns are named as the API's sorts, since the grid writes the sorted field to the
 * address and the address is the request.
 */
export function SubscriptionsPage() {
  const t = useTranslate();
  const navigate = useNavigate();
  const grid = useServerGrid(FILTER_FIELDS);
  const subscriptions = useSubscriptionPage(grid.query);
  useSubscriptionsLiveRefresh();
  const columns = useMemo<GridColDef<ListedSubscription>[]>(
    () => [
      {
        field: 'customer',
        headerName: t('payment.admin.subscriptions.customer'),
        flex: 1,
        minWidth: 150,
        sortable: false,
        valueGetter: (_value, row) => row.customer.name || row.customer.email || row.customer.did,
      },
      {
        field: 'plan',
        headerName: t('payment.admin.subscriptions.plan'),
        flex: 1,
        minWidth: 160,
        sortable: false,
        valueGetter: (_value, row) => describeItems(row),
      },
      {
        field: 'status',
        headerName: t('payment.admin.status.label'),
        width: 200,
        sortable: false,
        renderCell: ({ row }) => <SubscriptionStatus subscription={row} />,
      },
      {
        field: 'amount',
        headerName: t('payment.admin.subscriptions.amount'),
        width: 170,
        sortable: false,
        valueGetter: (_value, row) => describePeriodAmount(row, t) ?? '—',
      },
      {
        field: 'current_period_end',
        headerName: t('payment.admin.subscriptions.periodEnd'),
        width: 150,
        valueFormatter: (value: number) => formatDate(value),
      },
      createdColumn(t),
    ],
    [t],
  );

  return (
    <>
      <AdminPageHeading
        title={t('payment.admin.subscriptions.title')}
        actions={
          <ListExportButton
            path="/api/subscriptions/export.csv"
            fileName="subscriptions.csv"
            query={grid.query}
          />
        }
      />
      <ServerDataGrid
        label={t('payment.admin.subscriptions.title')}
        emptyText={t('payment.admin.subscriptions.empty')}
        grid={grid}
        columns={columns}
        list={subscriptions}
        phoneHiddenFields={PHONE_HIDDEN_FIELDS}
        onRowClick={(subscription) => navigate(subscription.id)}
        toolbar={<GridFilterBar grid={grid} filter={<SubscriptionStatusFilter grid={grid} />} />}
      />
    </>
  );
}
