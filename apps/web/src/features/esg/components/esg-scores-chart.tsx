import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { chartFigure, valueAxis } from '../../../ui/chart-format.ts';

/** Scores have 1 decimal and are percentages. */
const SCORE = { decimals: 1, percent: true } as const;

export interface EsgScoreBar {
  label: string;
  score: number | null;
  median: number | null;
}

/** Score and sector median per pillar as bars from 0 to 100 (Mantine charts, loaded lazily); the table has the figures. */
export function EsgScoresChart({
  rows,
  labels,
}: {
  rows: readonly EsgScoreBar[];
  labels: { score: string; median: string };
}) {
  const withMedian = rows.some((row) => row.median !== null);
  return (
    <BarChart
      h={220}
      data={rows.map((row) => ({ label: row.label, score: row.score ?? 0, median: row.median ?? 0 }))}
      dataKey="label"
      withLegend
      series={[
        { name: 'score', label: labels.score, color: 'brand.7' },
        ...(withMedian ? [{ name: 'median', label: labels.median, color: 'gray.6' }] : []),
      ]}
      maxBarWidth={28}
      barChartProps={{ accessibilityLayer: false }}
      valueFormatter={(value) => chartFigure(value, SCORE)}
      yAxisProps={{ domain: [0, 100], ...valueAxis('y', SCORE) }}
    />
  );
}
