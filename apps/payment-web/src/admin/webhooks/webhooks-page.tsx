import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useNavigate } from 'react-router';
import { formatDateTimeMinutes, useTranslate } from '@bazaar/payment-react';
import type { WebhookEndpoint } from '@bazaar/schemas';
import { useWebhookEndpointPage } from '../api/use-webhooks.ts';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { ListExportButton } from '../exports/list-export-button.tsx';
import { ServerDataGrid } from '../data-grid/server-data-grid.tsx';
import { useServerGrid } from '../data-grid/use-server-grid.ts';
import { enabledEventsSummary } from './enabled-events-summary.ts';
import { EndpointStatusChip } from './endpoint-status-chip.tsx';
import { WebhookCreateButton } from './webhook-create-button.tsx';

const PHONE_HIDDEN_FIELDS = ['enabled_events', 'created_at'];

/** `/admin/webhooks`: the mode's webhook endpoints, newest first; a row opens the endpoint. */
export function WebhooksPage() {
  const t = useTranslate();
  const navigate = useNavigate();
  const grid = useServerGrid();
  const endpoints = useWebhookEndpointPage(grid.query);
  const columns = useMemo<GridColDef<WebhookEndpoint>[]>(
    () => [
      { field: 'url', headerName: t('payment.admin.webhook.url'), flex: 2, minWidth: 200, sortable: false },
      {
        field: 'enabled_events',
        headerName: t('payment.admin.webhook.events'),
        width: 150,
        sortable: false,
        valueGetter: (_value, row) => enabledEventsSummary(row.enabled_events, t),
      },
      {
        field: 'status',
        headerName: t('payment.admin.status.label'),
        width: 200,
        sortable: false,
        renderCell: ({ row }) => <EndpointStatusChip endpoint={row} />,
      },
      {
        field: 'created_at',
        headerName: t('payment.admin.field.created'),
        width: 170,
        sortable: false,
        valueFormatter: (value: number) => formatDateTimeMinutes(value),
      },
    ],
    [t],
  );

  return (
    <>
      <AdminPageHeading
        title={t('payment.admin.webhooks.title')}
        actions={
          <>
            <ListExportButton
              path="/api/webhook-endpoints/export.csv"
              fileName="webhook-endpoints.csv"
              query={grid.query}
            />
            <WebhookCreateButton />
          </>
        }
      />
      <ServerDataGrid
        label={t('payment.admin.webhooks.title')}
        emptyText={t('payment.admin.webhooks.empty')}
        grid={grid}
        columns={columns}
        list={endpoints}
        phoneHiddenFields={PHONE_HIDDEN_FIELDS}
        onRowClick={(endpoint) => navigate(endpoint.id)}
      />
    </>
  );
}
