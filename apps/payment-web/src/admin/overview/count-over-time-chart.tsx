import { LineChart } from '@mui/x-charts/LineChart';
import { usePaymentContext } from '@bazaar/payment-react';
import { ChartCard } from './chart-card.tsx';
import { CHART_HEIGHT_PX } from './volume-chart.tsx';

interface CountOverTimeChartProps {
  title: string;
  /** The buckets' names on the x axis. */
  labels: string[];
  /** One value per bucket; null where there is nothing to measure (no attempts for a rate). */
  values: (number | null)[];
  formatValue: (value: number) => string;
  yMax?: number;
}

/** One figure that is not money over the range: active subscriptions, the payment success rate. */
export function CountOverTimeChart({ title, labels, values, formatValue, yMax }: CountOverTimeChartProps) {
  const { locale } = usePaymentContext();
  return (
    <ChartCard title={title}>
      <LineChart
        height={CHART_HEIGHT_PX}
        xAxis={[{ scaleType: 'point', data: labels }]}
        yAxis={[
          {
            min: 0,
            max: yMax,
            valueFormatter: (value: number) =>
              yMax === undefined ? new Intl.NumberFormat(locale).format(value) : formatValue(value),
          },
        ]}
        hideLegend
        series={[
          {
            label: title,
            data: values,
            valueFormatter: (value) => (value === null ? '—' : formatValue(value)),
            area: true,
            showMark: false,
          },
        ]}
      />
    </ChartCard>
  );
}
