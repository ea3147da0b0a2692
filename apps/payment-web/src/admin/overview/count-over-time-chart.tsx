import { LineChart } from '@mui/x-charts/LineChart';
import { usePaymentContext } from '@bazaar/payment-react';
import { ChartCard } from './chart-card.tsx';
import { isLabelledBucket, X_AXIS_HEIGHT_PX } from './chart-values.ts';
import { CHART_HEIGHT_PX } from './volume-chart.tsx';

interface CountOverTimeChartProps {
  title: string;
  /** The buckets' names on the x axis. */
  labels: string[];
  /** One value per bucket; null where there is nothing to measure (no attempts for a rate). */
  values: (number | null)[];
  formatValue: (value: number) => string;
  /** The y axis's ticks; whole counts in the page's language when unsaid. */
  formatTick?: (value: number) => string;
  yMax?: number;
}

/** One figure that is not money over the range: active subscriptions, the payment success rate. */
export function CountOverTimeChart(props: CountOverTimeChartProps) {
  const { title, labels, values, formatValue, formatTick, yMax } = props;
  const { locale } = usePaymentContext();
  const hasGaps = values.includes(null);
  return (
    <ChartCard title={title}>
      <LineChart
        height={CHART_HEIGHT_PX}
        xAxis={[
          {
            scaleType: 'point',
            data: labels,
            height: X_AXIS_HEIGHT_PX,
            tickLabelInterval: (_: string, index: number) => isLabelledBucket(index, labels.length),
          },
        ]}
        yAxis={[
          {
            min: 0,
            max: yMax,
            // Counts are whole: no tick between 0 and 1 subscription.
            tickMinStep: 1,
            valueFormatter: (value: number) =>
              formatTick?.(value) ?? new Intl.NumberFormat(locale).format(value),
          },
        ]}
        hideLegend
        series={[
          {
            label: title,
            data: values,
            valueFormatter: (value) => (value === null ? '—' : formatValue(value)),
            curve: 'linear',
            // A rate is missing where nothing was attempted: the line joins the buckets that have
            // one, marks show a lone bucket a line alone would not draw, and no area claims the gaps.
            connectNulls: true,
            showMark: hasGaps,
            area: !hasGaps,
          },
        ]}
      />
    </ChartCard>
  );
}
