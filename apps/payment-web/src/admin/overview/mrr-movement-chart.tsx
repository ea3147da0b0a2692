import { BarChart } from '@mui/x-charts/BarChart';
import { formatMoney } from '@bazaar/money';
import { usePaymentContext } from '@bazaar/payment-react';
import type { CurrencyMetrics, MetricsInterval, MetricsSeriesPoint } from '@bazaar/schemas';
import { ChartCard } from './chart-card.tsx';
import {
  formatAxisTick,
  formatBucketStart,
  isLabelledBucket,
  toPlotValue,
  X_AXIS_HEIGHT_PX,
} from './chart-values.ts';
import { CHART_HEIGHT_PX } from './volume-chart.tsx';

type Movement = 'new' | 'expansion' | 'contraction' | 'churn';

/** Contraction and churn take MRR away, so they are drawn below zero. */
const MOVEMENTS: { key: Movement; isLoss: boolean; color: string }[] = [
  { key: 'new', isLoss: false, color: '#2e7d32' },
  { key: 'expansion', isLoss: false, color: '#66bb6a' },
  { key: 'contraction', isLoss: true, color: '#ffa726' },
  { key: 'churn', isLoss: true, color: '#e53935' },
];

/** How MRR moved in each bucket: new and expansion up, contraction and churn down, stacked. */
export function MrrMovementChart({
  metrics,
  interval,
}: {
  metrics: CurrencyMetrics;
  interval: MetricsInterval;
}) {
  const { t, locale } = usePaymentContext();
  const { currency, series } = metrics;
  const signed = (point: MetricsSeriesPoint, key: Movement, isLoss: boolean) =>
    isLoss ? -BigInt(point[key]) : BigInt(point[key]);
  return (
    <ChartCard title={t('payment.admin.overview.mrrChart')}>
      <BarChart
        height={CHART_HEIGHT_PX}
        xAxis={[
          {
            scaleType: 'band',
            data: series.map((point) => formatBucketStart(point.start, interval, locale)),
            height: X_AXIS_HEIGHT_PX,
            tickLabelInterval: (_: string, index: number) => isLabelledBucket(index, series.length),
          },
        ]}
        yAxis={[{ valueFormatter: (value: number) => formatAxisTick(value, locale) }]}
        series={MOVEMENTS.map(({ key, isLoss, color }) => ({
          label: t(`payment.admin.overview.mrr.${key}`),
          color,
          stack: 'movement',
          stackOffset: 'diverging',
          data: series.map((point) => toPlotValue(signed(point, key, isLoss), currency.decimal)),
          valueFormatter: (_: number | null, { dataIndex }: { dataIndex: number }) =>
            formatMoney(signed(series[dataIndex]!, key, isLoss), currency),
        }))}
      />
    </ChartCard>
  );
}
