import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { chartFigure, valueAxis } from '../../../ui/chart-format.ts';

/** Page views per day, stacked by language (Mantine charts, loaded lazily); the table beside it holds the figures. */
export function VisitsChart({
  days,
  labels,
}: {
  days: ReadonlyArray<{ label: string; pt: number; en: number; fr: number }>;
  labels: { pt: string; en: string; fr: string };
}) {
  return (
    <BarChart
      h={220}
      data={[...days]}
      dataKey="label"
      type="stacked"
      withLegend
      series={[
        { name: 'pt', label: labels.pt, color: 'brand.7' },
        { name: 'en', label: labels.en, color: 'teal.8' },
        { name: 'fr', label: labels.fr, color: 'orange.8' },
      ]}
      maxBarWidth={14}
      barChartProps={{ accessibilityLayer: false }}
      valueFormatter={chartFigure}
      yAxisProps={{ allowDecimals: false, ...valueAxis('y') }}
    />
  );
}
