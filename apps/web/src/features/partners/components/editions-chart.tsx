import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { chartFigure, valueAxis } from '../../../ui/chart-format.ts';

export interface EditionBar {
  label: string;
  assisted: number;
  registered: number;
  applied: number;
  distinguished: number;
}

/** The partner dashboard's bars by edition (Mantine charts, loaded lazily); the table below holds the figures. */
export function EditionsChart({
  editions,
  labels,
}: {
  editions: readonly EditionBar[];
  labels: Record<'assisted' | 'registered' | 'applied' | 'distinguished', string>;
}) {
  return (
    <BarChart
      h={260}
      data={[...editions]}
      dataKey="label"
      withLegend
      series={[
        { name: 'assisted', label: labels.assisted, color: 'brand.7' },
        { name: 'registered', label: labels.registered, color: 'blue.8' },
        { name: 'applied', label: labels.applied, color: 'orange.8' },
        { name: 'distinguished', label: labels.distinguished, color: 'teal.8' },
      ]}
      maxBarWidth={22}
      barChartProps={{ accessibilityLayer: false }}
      valueFormatter={chartFigure}
      yAxisProps={{ allowDecimals: false, ...valueAxis('y') }}
    />
  );
}
