import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { extractErrorText, useTranslate } from '@bazaar/payment-react';
import { AdminDialog } from '../components/admin-dialog.tsx';
import { useListExport, type ListExportState } from './use-list-export.ts';

interface ListExportButtonProps {
  /** The list's export route: `/api/invoices/export.csv`. */
  path: string;
  fileName: string;
  /** The list's filters as its grid holds them; paging and sorting are the export's own. */
  query: Record<string, string>;
}

/** Exports a list as filtered to a CSV file, showing how far it is and letting it be stopped. */
export function ListExportButton({ path, fileName, query }: ListExportButtonProps) {
  const t = useTranslate();
  const exporting = useListExport(path, fileName);
  const { state } = exporting;
  const filters = Object.fromEntries(
    Object.entries(query).filter(([key]) => !['page', 'pageSize', 'sortBy', 'sortDirection'].includes(key)),
  );
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlined />}
        disabled={state.status === 'running'}
        onClick={() => void exporting.start(filters)}
      >
        {t('payment.admin.export.button')}
      </Button>
      <AdminDialog
        title={t('payment.admin.export.title')}
        isOpen={state.status !== 'idle'}
        onClose={state.status === 'running' ? exporting.cancel : exporting.dismiss}
        maxWidth="xs"
      >
        <ExportProgress state={state} />
      </AdminDialog>
    </>
  );
}

function ExportProgress({ state }: { state: ListExportState }) {
  const t = useTranslate();
  if (state.status === 'failed') return <Alert severity="error">{extractErrorText(state.error, t)}</Alert>;
  if (state.status !== 'running') return null;
  const { rows, total } = state;
  return (
    <Stack spacing={1.5} sx={{ pb: 1 }}>
      {total ? (
        <LinearProgress
          variant="determinate"
          value={Math.min(100, (rows / total) * 100)}
          aria-label={t('payment.admin.export.title')}
        />
      ) : (
        <LinearProgress aria-label={t('payment.admin.export.title')} />
      )}
      <Typography role="status" variant="body2" color="text.secondary">
        {total === null
          ? t('payment.admin.export.rows', { rows: rows.toLocaleString() })
          : t('payment.admin.export.progress', {
              rows: rows.toLocaleString(),
              total: total.toLocaleString(),
            })}
      </Typography>
    </Stack>
  );
}
