import { periodResultInEquity } from '../balance-sheets/closing.ts';
import type { Frequency } from '../balance-sheets/periods.ts';
import type { TreeLevelNode } from '../balance-sheets/tree.ts';
import { treeNodes } from '../balance-sheets/tree.ts';
import { Decimal } from '../decimal.ts';
import { compareWithTarget, evaluateFormula, type FormulaNode, parseFormula } from '../formula.ts';
import type { LocalizedText, TargetComparison } from '../schemas/reference.ts';
import { CRITERION_TYPE_CODES } from '../schemas/reference.ts';

/**
 * The self-diagnosis engine: from a balance sheet's aggregates (the value of every self-diagnosis
 * tree node), every criterion's ratio with its formula, the target, pass or fail and the recommendation,
 * grouped by criterion type in the fixed order EE, F, L, RE, RF, C. Pure: no I/O, exact decimals throughout.
 *
 * Sub-annual periods: the flows (income-statement nodes: Rendimentos, Gastos) are annualised (× 12 / months)
 * before the formula runs, so a quarter's ratios compare with the annual targets. Balance-sheet nodes are
 * stocks at the end date and are never scaled.
 *
 * Trial balances taken before the closing entries: the period's result still in the income statement is part of
 * Capital próprio (periodResultInEquity), added to the equity nodes from the sheet's own, un-annualised flows
 * before the formulas run, for the sheet and for the one prev() reads.
 */

/** The application criteria, in their fixed order (codes of the seeded criteria of type C; docs/adr/0007). */
export const APPLICATION_CRITERION_ORDER = [
  'RLP',
  'EBITDA',
  'EBITDA_2A',
  'DFL_EBITDA',
  'RCP',
  'AF',
  'EBITDA_AT',
  'EBITDA_VN',
] as const;

/** The sector benchmark is shown only when at least this many companies contribute (anonymity). */
export const SECTOR_MIN_COMPANIES = 5;

export type EngineCriterion = {
  id: string;
  code: string;
  description: LocalizedText;
  formula: string;
  targetComparison: TargetComparison;
  targetValue: string;
  recommendation: LocalizedText;
  sortOrder: number;
  isApplicationCriterion: boolean;
  type: { code: string; description: LocalizedText; sortOrder: number };
};

export type EngineSheet = {
  startDate: string;
  endDate: string;
  frequency: Frequency;
  /** Every node's value by node code (canonical decimal text or Decimal). */
  values: ReadonlyMap<string, Decimal>;
};

export type NotComputableReason =
  | 'divisionByZero'
  | 'negativeDenominator'
  | 'missingValue'
  | 'missingPrevious'
  | 'invalidFormula';

export type IndicatorInput = {
  /** The aggregate's code as the formula names it. */
  name: string;
  /** 'current' for NAME, 'previous' for prev(NAME). */
  period: 'current' | 'previous';
  description: LocalizedText | null;
  accountCodes: string[];
  /**
   * The value the formula used before any annualisation (null when the sheet has none): the stored value, plus
   * the period's result for the equity nodes of a sheet taken before closing (then `periodResultAdded` is set).
   */
  value: Decimal | null;
  /** The value the formula used when it was annualised (flows of sub-annual periods), else null. */
  annualisedValue: Decimal | null;
  /**
   * The period's result (REND − GAST, un-annualised) included in `value` because the sheet was taken before the
   * closing entries (periodResultInEquity); null when `value` is the stored value. Stored = value − this.
   */
  periodResultAdded: Decimal | null;
};

export type Indicator = {
  criterionId: string;
  code: string;
  description: LocalizedText;
  formula: string;
  recommendation: LocalizedText;
  ratioOrder: number;
  isApplicationCriterion: boolean;
  type: { code: string; description: LocalizedText };
  target: { comparison: TargetComparison; value: string };
  /** The exact ratio, or null when not computable (then `reason` says why). */
  value: Decimal | null;
  reason: { key: NotComputableReason; name?: string } | null;
  /** Whether the value meets the target; null when not computable. */
  passed: boolean | null;
  /** Whether flows were annualised for this indicator (sub-annual period and the formula uses a flow). */
  annualised: boolean;
  inputs: IndicatorInput[];
};

/** Calendar months a period covers (January 1 to March 31 → 3); at least 1. */
export function periodMonths(startDate: string, endDate: string): number {
  const sy = Number(startDate.slice(0, 4));
  const sm = Number(startDate.slice(5, 7));
  const ey = Number(endDate.slice(0, 4));
  const em = Number(endDate.slice(5, 7));
  return Math.max(1, (ey - sy) * 12 + (em - sm) + 1);
}

/** The factor flows are multiplied by to compare with annual targets: 12 / months, or 1 for a year or more. */
export function annualisationFactor(sheet: { startDate: string; endDate: string }): {
  months: number;
  isAnnualised: boolean;
} {
  const months = periodMonths(sheet.startDate, sheet.endDate);
  return { months, isAnnualised: months < 12 };
}

const TWELVE = Decimal.fromInteger(12);

function annualise(value: Decimal, months: number): Decimal {
  return value.mul(TWELVE).div(Decimal.fromInteger(months));
}

/** The codes of the income-statement nodes (flows over the period). */
export function flowCodes(tree: TreeLevelNode[]): Set<string> {
  return new Set(
    treeNodes(tree)
      .filter((node) => node.statement === 'income')
      .map((node) => node.code),
  );
}

/** The values a formula sees: flows annualised for a sub-annual period. */
function formulaValues(sheet: EngineSheet, flows: ReadonlySet<string>): Map<string, Decimal> {
  const { months, isAnnualised } = annualisationFactor(sheet);
  if (!isAnnualised) return new Map(sheet.values);
  const out = new Map<string, Decimal>();
  for (const [code, value] of sheet.values) out.set(code, flows.has(code) ? annualise(value, months) : value);
  return out;
}

/**
 * A sheet as formulas read its stocks: the period's result in equity when the sheet was taken before closing
 * (from the stored, un-annualised flows), and the amount added to each node.
 */
function withPeriodResult(
  sheet: EngineSheet,
  tree: TreeLevelNode[],
): { sheet: EngineSheet; added: Map<string, Decimal> } {
  const { values, added } = periodResultInEquity(tree, sheet.values);
  const amounts = new Map<string, Decimal>();
  if (added) for (const code of added.codes) amounts.set(code, added.amount);
  return { sheet: { ...sheet, values }, added: amounts };
}

function namesOf(ast: FormulaNode, out: Array<{ name: string; period: 'current' | 'previous' }>): void {
  switch (ast.kind) {
    case 'name':
      out.push({ name: ast.name, period: 'current' });
      return;
    case 'prev':
      out.push({ name: ast.name, period: 'previous' });
      return;
    case 'unary':
      namesOf(ast.operand, out);
      return;
    case 'binary':
      namesOf(ast.left, out);
      namesOf(ast.right, out);
      return;
    case 'call':
      for (const arg of ast.args) namesOf(arg, out);
      return;
    case 'number':
      return;
  }
}

/** Criterion types in the fixed order EE, F, L, RE, RF, C; other codes after them by their sort order. */
function typeRank(type: { code: string; sortOrder: number }): [number, number] {
  const fixed = (CRITERION_TYPE_CODES as readonly string[]).indexOf(type.code);
  return fixed >= 0 ? [fixed, 0] : [CRITERION_TYPE_CODES.length, type.sortOrder];
}

/** What ordering needs of a criterion: its code, sort order and type (code and sort order). */
export type OrderableCriterion = {
  code: string;
  sortOrder: number;
  type: { code: string; sortOrder: number };
};

/** Within the application criteria their fixed order wins; other criteria follow their sort order. */
function criterionRank(criterion: OrderableCriterion): [number, number] {
  const fixed = (APPLICATION_CRITERION_ORDER as readonly string[]).indexOf(criterion.code);
  return fixed >= 0 ? [fixed, 0] : [APPLICATION_CRITERION_ORDER.length, criterion.sortOrder];
}

function compareRanks(a: [number, number], b: [number, number]): number {
  return a[0] - b[0] || a[1] - b[1];
}

/** Criteria in the order a diagnosis shows them: by type (EE, F, L, RE, RF, C), then within the type. */
export function orderCriteria<T extends OrderableCriterion>(criteria: readonly T[]): T[] {
  return [...criteria].sort(
    (a, b) =>
      compareRanks(typeRank(a.type), typeRank(b.type)) ||
      compareRanks(criterionRank(a), criterionRank(b)) ||
      a.code.localeCompare(b.code),
  );
}

export type ComputeIndicatorsInput = {
  criteria: readonly EngineCriterion[];
  tree: TreeLevelNode[];
  sheet: EngineSheet;
  /** The sheet prev(NAME) reads (the chosen previous sheet, else previousYearSheet's), when there is one. */
  prior?: EngineSheet | undefined;
};

/**
 * Every criterion's indicator for `sheet`, in diagnosis order. Never NaN or Infinity: a zero or negative
 * denominator, a missing aggregate, a missing previous sheet or a formula that no longer parses gives
 * value null with the reason.
 */
export function computeIndicators(input: ComputeIndicatorsInput): Indicator[] {
  const nodes = new Map(treeNodes(input.tree).map((node) => [node.code, node]));
  const flows = flowCodes(input.tree);
  const currentSheet = withPeriodResult(input.sheet, input.tree);
  const priorSheet = input.prior ? withPeriodResult(input.prior, input.tree) : undefined;
  const current = formulaValues(currentSheet.sheet, flows);
  const previous = priorSheet ? formulaValues(priorSheet.sheet, flows) : undefined;
  const known = new Set([...nodes.keys(), ...input.sheet.values.keys()]);
  const sheetAnnualised = annualisationFactor(input.sheet).isAnnualised;
  const priorAnnualised = input.prior ? annualisationFactor(input.prior).isAnnualised : false;

  return orderCriteria(input.criteria).map((criterion) => {
    const base = {
      criterionId: criterion.id,
      code: criterion.code,
      description: criterion.description,
      formula: criterion.formula,
      recommendation: criterion.recommendation,
      ratioOrder: criterion.sortOrder,
      isApplicationCriterion: criterion.isApplicationCriterion,
      type: { code: criterion.type.code, description: criterion.type.description },
      target: { comparison: criterion.targetComparison, value: criterion.targetValue },
    };
    const parsed = parseFormula(criterion.formula, { knownNames: known });
    if (!parsed.ok) {
      return {
        ...base,
        value: null,
        reason: { key: 'invalidFormula' as const },
        passed: null,
        annualised: false,
        inputs: [],
      };
    }
    const used: Array<{ name: string; period: 'current' | 'previous' }> = [];
    namesOf(parsed.ast, used);
    const seen = new Set<string>();
    const inputs: IndicatorInput[] = [];
    let annualised = false;
    for (const { name, period } of used) {
      const key = `${period}:${name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const node = nodes.get(name);
      const source = period === 'current' ? currentSheet : priorSheet;
      const seenValues = period === 'current' ? current : previous;
      const isScaled = flows.has(name) && (period === 'current' ? sheetAnnualised : priorAnnualised);
      if (isScaled) annualised = true;
      inputs.push({
        name,
        period,
        description: node?.description ?? null,
        accountCodes: node?.accountCodes ?? [],
        value: source?.sheet.values.get(name) ?? null,
        annualisedValue: isScaled ? (seenValues?.get(name) ?? null) : null,
        periodResultAdded: source?.added.get(name) ?? null,
      });
    }
    const result = evaluateFormula(parsed.ast, previous ? { current, previous } : { current });
    if (!result.ok) {
      return {
        ...base,
        value: null,
        reason: result.name ? { key: result.reason, name: result.name } : { key: result.reason },
        passed: null,
        annualised,
        inputs,
      };
    }
    const target = Decimal.fromString(criterion.targetValue);
    return {
      ...base,
      value: result.value,
      reason: null,
      passed: compareWithTarget(result.value, criterion.targetComparison, target),
      annualised,
      inputs,
    };
  });
}

export type Change = { percent: Decimal; direction: 'up' | 'down' | 'flat' };

const HUNDRED = Decimal.fromInteger(100);

/**
 * The percentage change from `previous` to `current`: (current − previous) / |previous| × 100, rounded to
 * 1 decimal; a zero previous value gives 100.0 (a rise), -100.0 (a fall) or 0.0 (no change). The direction
 * drives the up or down arrow. Null when either value is not computable.
 */
export function percentageChange(current: Decimal | null, previous: Decimal | null): Change | null {
  if (current === null || previous === null) return null;
  const c = current.cmp(previous);
  const direction = c > 0 ? 'up' : c < 0 ? 'down' : 'flat';
  if (previous.isZero()) {
    const percent = c > 0 ? HUNDRED : c < 0 ? HUNDRED.neg() : Decimal.ZERO;
    return { percent: percent.round(1), direction };
  }
  // One exact division rounded once: rounding the ratio first could tip a value just below .x5 over it.
  const percent = current.sub(previous).mul(HUNDRED).div(previous.abs(), 1);
  return { percent, direction };
}
