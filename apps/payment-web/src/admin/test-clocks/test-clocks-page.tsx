import { useMemo, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useNavigate } from 'react-router';
import { formatDateTimeMinutes, usePaymentContext } from '@bazaar/payment-react';
import type { AdminTestClock } from '@bazaar/schemas';
import { useAppContext } from '../../shell/app-context.ts';
import { useTestClockPage } from '../api/use-test-clocks.ts';
import { AdminDialog } from '../components/admin-dialog.tsx';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { ListExportButton } from '../exports/list-export-button.tsx';
import { ServerDataGrid } from '../data-grid/server-data-grid.tsx';
import { useServerGrid } from '../data-grid/use-server-grid.ts';
import { TestClockCreateForm } from './test-clock-create-form.tsx';
import { TestClockStatusChip } from './test-clock-status-chip.tsx';

const PHONE_HIDDEN_FIELDS = ['customer_count'];

/** In live mode there are no clocks: say so, with the way to test mode. */
function LiveModeNotice() {
  const { t } = usePaymentContext();
  const { setLivemode } = useAppContext();
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" onClick={() => setLivemode(false)}>
          {t('payment.admin.testClocks.toTestMode')}
        </Button>
      }
    >
      {t('payment.admin.testClocks.liveMode')}
    </Alert>
  );
}

/** `/admin/test-clocks`: the test clocks, newest first, each with its time, status and customers. */
export function TestClocksPage() {
  const { livemode, t } = usePaymentContext();
  const navigate = useNavigate();
  const grid = useServerGrid();
  const clocks = useTestClockPage(grid.query);
  const [isCreating, setIsCreating] = useState(false);
  const columns = useMemo<GridColDef<AdminTestClock>[]>(
    () => [
      {
        field: 'name',
        headerName: t('payment.admin.testClock.name'),
        flex: 1,
        minWidth: 140,
        sortable: false,
      },
      {
        field: 'frozen_time',
        headerName: t('payment.admin.testClock.frozenTime'),
        width: 170,
        sortable: false,
        valueFormatter: (value: number) => formatDateTimeMinutes(value),
      },
      {
        field: 'status',
        headerName: t('payment.admin.status.label'),
        width: 130,
        sortable: false,
        renderCell: ({ row }) => <TestClockStatusChip status={row.status} />,
      },
      {
        field: 'customer_count',
        headerName: t('payment.admin.testClock.customers'),
        width: 120,
        sortable: false,
        type: 'number',
      },
    ],
    [t],
  );

  return (
    <>
      <AdminPageHeading
        title={t('payment.admin.testClocks.title')}
        actions={
          livemode ? null : (
            <>
              <ListExportButton
                path="/api/test-clocks/export.csv"
                fileName="test-clocks.csv"
                query={grid.query}
              />
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setIsCreating(true)}>
                {t('payment.admin.testClocks.new')}
              </Button>
            </>
          )
        }
      />
      {livemode ? (
        <LiveModeNotice />
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('payment.admin.testClocks.intro')}
          </Typography>
          <ServerDataGrid
            label={t('payment.admin.testClocks.title')}
            emptyText={t('payment.admin.testClocks.empty')}
            grid={grid}
            columns={columns}
            list={clocks}
            phoneHiddenFields={PHONE_HIDDEN_FIELDS}
            onRowClick={(clock) => navigate(clock.id)}
          />
        </>
      )}
      <AdminDialog
        title={t('payment.admin.testClocks.new')}
        isOpen={isCreating}
        onClose={() => setIsCreating(false)}
        maxWidth="xs"
      >
        <TestClockCreateForm onCreated={(clock) => navigate(clock.id)} />
      </AdminDialog>
    </>
  );
}
