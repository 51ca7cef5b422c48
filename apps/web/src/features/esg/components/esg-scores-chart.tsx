import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useLanguage } from '../../../lib/language-context.ts';
import { compactAxis } from '../../../ui/chart-format.ts';

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
  const language = useLanguage();
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
      yAxisProps={{ domain: [0, 100], ...compactAxis(language) }}
      unit=" %"
    />
  );
}
