import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { chartFigure, valueAxis } from '../../../ui/chart-format.ts';
import type { ResultGroupRow } from './results-format.ts';

const LABEL_CHARS = 22;

/** A group's name on the axis: long CAE section names are cut (the table beside the chart has them whole). */
function axisLabel(label: string): string {
  return label.length > LABEL_CHARS ? `${label.slice(0, LABEL_CHARS - 1).trimEnd()}…` : label;
}

/**
 * Applicants and distinguished companies per group as horizontal bars (Mantine charts, loaded lazily), so long
 * group names have room; the table beside it holds the figures.
 */
export function ResultsBarChart({
  rows,
  labels,
}: {
  rows: readonly ResultGroupRow[];
  labels: { applicants: string; distinguished: string };
}) {
  return (
    <BarChart
      h={Math.max(140, rows.length * 44 + 60)}
      data={rows.map((row) => ({ ...row, label: axisLabel(row.label) }))}
      dataKey="label"
      orientation="vertical"
      withLegend
      series={[
        { name: 'applicants', label: labels.applicants, color: 'gray.6' },
        { name: 'distinguished', label: labels.distinguished, color: 'brand.7' },
      ]}
      maxBarWidth={16}
      barChartProps={{ accessibilityLayer: false }}
      valueFormatter={chartFigure}
      xAxisProps={{ allowDecimals: false, ...valueAxis('x') }}
      yAxisProps={{ width: 150, interval: 0 }}
    />
  );
}
