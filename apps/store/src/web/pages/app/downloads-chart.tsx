import type { DownloadDay } from '@bazaar/schemas';
import { BarChart } from '@mui/x-charts/BarChart';

/** `'2027-01-15'` → `'01-15'`: the year is the same across the month the chart covers, or nearly. */
const shortDay = (day: string) => day.slice(5);

interface DownloadsChartProps {
  days: DownloadDay[];
  /** What the bars count, in the page's language (the tooltip's series name). */
  seriesLabel: string;
}

/**
 * Downloads per day as bars. The chart library is heavy, so this module is loaded on its own, only
 * on an app's page.
 */
export function DownloadsChart({ days, seriesLabel }: DownloadsChartProps) {
  return (
    <BarChart
      height={220}
      hideLegend
      margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
      xAxis={[
        {
          scaleType: 'band',
          data: days.map((each) => each.day),
          valueFormatter: (day: string, context) => (context.location === 'tick' ? shortDay(day) : day),
        },
      ]}
      yAxis={[{ tickMinStep: 1, width: 32 }]}
      series={[{ data: days.map((each) => each.count), label: seriesLabel }]}
    />
  );
}
