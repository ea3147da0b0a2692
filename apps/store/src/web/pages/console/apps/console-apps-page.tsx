import { ListPagination } from '@bazaar/payment-react';
import { useLocale } from '@bazaar/platform-shell';
import type { AppVersionStatus } from '@bazaar/schemas';
import { Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { APP_LIST_ERROR_TEXTS } from '../../../components/apps/app-error-texts.ts';
import { useAppList } from '../../../components/apps/use-apps.ts';
import { PageHeading } from '../../../components/page-heading.tsx';
import { LoadFailed, Loading } from '../../../components/query-state.tsx';
import { usePaging } from '../../../components/use-paging.ts';
import { AppStatusFilter } from './app-status-filter.tsx';
import { ConsoleAppTable } from './console-app-table.tsx';

/** `/console/apps`: the review queue, every app with its latest version; filter by status, a page at a time. */
export function ConsoleAppsPage() {
  const { t } = useLocale();
  const [status, setStatus] = useState<AppVersionStatus | ''>('');
  const paging = usePaging(status);
  const apps = useAppList('console', { page: paging.page + 1, pageSize: paging.pageSize, status });
  return (
    <Stack spacing={3}>
      <PageHeading title={t('store.apps.console.title')} subtitle={t('store.apps.console.subtitle')} />
      <AppStatusFilter status={status} onChange={setStatus} />
      {!apps.data ? (
        apps.error ? (
          <LoadFailed error={apps.error} texts={APP_LIST_ERROR_TEXTS} onRetry={() => void apps.refetch()} />
        ) : (
          <Loading />
        )
      ) : apps.data.count === 0 ? (
        <Typography color="text.secondary">{t('store.apps.console.empty')}</Typography>
      ) : (
        <>
          <ConsoleAppTable apps={apps.data.list} isBusy={apps.isPlaceholderData} />
          <ListPagination
            t={t}
            count={apps.data.count}
            page={paging.page}
            pageSize={paging.pageSize}
            onPageChange={paging.setPage}
            onPageSizeChange={paging.setPageSize}
          />
        </>
      )}
    </Stack>
  );
}
