import { LineChart } from '@mui/x-charts/LineChart';
import { formatMoney } from '@bazaar/money';
import { usePaymentContext } from '@bazaar/payment-react';
import type { CurrencyMetrics, MetricsInterval } from '@bazaar/schemas';
import { ChartCard } from './chart-card.tsx';
import {
  formatAxisTick,
  formatBucketStart,
  isLabelledBucket,
  toPlotValue,
  X_AXIS_HEIGHT_PX,
} from './chart-values.ts';

export const CHART_HEIGHT_PX = 260;

/** Gross volume and net revenue per bucket in one currency; the tooltip reads the exact amounts. */
export function VolumeChart({ metrics, interval }: { metrics: CurrencyMetrics; interval: MetricsInterval }) {
  const { t, locale } = usePaymentContext();
  const { currency, series } = metrics;
  const decimals = currency.decimal;
  return (
    <ChartCard title={t('payment.admin.overview.volumeChart')}>
      <LineChart
        height={CHART_HEIGHT_PX}
        xAxis={[
          {
            scaleType: 'point',
            data: series.map((point) => formatBucketStart(point.start, interval, locale)),
            height: X_AXIS_HEIGHT_PX,
            tickLabelInterval: (_: string, index: number) => isLabelledBucket(index, series.length),
          },
        ]}
        yAxis={[{ valueFormatter: (value: number) => formatAxisTick(value, locale) }]}
        series={[
          {
            label: t('payment.admin.overview.grossVolume'),
            data: series.map((point) => toPlotValue(point.gross_volume, decimals)),
            valueFormatter: (_, { dataIndex }) => formatMoney(series[dataIndex]!.gross_volume, currency),
            area: true,
            curve: 'linear',
            showMark: false,
          },
          {
            label: t('payment.admin.overview.netRevenue'),
            data: series.map((point) => toPlotValue(point.net_revenue, decimals)),
            valueFormatter: (_, { dataIndex }) => formatMoney(series[dataIndex]!.net_revenue, currency),
            curve: 'linear',
            showMark: false,
          },
        ]}
      />
    </ChartCard>
  );
}
