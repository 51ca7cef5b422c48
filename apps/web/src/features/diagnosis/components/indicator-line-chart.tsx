import '@mantine/charts/styles.css';
import type { DisplayTarget } from '@excelencia/domain';
import { LineChart } from '@mantine/charts';
import { valueAxis } from '../../../ui/chart-format.ts';
import { chartValueText, type IndicatorChartData } from '../diagnosis-format.ts';

/**
 * One indicator over the periods (Mantine charts, loaded lazily), its target drawn as a dashed reference line.
 * The caller shows the 'not enough data' text instead when fewer than two points are computable.
 */
export function IndicatorLineChart({
  chart,
  criterionTarget,
  valueLabel,
  targetLabel,
}: {
  chart: IndicatorChartData;
  /** The criterion's target, so a tooltip's figure never contradicts pass or fail. */
  criterionTarget: DisplayTarget;
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
      // Drawn once, without the entry animation: on a phone each animated chart kept the page busy.
      lineProps={{ isAnimationActive: false }}
      tooltipAnimationDuration={0}
      valueFormatter={(value) => chartValueText(value, criterionTarget)}
      yAxisProps={{ domain: ['auto', 'auto'], ...valueAxis('y') }}
    />
  );
}
