import { Decimal } from '../decimal.ts';
import type { SuppressionReason } from './schemas.ts';
import { BAROMETER_DOMINANCE_PERCENT, BAROMETER_MIN_COMPANIES } from './thresholds.ts';

/**
 * The barometer's quartiles and disclosure control (docs/adr/0033-barometer-disclosure-control.md), applied on
 * the server before any figure leaves it.
 */

/** The same as a share (0.75). */
export const BAROMETER_DOMINANCE_SHARE = Decimal.fromInteger(BAROMETER_DOMINANCE_PERCENT).div(
  Decimal.fromInteger(100),
);

export type Quartiles = { q1: Decimal; median: Decimal; q3: Decimal };

/**
 * The p-quantile of sorted values by PostgreSQL's percentile_cont: linear interpolation between the closest
 * ranks, at position (n − 1) · p counted from 0. `quarters` is p in quarters (1, 2 or 3), so the position's
 * fraction is exact (0, 0.25, 0.5 or 0.75) and the result is exact decimal arithmetic (percentile_cont itself
 * works in double precision).
 */
function percentileCont(sorted: readonly Decimal[], quarters: 1 | 2 | 3): Decimal {
  const scaled = (sorted.length - 1) * quarters; // the position × 4
  const low = Math.floor(scaled / 4);
  const fraction = scaled % 4; // in quarters
  const lower = sorted[low] as Decimal;
  if (fraction === 0) return lower;
  const upper = sorted[low + 1] as Decimal;
  return lower.add(upper.sub(lower).mul(Decimal.fromInteger(fraction)).div(Decimal.fromInteger(4)));
}

/**
 * The first quartile, median and third quartile of the values (in any order), each as PostgreSQL's
 * percentile_cont(0.25 | 0.5 | 0.75) computes it (percentileCont); null for no values.
 */
export function quartiles(values: readonly Decimal[]): Quartiles | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a.cmp(b));
  return {
    q1: percentileCont(sorted, 1),
    median: percentileCont(sorted, 2),
    q3: percentileCont(sorted, 3),
  };
}

/** Which quartile a value falls in: 1 at or below Q1, 2 at or below the median, 3 at or below Q3, else 4. */
export function quartileOf(value: Decimal, cuts: Quartiles): 1 | 2 | 3 | 4 {
  if (!value.gt(cuts.q1)) return 1;
  if (!value.gt(cuts.median)) return 2;
  if (!value.gt(cuts.q3)) return 3;
  return 4;
}

/** What the disclosure control looks at in a cell: its companies, and each one's turnover when known. */
export type DisclosureCell = {
  count: number;
  /** The turnover of each company of the cell (a missing one counts as none); absent for counts-only tables. */
  turnovers?: readonly (Decimal | null)[];
};

/**
 * Primary suppression: a cell of fewer than 5 companies (`fewCompanies`), or one where a single company holds
 * more than 75% of the cell's turnover (`dominance`: its figures would describe that company); else null.
 */
export function primarySuppression(cell: DisclosureCell): SuppressionReason | null {
  if (cell.count < BAROMETER_MIN_COMPANIES) return 'fewCompanies';
  const turnovers = (cell.turnovers ?? []).map((t) => (t === null ? Decimal.ZERO : t.abs()));
  if (turnovers.length === 0) return null;
  const total = turnovers.reduce((sum, t) => sum.add(t), Decimal.ZERO);
  if (total.isZero()) return null;
  const largest = Decimal.max(Decimal.ZERO, ...turnovers);
  return largest.gt(total.mul(BAROMETER_DOMINANCE_SHARE)) ? 'dominance' : null;
}

/**
 * The suppression of each cell of a row whose counts add up to a shown total (the groups of one table): primary
 * suppression of each, then secondary: when exactly one cell is suppressed, its count would be the total minus
 * the others, so the smallest shown cell (by count; the first of equals) is suppressed too (`secondary`). With
 * the total itself not shown (`totalShown` false), nothing can be subtracted and only primary suppression runs.
 */
export function protectRow(
  cells: readonly DisclosureCell[],
  totalShown = true,
): (SuppressionReason | null)[] {
  const reasons = cells.map(primarySuppression);
  const suppressed = reasons.filter((reason) => reason !== null).length;
  if (!totalShown || suppressed !== 1) return reasons;
  let smallest = -1;
  cells.forEach((cell, index) => {
    if (reasons[index] !== null) return;
    if (smallest === -1 || cell.count < (cells[smallest] as DisclosureCell).count) smallest = index;
  });
  if (smallest !== -1) reasons[smallest] = 'secondary';
  return reasons;
}
