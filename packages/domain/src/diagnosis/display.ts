import { formatNumber, parseNumberInput } from '../balance-sheets/numbers.ts';
import { Decimal } from '../decimal.ts';
import { compareWithTarget } from '../formula.ts';
import type { LocalizedText, TargetComparison } from '../schemas/reference.ts';

/**
 * How a diagnosis is written, on the web pages and in the PDF/XLSX exports alike, so the three never disagree:
 * - a target with its comparison sign (≥, ≤, not >=, <=) and its value exactly as the criterion states it (targets have at most 6 decimals), trailing zeros dropped:
 *   '0.375', never '0.38';
 * - a ratio, a previous value, a median, a quartile or an amount with at most 2 decimals (docs/adr/0023), trailing
 *   zeros dropped ('0.15', '-0.53', '1 234 567.89'), and with more decimals only when the figure rounded to 2
 *   would meet the target when the exact value does not (or the other way round): a failing 0.4299 against
 *   ≥ 0.43 is '0.4299', a failing 0.429999 is '0.429999', never '0.43';
 * - a change in percent with 1 decimal, the sign of the figure shown ('+12.5 %', '-3.0 %', '0.0 %');
 * - indicators grouped by criterion type in the order they come.
 * Every figure goes through formatNumber (groups split by no-break spaces, '.' before the decimals).
 */

/** Decimals of a target: criteria store at most 6. */
export const TARGET_DECIMALS = 6;

export interface DisplayTarget {
  comparison: TargetComparison;
  value: string;
}

function parse(value: Decimal | string): Decimal | null {
  return typeof value === 'string' ? parseNumberInput(value.trim()) : value;
}

/** '0.375', '1 500 000', '0.075'; '' when the text is not a number. */
export function targetValueText(value: string): string {
  return formatNumber(value, { decimals: TARGET_DECIMALS });
}

/** Decimals a figure starts with (displayed numbers are limited to 2: docs/adr/0023). */
const BASE_DECIMALS = 2;

/** The figure rounded so that it meets `target` exactly when the exact value does. */
export function displayDecimal(value: Decimal, target?: DisplayTarget | null): Decimal {
  let digits = BASE_DECIMALS;
  const goal = target ? parseNumberInput(target.value.trim()) : null;
  if (!target || !goal) return value.round(digits);
  const exact = compareWithTarget(value, target.comparison, goal);
  // At the value's own scale the rounding is the value itself, so the loop always ends.
  while (digits < value.scale && compareWithTarget(value.round(digits), target.comparison, goal) !== exact) {
    digits++;
  }
  return value.round(digits);
}

/**
 * A ratio, previous value or median: '0.15', '1 234 567.89', and '0.4299' failing ≥ 0.43 (see above); '' when
 * null or not a number. With the criterion's target the shown figure never contradicts whether the value meets
 * it.
 */
export function indicatorValueText(
  value: Decimal | string | null | undefined,
  target?: DisplayTarget | null,
): string {
  if (value === null || value === undefined) return '';
  const decimal = parse(value);
  if (!decimal) return '';
  const shown = displayDecimal(decimal, target);
  return formatNumber(shown, { decimals: shown.scale });
}

const COMPARISON_SIGNS: Record<TargetComparison, string> = {
  '>': '>',
  '>=': '≥',
  '<': '<',
  '<=': '≤',
  '=': '=',
};

/** A comparison as a reader writes it: '≥' for '>=', '≤' for '<='. */
export function comparisonSign(comparison: TargetComparison): string {
  return COMPARISON_SIGNS[comparison];
}

/** The target exactly as the criterion states it: '≥ 0.375', '< 1 500 000'. */
export function targetText(target: DisplayTarget): string {
  return `${comparisonSign(target.comparison)} ${targetValueText(target.value)}`;
}

export type ChangeDirection = 'up' | 'down' | 'flat';

/** The arrow beside a change: ▲ for a rise, ▼ for a fall, none when flat. */
export const CHANGE_ARROWS: Record<ChangeDirection, '▲' | '▼' | ''> = { up: '▲', down: '▼', flat: '' };

/**
 * A percentage change with 1 decimal, whole digits grouped: '+12.5 %', '-1 234.5 %', '0.0 %'. The
 * sign is the sign of the figure written, so a change that rounds to 0.0 carries none (the arrow still tells its
 * direction). Null when the text is not a number.
 */
export function changePercentText(percent: string): string | null {
  const value = Decimal.tryFromString(percent.trim());
  if (!value) return null;
  return formatNumber(value, { decimals: 1, minDecimals: 1, percent: true, signed: true });
}

/** The indicator fields grouping reads: its criterion's type. */
export interface TypedIndicator {
  criterion: { typedescCriterion: { code: string; description: LocalizedText } };
}

export interface IndicatorTypeGroup<T extends TypedIndicator> {
  code: string;
  description: LocalizedText;
  indicators: T[];
}

/** Indicators grouped by criterion type, groups and indicators in the order received (EE, F, L, RE, RF, C). */
export function groupByType<T extends TypedIndicator>(indicators: readonly T[]): IndicatorTypeGroup<T>[] {
  const groups = new Map<string, IndicatorTypeGroup<T>>();
  for (const indicator of indicators) {
    const type = indicator.criterion.typedescCriterion;
    let group = groups.get(type.code);
    if (!group) {
      group = { code: type.code, description: type.description, indicators: [] };
      groups.set(type.code, group);
    }
    group.indicators.push(indicator);
  }
  return [...groups.values()];
}
