import {
  CHANGE_ARROWS,
  type ChangeDirection,
  CRITERION_TYPE_CODES,
  type CriterionItem,
  changePercentText,
  Decimal,
  type DiagnosisIndicatorInput,
  type DisplayTarget,
  type DistributionRow,
  decimalOfNumber,
  formatNumber,
  type IndicatorSeries,
  indicatorValueText,
  type Language,
  type LocalizedText,
  localized,
  orderCriteria,
  periodLabel,
  type SheetLike,
} from '@excelencia/domain';

/**
 * Pure helpers of the self-diagnosis pages: type headings, change arrows and the chart data (fewer than two
 * points, no chart). Every figure the pages show goes through the domain's targetText,
 * changePercentText, valueText or chartValueText (the rules the exports follow too):
 * targets exactly, ratios with enough decimals that the figure never contradicts pass or fail.
 */

type Translate = (key: string, params?: Record<string, string | number>) => string;

/** A sheet in a select: tag · period · frequency · file name (or 'entered by hand'). */
export function sheetOptionLabel(
  sheet: SheetLike & { typeFrequence: string },
  t: Translate,
  language: Language,
): string {
  return [
    sheet.tag,
    periodLabel(sheet, language),
    t(`balanceSheets:frequencies.${sheet.typeFrequence}`),
    sheet.fileName ?? t('diagnosisWeb:enteredByHand'),
  ]
    .filter((part) => part !== '')
    .join(' · ');
}

/**
 * A ratio, previous value, median or quartile: at most 2 decimals (docs/adr/0023), more only when rounding would
 * put the figure on the other side of `target` than the exact value ('0.4299' failing ≥ 0.43, never '0.43'); ''
 * when absent.
 */
export function valueText(value: string | null | undefined, target?: DisplayTarget | null): string {
  return indicatorValueText(value, target);
}

/** A chart's tooltip figure (a float drawn from an exact value): as valueText; '' when not finite. */
export function chartValueText(value: unknown, target?: DisplayTarget | null): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  // 12 decimals drop the float's noise (0.43 drawn as 0.42999999999999994 still meets ≥ 0.43).
  const decimal = decimalOfNumber(value)?.round(12);
  return decimal ? indicatorValueText(decimal, target) : '';
}

export interface ChangeDisplay {
  /** '+12.3 %', '-100.0 %', '0.0 %' (always 1 decimal; integer digits grouped with no-break spaces). */
  text: string;
  /** ▲ for a rise, ▼ for a fall, '' when flat. */
  arrow: (typeof CHANGE_ARROWS)[ChangeDirection];
  /** The arrow's accessible name. */
  labelKey: 'diagnosisWeb:view.rise' | 'diagnosisWeb:view.fall' | 'diagnosisWeb:view.noChange';
  direction: 'up' | 'down' | 'flat';
}

/** The percentage change with 1 decimal and an up or down arrow (texts shared with the exports). */
export function changeDisplay(
  change: { percent: string; direction: ChangeDirection } | null | undefined,
): ChangeDisplay | null {
  if (!change) return null;
  const text = changePercentText(change.percent);
  if (text === null) return null;
  const arrow = CHANGE_ARROWS[change.direction];
  switch (change.direction) {
    case 'up':
      return { text, arrow, labelKey: 'diagnosisWeb:view.rise', direction: 'up' };
    case 'down':
      return { text, arrow, labelKey: 'diagnosisWeb:view.fall', direction: 'down' };
    default:
      return { text, arrow, labelKey: 'diagnosisWeb:view.noChange', direction: 'flat' };
  }
}

/** A type's heading: its description, or for the series (which carry only the code) the catalog's text. */
export function typeHeading(
  code: string,
  t: Translate,
  language: Language,
  description?: LocalizedText | null,
): string {
  if (description) return localized(description, language) || code;
  const key = `diagnosisWeb:types.${code}`;
  const text = t(key);
  return text === key ? code : text;
}

type SeriesCriterion = IndicatorSeries['criteria'][number];

/** The series' criteria by type code, in the fixed order EE, F, L, RE, RF, C (unknown types last). */
export function seriesGroups(series: IndicatorSeries): Array<{ code: string; criteria: SeriesCriterion[] }> {
  const order = (code: string) => {
    const index = (CRITERION_TYPE_CODES as readonly string[]).indexOf(code);
    return index < 0 ? CRITERION_TYPE_CODES.length : index;
  };
  const groups: Array<{ code: string; criteria: SeriesCriterion[] }> = [];
  for (const criterion of series.criteria) {
    let group = groups.find((candidate) => candidate.code === criterion.typeCode);
    if (!group) {
      group = { code: criterion.typeCode, criteria: [] };
      groups.push(group);
    }
    group.criteria.push(criterion);
  }
  return groups
    .map((group, index) => ({ group, index }))
    .sort((a, b) => order(a.group.code) - order(b.group.code) || a.index - b.index)
    .map(({ group }) => group);
}

/**
 * A decimal text as a float for drawing; null when absent, not a number, or beyond what a float holds (a ratio
 * over an almost-zero denominator can have hundreds of digits: Infinity would break the chart's scale).
 */
export function chartNumber(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const value = Decimal.tryFromString(text.trim());
  if (!value) return null;
  const number = value.toNumber();
  return Number.isFinite(number) ? number : null;
}

/** The x label of a period: its tag and start year ('Y0 2023', 'Q2 2024'), or the period when untagged. */
export function pointLabel(
  point: { tag: string; startDate: string; endDate: string },
  language: Language,
): string {
  return point.tag ? `${point.tag} ${point.startDate.slice(0, 4)}` : periodLabel(point, language);
}

export interface IndicatorChartData {
  data: Array<{ period: string; value: number | null }>;
  /** Periods with a computable value. */
  computable: number;
  /** Fewer than two computable points → 'Not enough data to draw the requested chart.' */
  canDraw: boolean;
  target: number | null;
}

/** One indicator over the series' periods (oldest first), with its target for the reference line. */
export function indicatorChartData(
  series: IndicatorSeries,
  criterion: SeriesCriterion,
  language: Language,
): IndicatorChartData {
  const data = series.points.map((point) => ({
    period: pointLabel(point, language),
    value: chartNumber(point.values[criterion.code]),
  }));
  const computable = data.filter((row) => row.value !== null).length;
  return { data, computable, canDraw: computable >= 2, target: chartNumber(criterion.target.value) };
}

/** A group's label: its name in the language, or 'Not stated' for companies without the dimension. */
export function groupLabel(row: DistributionRow, t: Translate, language: Language): string {
  return row.label ? localized(row.label, language) : t('diagnosis:export.noGroup');
}

/** The share meeting the target ('0.4286') as a percentage with at most 1 decimal ('42.9 %', '100 %'); '' when null. */
export function shareText(share: string | null): string {
  if (share === null) return '';
  const value = Decimal.tryFromString(share.trim());
  if (!value) return '';
  return formatNumber(value.mul(Decimal.fromInteger(100)), { decimals: 1, percent: true });
}

/** The bars of the admin statistics: each group with a median (groups without one are left out). */
export function medianChartData(
  groups: readonly DistributionRow[],
  t: Translate,
  language: Language,
): Array<{ group: string; median: number }> {
  const out: Array<{ group: string; median: number }> = [];
  for (const row of groups) {
    const median = chartNumber(row.median);
    if (median !== null) out.push({ group: groupLabel(row, t, language), median });
  }
  return out;
}

/**
 * The admin statistics' criterion choices: the active criteria only (the statistics know no other), in the
 * order of a diagnosis (types EE, F, L, RE, RF, C, the application criteria in their fixed order), as
 * 'code — description'.
 */
export function statisticsCriterionOptions(
  criteria: readonly CriterionItem[],
  language: Language,
): Array<{ value: string; label: string }> {
  const orderable = criteria
    .filter((criterion) => criterion.isActive)
    .map((criterion) => ({
      criterion,
      code: criterion.code,
      sortOrder: criterion.sortOrder,
      // The list names the type by code; types outside EE…C follow, by criterion code.
      type: { code: criterion.criterionType.code, sortOrder: 0 },
    }));
  return orderCriteria(orderable).map(({ criterion }) => ({
    value: criterion.id,
    label: `${criterion.code} — ${localized(criterion.description, language) || criterion.code}`,
  }));
}

export interface SectorPosition {
  side: 'above' | 'below' | 'at';
  /** Better or worse than the median by the target's direction; null at the median or when it cannot say. */
  verdict: 'better' | 'worse' | null;
  labelKey: `diagnosisWeb:view.sectorPosition.${string}`;
}

/**
 * Where the company stands against its sector's median: above, below or at it, and whether that is better or
 * worse by the target's comparison (higher is better for '>' and '≥', lower for '<' and '≤'; for '=' closer to
 * the target is better). Null when the value or the median is absent or not a number.
 */
export function sectorPosition(
  value: string | null | undefined,
  median: string | null | undefined,
  target: DisplayTarget,
): SectorPosition | null {
  const companyValue = value ? Decimal.tryFromString(value.trim()) : undefined;
  const middle = median ? Decimal.tryFromString(median.trim()) : undefined;
  if (!companyValue || !middle) return null;
  const c = companyValue.cmp(middle);
  if (c === 0) return { side: 'at', verdict: null, labelKey: 'diagnosisWeb:view.sectorPosition.at' };
  const side = c > 0 ? 'above' : 'below';
  let verdict: SectorPosition['verdict'];
  switch (target.comparison) {
    case '>':
    case '>=':
      verdict = c > 0 ? 'better' : 'worse';
      break;
    case '<':
    case '<=':
      verdict = c < 0 ? 'better' : 'worse';
      break;
    default: {
      const goal = Decimal.tryFromString(target.value.trim());
      const closer = goal ? companyValue.sub(goal).abs().cmp(middle.sub(goal).abs()) : 0;
      verdict = closer < 0 ? 'better' : closer > 0 ? 'worse' : null;
    }
  }
  const suffix = verdict === 'better' ? 'Better' : verdict === 'worse' ? 'Worse' : '';
  return { side, verdict, labelKey: `diagnosisWeb:view.sectorPosition.${side}${suffix}` };
}

/**
 * What the inputs panel shows of an aggregate's accounts: for an uploaded sheet, the trial-balance lines that
 * fed it (amounts formatted, 'and N other accounts' when the server kept only the largest); for a sheet entered
 * by hand (or a diagnosis saved without its lines), the account codes configured on the node, with a note
 * for the hand-entered case.
 */
export type InputAccountsView =
  | {
      kind: 'lines';
      lines: Array<{ account: string; description: string; amount: string }>;
      /** 'and 3 other accounts', or null. */
      more: string | null;
      /** Shown when no line fed the aggregate. */
      empty: string | null;
    }
  | { kind: 'configured'; codes: string; note: string | null };

export function inputAccountsView(input: DiagnosisIndicatorInput, t: Translate): InputAccountsView {
  if (input.source === 'upload' && input.lines) {
    const others = input.otherLines ?? 0;
    return {
      kind: 'lines',
      lines: input.lines.map((line) => ({
        account: line.account,
        description: line.description,
        amount: formatNumber(line.amount),
      })),
      more:
        others === 0
          ? null
          : others === 1
            ? t('diagnosisWeb:view.otherLine')
            : t('diagnosisWeb:view.otherLines', { count: others }),
      empty: input.lines.length === 0 ? t('diagnosisWeb:view.noLines') : null,
    };
  }
  return {
    kind: 'configured',
    codes: input.accountCodes.join(', '),
    note:
      input.source !== 'entry'
        ? null
        : input.period === 'previous'
          ? t('diagnosisWeb:view.handEnteredPreviousAccounts')
          : t('diagnosisWeb:view.handEnteredAccounts'),
  };
}
