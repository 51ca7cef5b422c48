import { formatNumber, type NumberDisplayOptions } from '@excelencia/domain';

/**
 * A chart's figure, an axis tick or a tooltip value, as every number of the portal is displayed (formatNumber:
 * '12 000 000', '0.7', '-1.25', '65 %'), so an axis never says '0,7' beside a target of '≤ 0.7'; '' for what is
 * not a finite number. Charts draw floats; the figures the tables beside them show come from the exact values.
 */
export function chartFigure(value: unknown, options: NumberDisplayOptions = {}): string {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return formatNumber(number, options);
}

/**
 * The value axis of every chart, its ticks written by chartFigure: spread into yAxisProps (the axis is then as
 * wide as its longest tick, whose groups never break apart) or, for a horizontal chart, into xAxisProps.
 */
export function valueAxis(
  axis: 'y',
  options?: NumberDisplayOptions,
): {
  tickFormatter: (value: unknown) => string;
  width: 'auto';
};
export function valueAxis(
  axis: 'x',
  options?: NumberDisplayOptions,
): { tickFormatter: (value: unknown) => string };
export function valueAxis(axis: 'x' | 'y', options: NumberDisplayOptions = {}) {
  const tickFormatter = (value: unknown) => chartFigure(value, options);
  return axis === 'y' ? { tickFormatter, width: 'auto' as const } : { tickFormatter };
}
