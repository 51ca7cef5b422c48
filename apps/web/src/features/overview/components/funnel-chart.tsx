import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { chartFigure, valueAxis } from '../../../ui/chart-format.ts';

/** The funnel's steps as horizontal bars (Mantine charts, loaded lazily); the table beside it holds the figures. */
export function FunnelChart({
  steps,
  label,
}: {
  steps: ReadonlyArray<{ label: string; count: number }>;
  label: string;
}) {
  return (
    <BarChart
      h={Math.max(200, steps.length * 34)}
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
