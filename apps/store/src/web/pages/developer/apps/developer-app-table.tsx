import { useLocale } from '@bazaar/platform-shell';
import type { AppListItem } from '@bazaar/schemas';
import { Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { appColumns, latestVersionColumn } from '../../../components/apps/app-list-columns.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';

export const developerAppPath = (did: string) => `/developer/apps/${encodeURIComponent(did)}`;

interface DeveloperAppTableProps {
  apps: AppListItem[];
  isBusy: boolean;
}

/** The developer's apps: who each is, what is published, the latest upload's review, how it is shown; a row opens the app. */
export function DeveloperAppTable({ apps, isBusy }: DeveloperAppTableProps) {
  const { t } = useLocale();
  const navigate = useNavigate();
  const columns: Array<DataColumn<AppListItem>> = [
    ...appColumns(t, developerAppPath),
    {
      id: 'current',
      label: t('store.apps.column.current'),
      render: ({ app }) =>
        app.currentVersion ?? (
          <Typography variant="body2" color="text.secondary">
            {t('store.apps.notPublished')}
          </Typography>
        ),
      isNoWrap: true,
    },
    latestVersionColumn(t),
    {
      id: 'visibility',
      label: t('store.apps.column.visibility'),
      render: ({ app }) => t(`store.apps.visibility.${app.visibility}`),
      isNoWrap: true,
    },
    {
      id: 'autoPublish',
      label: t('store.apps.column.autoPublish'),
      render: ({ app }) => t(app.autoPublish ? 'store.apps.autoPublish.on' : 'store.apps.autoPublish.off'),
      isNoWrap: true,
    },
  ];
  return (
    <DataTable
      label={t('store.apps.developer.title')}
      columns={columns}
      rows={apps}
      rowKey={({ app }) => app.did}
      isBusy={isBusy}
      onRowClick={({ app }) => void navigate(developerAppPath(app.did))}
    />
  );
}
