import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { chartFigure, valueAxis } from '../../../ui/chart-format.ts';

/**
 * The funnel's steps as horizontal bars (Mantine charts, loaded lazily); the table beside it holds the figures.
 * Each step has room for a name of three lines in its 150 px (fr: 'Avec un diagnostic de cette balance'), so
 * the names do not run into the next step's.
 */
export function FunnelChart({
  steps,
  label,
}: {
  steps: ReadonlyArray<{ label: string; count: number }>;
  label: string;
}) {
  return (
    <BarChart
      h={Math.max(200, steps.length * 46)}
      data={[...steps]}
      dataKey="label"
      orientation="vertical"
      series={[{ name: 'count', label, color: 'brand.7' }]}
      maxBarWidth={22}
      barChartProps={{ accessibilityLayer: false }}
      valueFormatter={chartFigure}
      xAxisProps={{ allowDecimals: false, ...valueAxis('x') }}
      yAxisProps={{ width: 150 }}
    />
  );
}
