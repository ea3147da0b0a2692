import { useLocale } from '@bazaar/platform-shell';
import { ListPagination } from '@bazaar/payment-react';
import { APP_LIST_ERROR_TEXTS } from '../../../components/apps/app-error-texts.ts';
import { useAppList } from '../../../components/apps/use-apps.ts';
import { LoadFailed, Loading } from '../../../components/query-state.tsx';
import { usePaging } from '../../../components/use-paging.ts';
import { DeveloperAppTable } from './developer-app-table.tsx';
import { PublishWithCliSteps } from './publish-with-cli-steps.tsx';

/** An enabled developer's apps a page at a time, or how to publish the first one. */
export function DeveloperAppsSection() {
  const { t } = useLocale();
  const paging = usePaging();
  const apps = useAppList('developer', { page: paging.page + 1, pageSize: paging.pageSize, status: '' });
  if (!apps.data) {
    return apps.error ? (
      <LoadFailed error={apps.error} texts={APP_LIST_ERROR_TEXTS} onRetry={() => void apps.refetch()} />
    ) : (
      <Loading />
    );
  }
  if (apps.data.count === 0) return <PublishWithCliSteps />;
  return (
    <>
      <DeveloperAppTable apps={apps.data.list} isBusy={apps.isPlaceholderData} />
      <ListPagination
        t={t}
        count={apps.data.count}
        page={paging.page}
        pageSize={paging.pageSize}
        onPageChange={paging.setPage}
        onPageSizeChange={paging.setPageSize}
      />
    </>
  );
}
