import { useLocale } from '@bazaar/platform-shell';
import type { StoreDeveloper } from '@bazaar/schemas';
import { Button, Stack, Typography } from '@mui/material';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { formatDateTime } from '../../../components/format-date.ts';
import { DeveloperStatusChip } from './developer-status-chip.tsx';

interface DeveloperTableProps {
  developers: StoreDeveloper[];
  isBusy: boolean;
  onRevoke(developer: StoreDeveloper): void;
  onEnable(developer: StoreDeveloper): void;
  onShowHistory(developer: StoreDeveloper): void;
}

/** The developers: who, their status (and why revoked), since when; revoke, enable, history. */
export function DeveloperTable({
  developers,
  isBusy,
  onRevoke,
  onEnable,
  onShowHistory,
}: DeveloperTableProps) {
  const { t } = useLocale();
  const columns: Array<DataColumn<StoreDeveloper>> = [
    {
      id: 'developer',
      label: t('store.console.developers.column.developer'),
      render: (developer) => (
        <Stack>
          <Typography sx={{ fontWeight: 600 }}>{developer.username}</Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
          >
            {developer.did}
          </Typography>
        </Stack>
      ),
    },
    {
      id: 'status',
      label: t('store.console.developers.column.status'),
      render: (developer) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <DeveloperStatusChip status={developer.status} />
          {developer.revokedReason ? (
            <Typography variant="caption" color="text.secondary">
              {developer.revokedReason}
            </Typography>
          ) : null}
        </Stack>
      ),
    },
    {
      id: 'since',
      label: t('store.console.developers.column.since'),
      render: (developer) => formatDateTime(developer.developerSince),
      isNoWrap: true,
    },
  ];
  return (
    <DataTable
      label={t('store.console.developers.title')}
      columns={columns}
      rows={developers}
      rowKey={(developer) => developer.did}
      isBusy={isBusy}
      actionsLabel={t('store.table.actions')}
      actions={(developer) => (
        <>
          <Button size="small" onClick={() => onShowHistory(developer)}>
            {t('store.console.developers.history.action')}
          </Button>
          {developer.status === 'enabled' ? (
            <Button
              size="small"
              color="error"
              onClick={() => onRevoke(developer)}
              aria-label={t('store.console.developers.revoke.labelFor', { name: developer.username })}
            >
              {t('store.console.developers.revoke.action')}
            </Button>
          ) : (
            <Button
              size="small"
              onClick={() => onEnable(developer)}
              aria-label={t('store.console.developers.enable.labelFor', { name: developer.username })}
            >
              {t('store.console.developers.enable.action')}
            </Button>
          )}
        </>
      )}
    />
  );
}
