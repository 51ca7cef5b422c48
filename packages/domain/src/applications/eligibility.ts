import { Decimal } from '../decimal.ts';
import type { TargetComparison } from '../schemas/reference.ts';

/**
 * How far a value is from its threshold, signed so that a positive gap is the margin by which it passes and a
 * negative one the shortfall: value − target for '>' and '>=', target − value for '<' and '<=', and −|value −
 * target| for '=' (any difference is a shortfall). Exact decimal text, or null when the value is not computable.
 */
export function thresholdGap(
  value: string | null,
  comparison: TargetComparison,
  target: string,
): string | null {
  if (value === null) return null;
  const v = Decimal.tryFromString(value);
  const t = Decimal.tryFromString(target);
  if (!v || !t) return null;
  switch (comparison) {
    case '>':
    case '>=':
      return v.sub(t).toString();
    case '<':
    case '<=':
      return t.sub(v).toString();
    case '=':
      return v.sub(t).abs().neg().toString();
  }
}

/** The sheets eligibility reads: the annual sheet of the indicator year and the one of the year before. */
export function eligibilityYears(indicatorYear: number): { current: number; previous: number } {
  return { current: indicatorYear, previous: indicatorYear - 1 };
}
