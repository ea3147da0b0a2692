import { useLocale } from '@bazaar/platform-shell';
import type { StoreAppVersion } from '@bazaar/schemas';
import { Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { DataTable, type DataColumn } from '../data-table.tsx';
import { formatDateTime } from '../format-date.ts';
import { VersionStatusChip } from './version-status-chip.tsx';

const KIB = 1024;
const MIB = KIB * KIB;

/** `formatSize(1_572_864)` → `'1.5 MB'`: a bundle's size, to one decimal. */
export function formatSize(bytes: number): string {
  if (bytes < KIB) return `${bytes} B`;
  if (bytes < MIB) return `${(bytes / KIB).toFixed(1)} KB`;
  return `${(bytes / MIB).toFixed(1)} MB`;
}

interface VersionTableProps {
  versions: StoreAppVersion[];
  /** What the viewer may do with a version now (the developer's or the admin's buttons). */
  actions(version: StoreAppVersion): ReactNode;
}

/** An app's versions, newest first: status, when uploaded and published, bundle size, actions. */
export function VersionTable({ versions, actions }: VersionTableProps) {
  const { t } = useLocale();
  const columns: Array<DataColumn<StoreAppVersion>> = [
    {
      id: 'version',
      label: t('store.apps.version.column.version'),
      render: (version) => (
        <Typography sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{version.version}</Typography>
      ),
      isNoWrap: true,
    },
    {
      id: 'status',
      label: t('store.apps.version.column.status'),
      render: (version) => <VersionStatusChip status={version.status} />,
    },
    {
      id: 'uploaded',
      label: t('store.apps.version.column.uploaded'),
      render: (version) => formatDateTime(version.uploadedAt),
      isNoWrap: true,
    },
    {
      id: 'published',
      label: t('store.apps.version.column.published'),
      render: (version) => (version.publishedAt === null ? '—' : formatDateTime(version.publishedAt)),
      isNoWrap: true,
    },
    {
      id: 'size',
      label: t('store.apps.version.column.size'),
      render: (version) => formatSize(version.size),
      isNoWrap: true,
    },
  ];
  return (
    <DataTable
      label={t('store.apps.detail.versions')}
      columns={columns}
      rows={versions}
      rowKey={(version) => version.version}
      actionsLabel={t('store.table.actions')}
      actions={actions}
    />
  );
}
