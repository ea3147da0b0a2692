import { ListPagination, useDebouncedValue } from '@bazaar/payment-react';
import { useLocale } from '@bazaar/platform-shell';
import type { DeveloperStatus, StoreDeveloper } from '@bazaar/schemas';
import { Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { PageHeading } from '../../../components/page-heading.tsx';
import { LoadFailed, Loading } from '../../../components/query-state.tsx';
import { usePaging } from '../../../components/use-paging.ts';
import { DeveloperFilters } from './developer-filters.tsx';
import { DeveloperHistoryDrawer } from './developer-history-drawer.tsx';
import { DeveloperTable } from './developer-table.tsx';
import { EnableDeveloperDialog } from './enable-developer-dialog.tsx';
import { RevokeDeveloperDialog } from './revoke-developer-dialog.tsx';
import { useDevelopers } from './use-developers.ts';

/** The spec's table search debounce. */
const SEARCH_DEBOUNCE_MS = 300;

type DeveloperDialog = { kind: 'revoke' | 'enable' | 'history'; developer: StoreDeveloper };

/** `/console/developers`: every developer a page at a time; revoke with a reason, enable, history. */
export function DevelopersPage() {
  const { t } = useLocale();
  const [status, setStatus] = useState<DeveloperStatus | ''>('');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const paging = usePaging(`${status}|${q}`);
  const developers = useDevelopers({ page: paging.page + 1, pageSize: paging.pageSize, status, q });
  const [dialog, setDialog] = useState<DeveloperDialog | null>(null);
  const close = () => setDialog(null);

  return (
    <Stack spacing={3}>
      <PageHeading
        title={t('store.console.developers.title')}
        subtitle={t('store.console.developers.subtitle')}
      />
      <DeveloperFilters
        status={status}
        search={search}
        onStatusChange={setStatus}
        onSearchChange={setSearch}
      />
      {!developers.data ? (
        developers.error ? (
          <LoadFailed error={developers.error} onRetry={() => void developers.refetch()} />
        ) : (
          <Loading />
        )
      ) : developers.data.count === 0 ? (
        <Typography color="text.secondary">{t('store.console.developers.empty')}</Typography>
      ) : (
        <>
          <DeveloperTable
            developers={developers.data.list}
            isBusy={developers.isPlaceholderData}
            onRevoke={(developer) => setDialog({ kind: 'revoke', developer })}
            onEnable={(developer) => setDialog({ kind: 'enable', developer })}
            onShowHistory={(developer) => setDialog({ kind: 'history', developer })}
          />
          <ListPagination
            t={t}
            count={developers.data.count}
            page={paging.page}
            pageSize={paging.pageSize}
            onPageChange={paging.setPage}
            onPageSizeChange={paging.setPageSize}
          />
        </>
      )}
      {dialog?.kind === 'revoke' ? (
        <RevokeDeveloperDialog developer={dialog.developer} onClose={close} />
      ) : null}
      {dialog?.kind === 'enable' ? (
        <EnableDeveloperDialog developer={dialog.developer} onClose={close} />
      ) : null}
      {dialog?.kind === 'history' ? (
        <DeveloperHistoryDrawer developer={dialog.developer} onClose={close} />
      ) : null}
    </Stack>
  );
}
