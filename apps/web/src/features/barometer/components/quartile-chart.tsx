import { chartFigure } from '../../../ui/chart-format.ts';

/** One group of the chart: its name and its cut points as floats, or the reason it shows none. */
export interface QuartileChartRow {
  key: string;
  label: string;
  q1: number | null;
  median: number | null;
  q3: number | null;
  /** Why the group has no figure ('fewer than 5 companies'); shown in place of its box. */
  hiddenText?: string | undefined;
}

const WIDTH = 360;
const LABEL_WIDTH = 118;
const PLOT_START = LABEL_WIDTH + 8;
const PLOT_END = WIDTH - 14;
const ROW_HEIGHT = 30;
const TOP = 22;
const AXIS_HEIGHT = 22;
const LABEL_CHARS = 16;

/** A group's name in the chart: long CAE section names are cut (the table beside the chart has them whole). */
function shortLabel(label: string): string {
  return label.length > LABEL_CHARS ? `${label.slice(0, LABEL_CHARS - 1).trimEnd()}…` : label;
}

/** The value range the chart spans: every shown cut point and the target, with a margin. */
function domainOf(rows: readonly QuartileChartRow[], target: number | null): [number, number] | null {
  const values = rows
    .flatMap((row) => [row.q1, row.median, row.q3])
    .concat(target === null ? [] : [target])
    .filter((value): value is number => value !== null && Number.isFinite(value));
  if (values.length === 0) return null;
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (low === high) {
    const pad = Math.abs(low) > 0 ? Math.abs(low) * 0.1 : 1;
    low -= pad;
    high += pad;
  }
  const margin = (high - low) * 0.05;
  return [low - margin, high + margin];
}

/**
 * Each group's first to third quartile as a bar with the median marked, and the criterion's target as a dashed
 * line: plain SVG drawn on the server, so it shows without JavaScript and costs no chart library. The table beside
 * it is the accessible version; the drawing is one image named after it.
 */
export function QuartileChart({
  rows,
  target,
  targetLabel,
  label,
  testId,
}: {
  rows: readonly QuartileChartRow[];
  /** The criterion's target as a float, drawn as a reference line; null for none. */
  target: number | null;
  /** The target's text ('Meta ≥ 0.375'). */
  targetLabel: string;
  /** The image's accessible name. */
  label: string;
  testId?: string;
}) {
  const domain = domainOf(rows, target);
  const height = TOP + rows.length * ROW_HEIGHT + AXIS_HEIGHT;
  const x = (value: number) =>
    domain
      ? PLOT_START + ((value - domain[0]) / (domain[1] - domain[0])) * (PLOT_END - PLOT_START)
      : PLOT_START;
  const axisY = TOP + rows.length * ROW_HEIGHT;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      width="100%"
      role="img"
      aria-label={label}
      data-testid={testId}
      style={{ maxWidth: 560, display: 'block', fontFamily: 'inherit' }}
    >
      <title>{label}</title>
      {rows.map((row, index) => {
        const middle = TOP + index * ROW_HEIGHT + ROW_HEIGHT / 2;
        const shown = row.q1 !== null && row.median !== null && row.q3 !== null && domain !== null;
        return (
          <g key={row.key} data-group={row.key}>
            <text
              x={LABEL_WIDTH}
              y={middle + 4}
              textAnchor="end"
              fontSize={11}
              fill="var(--mantine-color-gray-8)"
            >
              {shortLabel(row.label)}
            </text>
            {shown && row.q1 !== null && row.median !== null && row.q3 !== null ? (
              <>
                <rect
                  x={x(row.q1)}
                  y={middle - 7}
                  width={Math.max(2, x(row.q3) - x(row.q1))}
                  height={14}
                  rx={2}
                  fill="var(--mantine-color-brand-2, #c5d8f0)"
                  stroke="var(--mantine-color-brand-7, #1c4f8c)"
                  strokeWidth={1}
                />
                <line
                  x1={x(row.median)}
                  x2={x(row.median)}
                  y1={middle - 10}
                  y2={middle + 10}
                  stroke="var(--mantine-color-brand-9, #0f2f57)"
                  strokeWidth={3}
                />
              </>
            ) : (
              <text x={PLOT_START} y={middle + 4} fontSize={11} fill="var(--mantine-color-gray-7)">
                {row.hiddenText ?? '—'}
              </text>
            )}
          </g>
        );
      })}
      {domain ? (
        <g>
          <line x1={PLOT_START} x2={PLOT_END} y1={axisY} y2={axisY} stroke="var(--mantine-color-gray-5)" />
          <text x={PLOT_START} y={axisY + 15} fontSize={10} fill="var(--mantine-color-gray-7)">
            {chartFigure(domain[0])}
          </text>
          <text x={PLOT_END} y={axisY + 15} fontSize={10} textAnchor="end" fill="var(--mantine-color-gray-7)">
            {chartFigure(domain[1])}
          </text>
          {target !== null ? (
            <>
              <line
                x1={x(target)}
                x2={x(target)}
                y1={TOP - 6}
                y2={axisY}
                stroke="var(--mantine-color-red-9)"
                strokeWidth={1.5}
                strokeDasharray="5 4"
              />
              <text
                x={Math.min(Math.max(x(target), PLOT_START + 40), PLOT_END - 40)}
                y={TOP - 9}
                fontSize={10}
                textAnchor="middle"
                fill="var(--mantine-color-red-9)"
              >
                {targetLabel}
              </text>
            </>
          ) : null}
        </g>
      ) : null}
    </svg>
  );
}
