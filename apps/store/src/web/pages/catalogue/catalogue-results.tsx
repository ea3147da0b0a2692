import { ListPagination, StatusPanel } from '@bazaar/payment-react';
import { useLocale } from '@bazaar/platform-shell';
import { Button, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCategories } from '../../api/use-categories.ts';
import { APP_LIST_ERROR_TEXTS } from '../../components/apps/app-error-texts.ts';
import { LoadFailed, Loading } from '../../components/query-state.tsx';
import { useDefaultPageSize } from '../../components/use-paging.ts';
import { formatCount } from '../../components/format-count.ts';
import { AppCardGrid } from './app-card-grid.tsx';
import { isNarrowed, type CatalogueFilters } from './catalogue-filters.ts';
import { useCatalogueApps } from './use-catalogue.ts';

/** The list's title: the category's name, a search's results, or every app. */
function useResultsTitle(filters: CatalogueFilters): string {
  const { t, locale } = useLocale();
  const category = useCategories().data?.list.find((each) => each.id === filters.category);
  if (category) return category.name[locale];
  return t(isNarrowed(filters) ? 'store.catalogue.section.results' : 'store.catalogue.section.all');
}

/** Nothing matched: say so, and offer the whole catalogue again. */
function NoResults({ filters }: { filters: CatalogueFilters }) {
  const { t } = useLocale();
  if (!isNarrowed(filters)) return <StatusPanel headingLevel="h2" title={t('store.catalogue.empty.none')} />;
  return (
    <StatusPanel
      headingLevel="h2"
      title={t('store.catalogue.empty.title')}
      description={t('store.catalogue.empty.description')}
    >
      <Button component={RouterLink} to="/" variant="contained">
        {t('store.catalogue.empty.clear')}
      </Button>
    </StatusPanel>
  );
}

interface CatalogueResultsProps {
  filters: CatalogueFilters;
  onChange(next: Partial<CatalogueFilters>): void;
}

/** The catalogue as filtered, a page at a time (the address's), with how many apps match. */
export function CatalogueResults({ filters, onChange }: CatalogueResultsProps) {
  const { t, locale } = useLocale();
  const titleId = useId();
  const title = useResultsTitle(filters);
  const defaultPageSize = useDefaultPageSize();
  const pageSize = filters.pageSize ?? defaultPageSize;
  const apps = useCatalogueApps(filters, { page: filters.page, pageSize });

  let content;
  if (!apps.data) {
    content = apps.error ? (
      <LoadFailed error={apps.error} texts={APP_LIST_ERROR_TEXTS} onRetry={() => void apps.refetch()} />
    ) : (
      <Loading />
    );
  } else if (apps.data.count === 0) {
    content = <NoResults filters={filters} />;
  } else {
    const counted = { count: apps.data.count, number: formatCount(apps.data.count, locale) };
    content = (
      <>
        <Typography color="text.secondary" role="status">
          {filters.keyword
            ? t('store.catalogue.resultsFor', { ...counted, keyword: filters.keyword })
            : t('store.catalogue.results', counted)}
        </Typography>
        <AppCardGrid apps={apps.data.list} label={title} isBusy={apps.isPlaceholderData} />
        <ListPagination
          t={t}
          count={apps.data.count}
          page={filters.page - 1}
          pageSize={pageSize}
          onPageChange={(page) => onChange({ page: page + 1 })}
          onPageSizeChange={(size) => onChange({ pageSize: size })}
        />
      </>
    );
  }
  return (
    <Stack component="section" aria-labelledby={titleId} spacing={2}>
      <Typography id={titleId} component="h2" variant="h5" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {content}
    </Stack>
  );
}
