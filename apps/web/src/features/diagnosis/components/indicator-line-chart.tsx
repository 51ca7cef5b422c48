import '@mantine/charts/styles.css';
import { formatAmount } from '@excelencia/domain';
import { LineChart } from '@mantine/charts';
import type { IndicatorChartData } from '../diagnosis-format.ts';

const format = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? formatAmount(String(value)) : '';

/**
 * One indicator over the periods (Mantine charts, loaded lazily), its target drawn as a dashed reference line.
 * The caller shows the 'not enough data' text instead when fewer than two points are computable.
 */
export function IndicatorLineChart({
  chart,
  valueLabel,
  targetLabel,
}: {
  chart: IndicatorChartData;
  valueLabel: string;
  targetLabel: string;
}) {
  return (
    <LineChart
      h={200}
      data={chart.data}
      dataKey="period"
      series={[{ name: 'value', label: valueLabel, color: 'brand.7' }]}
      referenceLines={
        chart.target === null
          ? []
          : [
              {
                y: chart.target,
                label: targetLabel,
                color: 'red.9',
                strokeDasharray: '6 4',
                ifOverflow: 'extendDomain',
              },
            ]
      }
      connectNulls={false}
      // The data is also given as a list for screen readers; the drawing is hidden from them, so not focusable.
      lineChartProps={{ accessibilityLayer: false, margin: { top: 18, right: 12 } }}
      curveType="linear"
      valueFormatter={format}
      yAxisProps={{ width: 64, domain: ['auto', 'auto'] }}
    />
  );
}
