import { Decimal } from '../decimal.ts';

/**
 * Distributions of an indicator across companies (issue 6): quartiles by linear interpolation between the
 * closest ranks (PostgreSQL's percentile_cont, Excel's QUARTILE.INC), computed exactly with decimals.
 */

/** The p-quantile (0 ≤ p ≤ 1) of values sorted ascending; null for no values. */
export function quantile(sorted: readonly Decimal[], p: number): Decimal | null {
  if (sorted.length === 0) return null;
  // position = (n − 1) · p, as an exact fraction of p's three decimals.
  const scaled = BigInt(Math.round(p * 1000)) * BigInt(sorted.length - 1);
  const lower = Number(scaled / 1000n);
  const fraction = Decimal.of(scaled % 1000n, 3);
  const low = sorted[lower] as Decimal;
  const high = sorted[Math.min(lower + 1, sorted.length - 1)] as Decimal;
  return low.add(high.sub(low).mul(fraction));
}

export type Distribution = {
  companies: number;
  p25: Decimal | null;
  median: Decimal | null;
  p75: Decimal | null;
  /** Share of the companies meeting the target (0 to 1, 4 decimals); null for no companies. */
  shareMeetingTarget: Decimal | null;
};

/** The distribution of one value per company (not-computable values left out). */
export function distribution(
  rows: ReadonlyArray<{ value: Decimal | null; passed: boolean | null }>,
): Distribution {
  const computable = rows.filter(
    (row): row is { value: Decimal; passed: boolean | null } => row.value !== null,
  );
  const sorted = computable.map((row) => row.value).sort((a, b) => a.cmp(b));
  const passed = computable.filter((row) => row.passed === true).length;
  return {
    companies: computable.length,
    p25: quantile(sorted, 0.25),
    median: quantile(sorted, 0.5),
    p75: quantile(sorted, 0.75),
    shareMeetingTarget:
      computable.length === 0
        ? null
        : Decimal.fromInteger(passed).div(Decimal.fromInteger(computable.length)).round(4),
  };
}
