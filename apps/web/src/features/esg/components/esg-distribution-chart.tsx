import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { chartFigure, valueAxis } from '../../../ui/chart-format.ts';

const COLORS = ['brand.7', 'yellow.6', 'red.7', 'teal.7', 'gray.6', 'grape.7', 'orange.7', 'cyan.7'];

/**
 * One question's answers as bars (Mantine charts, loaded lazily): one bar per option, or for a matrix one
 * stacked bar per row with a segment per column. The table beside it has the figures.
 */
export function EsgDistributionChart({
  data,
  series,
}: {
  data: Record<string, string | number>[];
  series: { name: string; label: string }[];
}) {
  return (
    <BarChart
      h={Math.max(120, data.length * 36 + 60)}
      data={data}
      dataKey="label"
      orientation="vertical"
      type={series.length > 1 ? 'stacked' : 'default'}
      withLegend={series.length > 1}
      series={series.map((item, index) => ({ ...item, color: COLORS[index % COLORS.length] ?? 'gray.6' }))}
      maxBarWidth={18}
      barChartProps={{ accessibilityLayer: false }}
      valueFormatter={chartFigure}
      xAxisProps={{ allowDecimals: false, ...valueAxis('x') }}
      yAxisProps={{ width: 140, interval: 0 }}
    />
  );
}
