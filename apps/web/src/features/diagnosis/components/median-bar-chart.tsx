import '@mantine/charts/styles.css';
import type { DisplayTarget } from '@excelencia/domain';
import { BarChart } from '@mantine/charts';
import { valueAxis } from '../../../ui/chart-format.ts';
import { chartNumber, chartValueText } from '../diagnosis-format.ts';

/** The median of each group (Mantine charts, loaded lazily) with the criterion's target as a reference line. */
export function MedianBarChart({
  data,
  criterionTarget,
  medianLabel,
  targetLabel,
}: {
  data: Array<{ group: string; median: number }>;
  criterionTarget: DisplayTarget;
  medianLabel: string;
  targetLabel: string;
}) {
  const target = chartNumber(criterionTarget.value);
  return (
    <BarChart
      h={260}
      data={data}
      dataKey="group"
      series={[{ name: 'median', label: medianLabel, color: 'brand.7' }]}
      referenceLines={
        target === null
          ? []
          : [
              {
                y: target,
                label: targetLabel,
                color: 'red.9',
                strokeDasharray: '6 4',
                ifOverflow: 'extendDomain',
              },
            ]
      }
      valueFormatter={(value) => chartValueText(value, criterionTarget)}
      maxBarWidth={72}
      // The table beside it carries the figures; the drawing is hidden from screen readers, so not focusable.
      barChartProps={{ accessibilityLayer: false, margin: { top: 18, right: 12 } }}
      yAxisProps={valueAxis('y')}
      xAxisProps={{
        interval: 0,
        angle: data.length > 4 ? -25 : 0,
        textAnchor: data.length > 4 ? 'end' : 'middle',
        height: data.length > 4 ? 70 : 30,
      }}
    />
  );
}
