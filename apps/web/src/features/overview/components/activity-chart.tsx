import '@mantine/charts/styles.css';
import type { OverviewMonth } from '@excelencia/domain';
import { BarChart } from '@mantine/charts';
import { chartFigure, valueAxis } from '../../../ui/chart-format.ts';

/** The admin dashboard's monthly activity (Mantine charts, loaded lazily); the table beside it holds the figures. */
export function ActivityChart({
  months,
  labels,
}: {
  months: ReadonlyArray<OverviewMonth & { label: string }>;
  labels: { companies: string; balanceSheets: string; diagnoses: string };
}) {
  return (
    <BarChart
      h={240}
      data={[...months]}
      dataKey="label"
      withLegend
      series={[
        { name: 'companies', label: labels.companies, color: 'brand.7' },
        { name: 'balanceSheets', label: labels.balanceSheets, color: 'teal.8' },
        { name: 'diagnoses', label: labels.diagnoses, color: 'orange.8' },
      ]}
      maxBarWidth={18}
      barChartProps={{ accessibilityLayer: false }}
      valueFormatter={chartFigure}
      yAxisProps={{ allowDecimals: false, ...valueAxis('y') }}
    />
  );
}
