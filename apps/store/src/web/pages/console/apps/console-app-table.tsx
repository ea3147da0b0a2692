import { useLocale } from '@bazaar/platform-shell';
import type { AppListItem } from '@bazaar/schemas';
import { Chip, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { appColumns, latestVersionColumn } from '../../../components/apps/app-list-columns.tsx';
import { shortDid } from '../../../components/apps/short-did.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';

export const consoleAppPath = (did: string) => `/console/apps/${encodeURIComponent(did)}`;

interface ConsoleAppTableProps {
  apps: AppListItem[];
  isBusy: boolean;
}

/** The review queue in the server's order (waiting ones first, longest waiting first); a row opens the app. */
export function ConsoleAppTable({ apps, isBusy }: ConsoleAppTableProps) {
  const { t } = useLocale();
  const navigate = useNavigate();
  const columns: Array<DataColumn<AppListItem>> = [
    ...appColumns(t, consoleAppPath),
    latestVersionColumn(t),
    {
      id: 'developer',
      label: t('store.apps.column.developer'),
      render: ({ app }) => (
        <Typography variant="body2" title={app.ownerDid} sx={{ fontFamily: 'monospace' }}>
          {shortDid(app.ownerDid)}
        </Typography>
      ),
      isNoWrap: true,
    },
    {
      id: 'state',
      label: t('store.apps.column.visibility'),
      render: ({ app }) =>
        app.isBlocked ? (
          <Chip size="small" color="error" label={t('store.apps.blocked.chip')} />
        ) : (
          t(`store.apps.visibility.${app.visibility}`)
        ),
      isNoWrap: true,
    },
  ];
  return (
    <DataTable
      label={t('store.apps.console.title')}
      columns={columns}
      rows={apps}
      rowKey={({ app }) => app.did}
      isBusy={isBusy}
      onRowClick={({ app }) => void navigate(consoleAppPath(app.did))}
    />
  );
}
