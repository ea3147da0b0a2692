import { useMemo, useState } from 'react';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridRowSelectionModel } from '@mui/x-data-grid';
import { formatDateTimeMinutes, useTranslate } from '@bazaar/payment-react';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDelivery } from '@bazaar/schemas';
import { useWebhookDeliveryPage } from '../api/use-webhooks.ts';
import { ListExportButton } from '../exports/list-export-button.tsx';
import { GridSelectFilter } from '../data-grid/grid-select-filter.tsx';
import { ServerDataGrid } from '../data-grid/server-data-grid.tsx';
import { useServerGrid } from '../data-grid/use-server-grid.ts';
import { DeliveryAttemptsDialog } from './delivery-attempts-dialog.tsx';
import { DeliveryResponse, lastAttemptOf } from './delivery-response.tsx';
import { DeliveryStatusChip } from './delivery-status-chip.tsx';
import { RedeliverButton } from './redeliver-button.tsx';
import { RedeliverSelectedButton } from './redeliver-selected-button.tsx';

const STATUS_FIELD = 'status';
const FILTER_FIELDS = [STATUS_FIELD];
const PHONE_HIDDEN_FIELDS = ['duration', 'attempt_count', 'last_attempt'];
const NONE_SELECTED: GridRowSelectionModel = { type: 'include', ids: new Set() };

/** The ids a selection names; "all but these" counts the page on screen, all a server grid holds. */
function selectedIds(model: GridRowSelectionModel, page: readonly WebhookDelivery[]): string[] {
  if (model.type === 'include') return [...model.ids].map(String);
  return page.filter((delivery) => !model.ids.has(delivery.id)).map((delivery) => delivery.id);
}

/** The event a delivery carried, marked when it was a test (which has no page in the log). */
function DeliveryEvent({ delivery }: { delivery: WebhookDelivery }) {
  const t = useTranslate();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
      <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace' }}>
        {delivery.event_type}
      </Typography>
      {delivery.test ? <Chip size="small" label={t('payment.admin.delivery.test')} /> : null}
    </Stack>
  );
}

/**
 * An endpoint's deliveries, newest first, by status, paged by the server (the page's address
 * holds the view): each with its latest attempt's answer and time, how many attempts it took, and
 * a redelivery; those picked by their boxes, on any page, go again together. A row opens its
 * every attempt.
 */
export function WebhookDeliveryGrid({ endpointId }: { endpointId: string }) {
  const t = useTranslate();
  const grid = useServerGrid(FILTER_FIELDS);
  const deliveries = useWebhookDeliveryPage(endpointId, grid.query);
  // By id, so the dialog shows the delivery as the list last read it (a redelivery moving on).
  const [openId, setOpenId] = useState<string | null>(null);
  const [selection, setSelection] = useState(NONE_SELECTED);
  const openDelivery = deliveries.data?.list.find((delivery) => delivery.id === openId) ?? null;
  const statusOptions = WEBHOOK_DELIVERY_STATUSES.map((status) => ({
    value: status,
    label: t(`payment.admin.delivery.status.${status}`),
  }));
  const columns = useMemo<GridColDef<WebhookDelivery>[]>(
    () => [
      {
        field: 'event_type',
        headerName: t('payment.admin.delivery.event'),
        flex: 1,
        minWidth: 200,
        sortable: false,
        renderCell: ({ row }) => <DeliveryEvent delivery={row} />,
      },
      {
        field: 'status',
        headerName: t('payment.admin.status.label'),
        width: 120,
        sortable: false,
        renderCell: ({ row }) => <DeliveryStatusChip status={row.status} />,
      },
      {
        field: 'response',
        headerName: t('payment.admin.delivery.response'),
        width: 110,
        sortable: false,
        renderCell: ({ row }) => <DeliveryResponse delivery={row} />,
      },
      {
        field: 'duration',
        headerName: t('payment.admin.delivery.duration'),
        width: 100,
        sortable: false,
        valueGetter: (_value, row) => {
          const attempt = lastAttemptOf(row);
          return attempt ? t('payment.admin.delivery.durationMs', { duration: attempt.duration_ms }) : '';
        },
      },
      {
        field: 'attempt_count',
        headerName: t('payment.admin.delivery.attempts'),
        width: 100,
        sortable: false,
      },
      {
        field: 'last_attempt',
        headerName: t('payment.admin.delivery.lastAttempt'),
        width: 170,
        sortable: false,
        valueGetter: (_value, row) => {
          const attempt = lastAttemptOf(row);
          return attempt ? formatDateTimeMinutes(attempt.created_at) : '';
        },
      },
      {
        field: 'redeliver',
        headerName: '',
        width: 130,
        sortable: false,
        renderCell: ({ row }) => <RedeliverButton deliveryId={row.id} />,
      },
    ],
    [t],
  );

  return (
    <>
      <ServerDataGrid
        label={t('payment.admin.delivery.title')}
        emptyText={t('payment.admin.delivery.empty')}
        grid={grid}
        columns={columns}
        list={deliveries}
        phoneHiddenFields={PHONE_HIDDEN_FIELDS}
        onRowClick={(delivery) => setOpenId(delivery.id)}
        selection={{ model: selection, onChange: setSelection }}
        toolbar={
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
            <GridSelectFilter grid={grid} field={STATUS_FIELD} options={statusOptions} />
            <RedeliverSelectedButton
              endpointId={endpointId}
              deliveryIds={selectedIds(selection, deliveries.data?.list ?? [])}
              onStarted={() => setSelection(NONE_SELECTED)}
            />
            <ListExportButton
              path={`/api/webhook-endpoints/${endpointId}/deliveries/export.csv`}
              fileName={`webhook-deliveries-${endpointId}.csv`}
              query={grid.query}
            />
          </Stack>
        }
      />
      <DeliveryAttemptsDialog delivery={openDelivery} onClose={() => setOpenId(null)} />
    </>
  );
}
