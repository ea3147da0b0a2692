import { useLocale } from '@bazaar/platform-shell';
import { DOWNLOAD_SERIES_DEFAULT_DAYS } from '@bazaar/schemas';
import { Box, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { DetailSection } from '../../components/apps/detail-section.tsx';
import { LoadFailed, Loading } from '../../components/query-state.tsx';
import { useAppDownloads } from './use-app-page.ts';

const DownloadsChart = lazy(async () => ({
  default: (await import('./downloads-chart.tsx')).DownloadsChart,
}));

/** How often the app was downloaded each day of the last 30, as a chart. */
export function AppDownloadsSection({ did }: { did: string }) {
  const { t } = useLocale();
  const downloads = useAppDownloads(did);
  const title = t('store.visitor.section.downloads', { days: DOWNLOAD_SERIES_DEFAULT_DAYS });
  let content;
  if (!downloads.data) {
    content = downloads.error ? (
      <LoadFailed error={downloads.error} onRetry={() => void downloads.refetch()} />
    ) : (
      <Loading />
    );
  } else if (downloads.data.lastDays === 0) {
    content = <Typography color="text.secondary">{t('store.visitor.downloads.none')}</Typography>;
  } else {
    content = (
      <Box
        role="img"
        aria-label={t('store.visitor.downloads.summary', {
          count: downloads.data.lastDays,
          days: DOWNLOAD_SERIES_DEFAULT_DAYS,
        })}
      >
        <Suspense fallback={<Loading />}>
          <DownloadsChart days={downloads.data.days} seriesLabel={t('store.visitor.downloads.series')} />
        </Suspense>
      </Box>
    );
  }
  return <DetailSection title={title}>{content}</DetailSection>;
}
