import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { extractErrorText, StatusPanel, usePaymentContext } from '@bazaar/payment-react';
import { useMetricsLiveRefresh, useMetricsOverview, useTopProducts } from '../api/use-metrics.ts';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { formatBucketStart, formatRate, formatRateTick } from './chart-values.ts';
import { CountOverTimeChart } from './count-over-time-chart.tsx';
import { MrrMovementChart } from './mrr-movement-chart.tsx';
import { CurrencySelect, RangePicker } from './overview-filters.tsx';
import { rangeEndingAt, type OverviewRange } from './overview-ranges.ts';
import { OverviewTotals } from './overview-totals.tsx';
import { TopProductsTable } from './top-products-table.tsx';
import { VolumeChart } from './volume-chart.tsx';

const BASIS_POINTS_WHOLE = 10_000;

/** `/admin/overview`: the mode's money, MRR and subscriptions over a range, one currency at a time, live. */
export function OverviewPage() {
  const { t, locale } = usePaymentContext();
  const [range, setRange] = useState<OverviewRange>('30d');
  const [chosenCurrencyId, setChosenCurrencyId] = useState<string | null>(null);
  // The range ends with the day the page opened, so the request stays the same until it is reopened.
  const [openedAtMs] = useState(() => Date.now());
  const metricsRange = useMemo(() => rangeEndingAt(range, openedAtMs), [range, openedAtMs]);
  const overview = useMetricsOverview(metricsRange);
  const topProducts = useTopProducts(metricsRange);
  useMetricsLiveRefresh();

  const currencies = overview.data?.currencies ?? [];
  // A currency chosen in another range may have nothing in this one: the first then stands in.
  const metrics = currencies.find(({ currency }) => currency.id === chosenCurrencyId) ?? currencies[0];

  return (
    <>
      <AdminPageHeading
        title={t('payment.admin.overview.title')}
        actions={
          <>
            <RangePicker range={range} onChange={setRange} />
            {metrics ? (
              <CurrencySelect
                currencies={currencies}
                currencyId={metrics.currency.id}
                onChange={setChosenCurrencyId}
              />
            ) : null}
          </>
        }
      />
      {overview.isFetching ? (
        <LinearProgress aria-label={t('common.loading')} sx={{ height: 2, mb: 1 }} />
      ) : null}
      {overview.error ? (
        <Alert severity="error">
          {t('payment.admin.loadFailed', { reason: extractErrorText(overview.error, t) })}
        </Alert>
      ) : null}
      {overview.data && !metrics ? (
        <StatusPanel
          headingLevel="h2"
          title={t('payment.admin.overview.empty.title')}
          description={t('payment.admin.overview.empty.description')}
        />
      ) : null}
      {overview.data && metrics ? (
        <>
          <OverviewTotals metrics={metrics} attempts={overview.data.payment_attempts} />
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            <VolumeChart metrics={metrics} interval={overview.data.interval} />
            <MrrMovementChart metrics={metrics} interval={overview.data.interval} />
            <CountOverTimeChart
              title={t('payment.admin.overview.subscriptionsChart')}
              labels={metrics.series.map((point) =>
                formatBucketStart(point.start, overview.data.interval, locale),
              )}
              values={metrics.series.map((point) => point.active_subscriptions)}
              formatValue={String}
            />
            <CountOverTimeChart
              title={t('payment.admin.overview.successRateChart')}
              labels={overview.data.payment_attempts.series.map((point) =>
                formatBucketStart(point.start, overview.data.interval, locale),
              )}
              values={overview.data.payment_attempts.series.map((point) => point.rate_bp)}
              formatValue={formatRate}
              formatTick={formatRateTick}
              yMax={BASIS_POINTS_WHOLE}
            />
            <TopProductsTable
              currencyId={metrics.currency.id}
              topProducts={topProducts.data}
              error={topProducts.error}
            />
          </Box>
        </>
      ) : null}
    </>
  );
}
