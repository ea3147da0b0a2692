import { useMemo } from 'react';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useNavigate } from 'react-router';
import { formatDateTimeMinutes, useTranslate } from '@bazaar/payment-react';
import { EVENT_TYPES, type EventObject, type RelayEvent } from '@bazaar/schemas';
import { eventKeys } from '../api/events-keys.ts';
import { useEventPage } from '../api/use-events.ts';
import { useLiveRefresh } from '../api/use-live-refresh.ts';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { ServerDataGrid } from '../data-grid/server-data-grid.tsx';
import { useServerGrid } from '../data-grid/use-server-grid.ts';
import { ListExportButton } from '../exports/list-export-button.tsx';
import { EVENT_OBJECT_TYPE_FIELD, EVENT_TYPE_FIELD, EventLogFilters } from './event-log-filters.tsx';
import { eventLogQuery } from './event-log-query.ts';

const FILTER_FIELDS = [EVENT_TYPE_FIELD, EVENT_OBJECT_TYPE_FIELD];
const PHONE_HIDDEN_FIELDS = ['object_id'];

// Every event the relay tells of is a new row of the log; the Store's own (comments) are not.
const refreshedKeys = (livemode: boolean) => [eventKeys.pages(livemode)];
const isLogged = (event: RelayEvent) => (EVENT_TYPES as readonly string[]).includes(event.type);

/**
 * `/admin/events`: the mode's last 30 days of events, by type, kind of object or object ID,
 * newest first or oldest (the `created` column sorts; the API takes its direction), exported
 * whole as filtered, read again as the relay tells of new ones; a row opens the event.
 */
export function EventsPage() {
  const t = useTranslate();
  const navigate = useNavigate();
  const grid = useServerGrid(FILTER_FIELDS);
  const query = eventLogQuery(grid.query);
  const events = useEventPage(query);
  useLiveRefresh(refreshedKeys, isLogged);
  const columns = useMemo<GridColDef<EventObject>[]>(
    () => [
      {
        field: 'type',
        headerName: t('payment.admin.event.type'),
        flex: 1,
        minWidth: 200,
        sortable: false,
        renderCell: ({ row }) => (
          <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace' }}>
            {row.type}
          </Typography>
        ),
      },
      {
        field: 'object_id',
        headerName: t('payment.admin.event.object'),
        flex: 1,
        minWidth: 200,
        sortable: false,
      },
      {
        field: 'created',
        headerName: t('payment.admin.field.created'),
        width: 170,
        valueFormatter: (value: number) => formatDateTimeMinutes(value),
      },
    ],
    [t],
  );

  return (
    <>
      <AdminPageHeading
        title={t('payment.admin.events.title')}
        actions={<ListExportButton path="/api/events/export.csv" fileName="events.csv" query={query} />}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: -2, mb: 2 }}>
        {t('payment.admin.events.kept')}
      </Typography>
      <ServerDataGrid
        label={t('payment.admin.events.title')}
        emptyText={t('payment.admin.events.empty')}
        grid={grid}
        columns={columns}
        list={events}
        phoneHiddenFields={PHONE_HIDDEN_FIELDS}
        onRowClick={(event) => navigate(event.id)}
        toolbar={<EventLogFilters grid={grid} />}
      />
    </>
  );
}
