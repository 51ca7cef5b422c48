import { periodResultInEquity } from '../balance-sheets/closing.ts';
import { type TreeLevelNode, treeNodes } from '../balance-sheets/tree.ts';
import { Decimal } from '../decimal.ts';
import { compareWithTarget, evaluateFormula, type FormulaNode, parseFormula } from '../formula.ts';
import type { TargetComparison } from '../schemas/reference.ts';
import {
  annualisationFactor,
  type ComputeIndicatorsInput,
  type EngineSheet,
  flowCodes,
  type NotComputableReason,
  orderCriteria,
} from './engine.ts';
import { type Diagnosis, WHAT_IF_FIGURES, type WhatIfFigure } from './schemas.ts';

/**
 * The what-if simulator: for each criterion a diagnosed sheet fails, the smallest single change of one figure
 * that makes it pass (a lever), and the recomputation of every criterion after any set of changes (the slider in
 * the browser runs the same function as the server, so the two never disagree).
 *
 * It works on the aggregates the formulas read: every node's value as read (the period's result in equity for a
 * sheet taken before closing, periodResultInEquity), before annualisation; the engine's annualisation of flows
 * (× 12 / months) is applied after the changes, exactly as computeIndicators does. The previous sheet (prev())
 * is never changed.
 *
 * The figures and what each moves by the books (node codes of the seeded self-diagnosis tree, docs/seed-data.md;
 * each change x is added to the node and to every ancestor the sheet has, so parents stay the sum of their
 * children and AT = CP + PT still holds):
 * - capitalInjection (x ≥ 0): new capital paid in cash: Capital (CAP → CPC → CP) and bank deposits
 *   (DO → CX → AC → AT) both rise by x; so net financial debt (DF_NC + DF_C − CX) falls by x as well.
 * - ebitda (x ≥ 0): lower operating expenses (FSE → GEXP → GAST fall by x), so EBITDA and the net result rise by
 *   x; the result is equity (RLPER → CPR → CP rise by x) and the expenses not incurred are payables not owed
 *   (FORN → PC → PT fall by x). Assets, turnover and net financial debt are unchanged.
 * - netResult (x ≥ 0): lower expenses below EBITDA (JUR → GAST fall by x): the net result and equity
 *   (RLPER → CPR → CP) rise by x, other payables (OCP → PC → PT) fall by x; EBITDA and assets are unchanged.
 * - turnover (x ≥ 0): more sales at the same costs (VENDAS → VN → REXP → REND rise by x), so EBITDA and the net
 *   result rise by x too; equity (RLPER → CPR → CP) rises by x, and so do the receivables from those sales
 *   (CLI → AC → AT): not yet collected, so net financial debt is unchanged.
 * - netFinancialDebt (x ≤ 0 for a lever): borrowings repaid from receivables collected (DF_C → PC → PT and
 *   CLI → AC → AT both change by x); EBITDA and equity are unchanged.
 *
 * A higher result raises equity whether the sheet was taken before or after the closing entries. Before closing,
 * the result is still in classes 6 and 7 and the engine counts it in equity (periodResultInEquity); after
 * closing, it has been transferred to 818 (Resultado líquido do período), which is part of Capital próprio. Either
 * way the result of the period belongs to equity at the end date, so a result x higher is an equity x higher,
 * and working on the values as read moves RLPER in both cases (the engine's period-result heuristic is not run
 * again on the changed values: a changed result that happened to equal the amount booked on 818 would otherwise
 * be taken for a closed sheet and dropped from equity).
 *
 * Sub-annual sheets: a lever is stated in the sheet's own period amounts (a quarter's EBITDA x higher); the
 * engine annualises the changed flows before comparing with the annual targets, and equity moves by the
 * un-annualised amount, since it is a stock at the end date.
 *
 * Each lever is the smallest change in whole escudos (exact; rounded up to the escudo in the direction that
 * passes): where the criterion is linear in the figure (a linear expression, or the quotient of two) it is
 * solved exactly; otherwise (min, max, abs, products) it is found by bisection on whole escudos. Either way the
 * lever is checked by recomputing the criterion: it passes with the change and fails with one escudo less.
 */

/** The direction of each figure's lever: +1 raises it, −1 lowers it. */
export const WHAT_IF_DIRECTION: Record<WhatIfFigure, 1 | -1> = {
  capitalInjection: 1,
  ebitda: 1,
  netFinancialDebt: -1,
  netResult: 1,
  turnover: 1,
};

type Move = { sign: 1 | -1; codes: readonly string[] };

const EQUITY_RESULT: Move = { sign: 1, codes: ['RLPER', 'CPR', 'CP'] };

/** The nodes each figure moves, leaf first, with the sign of the move relative to the change. */
export const WHAT_IF_MOVES: Record<WhatIfFigure, readonly Move[]> = {
  capitalInjection: [
    { sign: 1, codes: ['CAP', 'CPC', 'CP'] },
    { sign: 1, codes: ['DO', 'CX', 'AC', 'AT'] },
  ],
  ebitda: [
    { sign: -1, codes: ['FSE', 'GEXP', 'GAST'] },
    EQUITY_RESULT,
    { sign: -1, codes: ['FORN', 'PC', 'PT'] },
  ],
  netResult: [{ sign: -1, codes: ['JUR', 'GAST'] }, EQUITY_RESULT, { sign: -1, codes: ['OCP', 'PC', 'PT'] }],
  turnover: [
    { sign: 1, codes: ['VENDAS', 'VN', 'REXP', 'REND'] },
    EQUITY_RESULT,
    { sign: 1, codes: ['CLI', 'AC', 'AT'] },
  ],
  netFinancialDebt: [
    { sign: 1, codes: ['DF_C', 'PC', 'PT'] },
    { sign: 1, codes: ['CLI', 'AC', 'AT'] },
  ],
};

/**
 * The figures whose levers the application criteria show (seeded codes): for financial autonomy the capital
 * injection; for net financial debt / EBITDA the EBITDA (debt unchanged) and the debt (EBITDA unchanged).
 * Other criteria get every figure that moves an aggregate their formula reads.
 */
export const APPLICATION_LEVER_FIGURES: Readonly<Record<string, readonly WhatIfFigure[]>> = {
  RLP: ['netResult'],
  EBITDA: ['ebitda'],
  EBITDA_2A: ['ebitda'],
  DFL_EBITDA: ['ebitda', 'netFinancialDebt'],
  RCP: ['netResult'],
  AF: ['capitalInjection'],
  EBITDA_AT: ['ebitda'],
  EBITDA_VN: ['ebitda', 'turnover'],
};

export type WhatIfCriterion = {
  code: string;
  formula: string;
  targetComparison: TargetComparison;
  targetValue: string;
};

type ParsedCriterion = WhatIfCriterion & {
  ast: FormulaNode | null;
  /** Names read in the current period. */
  names: ReadonlySet<string>;
  target: Decimal;
};

/** What the simulator needs of a diagnosed sheet; build it with whatIfModel or whatIfModelOfDiagnosis. */
export type WhatIfModel = {
  criteria: readonly ParsedCriterion[];
  /** Each aggregate's value as read (period's result in equity), before annualisation. */
  current: ReadonlyMap<string, Decimal>;
  /** The previous sheet's values as the formulas read them (annualised where the engine does). */
  previous: ReadonlyMap<string, Decimal> | null;
  /** The codes annualised in the current sheet (flows of a sub-annual period); empty for a year. */
  annualised: ReadonlySet<string>;
  /** Calendar months of the current sheet's period. */
  months: number;
};

export type WhatIfChanges = Partial<Record<WhatIfFigure, Decimal>>;

export type WhatIfOutcome = {
  code: string;
  value: Decimal | null;
  passed: boolean | null;
  reason: NotComputableReason | null;
};

export type ComputedLever = { figure: WhatIfFigure; change: Decimal; resultingValue: Decimal };

export type WhatIfCriterionLevers = {
  code: string;
  value: Decimal | null;
  passed: boolean | null;
  levers: ComputedLever[];
};

function currentNames(ast: FormulaNode, out: Set<string>): void {
  switch (ast.kind) {
    case 'name':
      out.add(ast.name);
      return;
    case 'unary':
      currentNames(ast.operand, out);
      return;
    case 'binary':
      currentNames(ast.left, out);
      currentNames(ast.right, out);
      return;
    case 'call':
      for (const arg of ast.args) currentNames(arg, out);
      return;
    default:
      return;
  }
}

function parseCriteria(criteria: readonly WhatIfCriterion[], known: ReadonlySet<string>): ParsedCriterion[] {
  return criteria.map((criterion) => {
    const parsed = parseFormula(criterion.formula, { knownNames: known });
    const names = new Set<string>();
    if (parsed.ok) currentNames(parsed.ast, names);
    return {
      code: criterion.code,
      formula: criterion.formula,
      targetComparison: criterion.targetComparison,
      targetValue: criterion.targetValue,
      ast: parsed.ok ? parsed.ast : null,
      names,
      target: Decimal.fromString(criterion.targetValue),
    };
  });
}

const TWELVE = Decimal.fromInteger(12);

/** value × 12 / months, exactly as the engine annualises a flow. */
function annualise(value: Decimal, months: number): Decimal {
  return value.mul(TWELVE).div(Decimal.fromInteger(months));
}

function readValues(sheet: EngineSheet, tree: TreeLevelNode[]): Map<string, Decimal> {
  return periodResultInEquity(tree, sheet.values).values;
}

/** The model of a sheet from the engine's inputs (the criteria, the tree, the sheet and the one prev() reads). */
export function whatIfModel(input: ComputeIndicatorsInput): WhatIfModel {
  const flows = flowCodes(input.tree);
  const current = readValues(input.sheet, input.tree);
  const { months, isAnnualised } = annualisationFactor(input.sheet);
  let previous: Map<string, Decimal> | null = null;
  if (input.prior) {
    const prior = annualisationFactor(input.prior);
    previous = new Map();
    for (const [code, value] of readValues(input.prior, input.tree)) {
      previous.set(code, prior.isAnnualised && flows.has(code) ? annualise(value, prior.months) : value);
    }
  }
  const known = new Set([...treeNodes(input.tree).map((node) => node.code), ...input.sheet.values.keys()]);
  return {
    criteria: parseCriteria(orderCriteria(input.criteria), known),
    current,
    previous,
    annualised: isAnnualised ? new Set([...flows].filter((code) => current.has(code))) : new Set(),
    months,
  };
}

/**
 * The model of a saved diagnosis, from its snapshot alone (what the browser holds): every indicator's formula and
 * target, and the inputs it read (the values as read, annualisedValue set where the engine annualised).
 */
export function whatIfModelOfDiagnosis(
  diagnosis: Pick<Diagnosis, 'annualisedMonths' | 'currentAutoFinancialIndicators'>,
): WhatIfModel {
  const current = new Map<string, Decimal>();
  const previous = new Map<string, Decimal>();
  const annualised = new Set<string>();
  const known = new Set<string>();
  let hasPrevious = false;
  for (const indicator of diagnosis.currentAutoFinancialIndicators) {
    for (const input of indicator.inputs) {
      known.add(input.name);
      if (input.period === 'previous') {
        hasPrevious = true;
        const value = input.annualisedValue ?? input.value;
        if (value !== null) previous.set(input.name, Decimal.fromString(value));
        continue;
      }
      if (input.value !== null) current.set(input.name, Decimal.fromString(input.value));
      if (input.annualisedValue !== null) annualised.add(input.name);
    }
  }
  return {
    criteria: parseCriteria(
      diagnosis.currentAutoFinancialIndicators.map((indicator) => ({
        code: indicator.criterion.code,
        formula: indicator.criterion.ratio,
        targetComparison: indicator.target.comparison,
        targetValue: indicator.target.value,
      })),
      known,
    ),
    current,
    previous: hasPrevious ? previous : null,
    annualised,
    months: diagnosis.annualisedMonths ?? 12,
  };
}

/** The current values after the changes (as read, before annualisation). */
export function changedValues(model: WhatIfModel, changes: WhatIfChanges): Map<string, Decimal> {
  const out = new Map(model.current);
  for (const figure of WHAT_IF_FIGURES) {
    const change = changes[figure];
    if (!change || change.isZero()) continue;
    for (const move of WHAT_IF_MOVES[figure]) {
      const amount = move.sign === 1 ? change : change.neg();
      for (const code of move.codes) {
        const value = out.get(code);
        if (value !== undefined) out.set(code, value.add(amount));
      }
    }
  }
  return out;
}

function formulaValues(model: WhatIfModel, values: ReadonlyMap<string, Decimal>): Map<string, Decimal> {
  if (model.annualised.size === 0) return new Map(values);
  const out = new Map<string, Decimal>();
  for (const [code, value] of values) {
    out.set(code, model.annualised.has(code) ? annualise(value, model.months) : value);
  }
  return out;
}

function outcomeOf(
  criterion: ParsedCriterion,
  model: WhatIfModel,
  values: Map<string, Decimal>,
): WhatIfOutcome {
  if (!criterion.ast) return { code: criterion.code, value: null, passed: null, reason: 'invalidFormula' };
  const result = evaluateFormula(
    criterion.ast,
    model.previous ? { current: values, previous: model.previous } : { current: values },
  );
  if (!result.ok) return { code: criterion.code, value: null, passed: null, reason: result.reason };
  return {
    code: criterion.code,
    value: result.value,
    passed: compareWithTarget(result.value, criterion.targetComparison, criterion.target),
    reason: null,
  };
}

/**
 * Every criterion recomputed after the changes (each figure's signed amount in escudos of the sheet's period),
 * in the diagnosis order. With no change it gives the diagnosis's own values.
 */
export function simulateWhatIf(model: WhatIfModel, changes: WhatIfChanges = {}): WhatIfOutcome[] {
  const values = formulaValues(model, changedValues(model, changes));
  return model.criteria.map((criterion) => outcomeOf(criterion, model, values));
}

function evaluateOne(model: WhatIfModel, criterion: ParsedCriterion, figure: WhatIfFigure, change: Decimal) {
  return outcomeOf(criterion, model, formulaValues(model, changedValues(model, { [figure]: change })));
}

// ---- exact linear solving ----

/** An exact rational n / d, d > 0. */
type Q = { n: bigint; d: bigint };
const absBig = (x: bigint) => (x < 0n ? -x : x);
function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [absBig(a), absBig(b)];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}
function q(n: bigint, d = 1n): Q {
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
}
const qOf = (value: Decimal): Q => q(value.units, 10n ** BigInt(value.scale));
const qAdd = (a: Q, b: Q) => q(a.n * b.d + b.n * a.d, a.d * b.d);
const qSub = (a: Q, b: Q) => q(a.n * b.d - b.n * a.d, a.d * b.d);
const qMul = (a: Q, b: Q) => q(a.n * b.n, a.d * b.d);
const qDiv = (a: Q, b: Q) => q(a.n * b.d, a.d * b.n);
const ZERO_Q: Q = { n: 0n, d: 1n };

/** a + b·x */
type Affine = { a: Q; b: Q };
/** num / den, den absent for a plain affine expression. */
type Linear = { num: Affine; den: Affine | null };

class NotLinear extends Error {}

function affine(node: FormulaNode, at: (name: string) => Affine, previous: (name: string) => Q): Affine {
  switch (node.kind) {
    case 'number':
      return { a: qOf(Decimal.fromString(node.value)), b: ZERO_Q };
    case 'name':
      return at(node.name);
    case 'prev':
      return { a: previous(node.name), b: ZERO_Q };
    case 'unary': {
      const inner = affine(node.operand, at, previous);
      return { a: q(-inner.a.n, inner.a.d), b: q(-inner.b.n, inner.b.d) };
    }
    case 'binary': {
      const l = affine(node.left, at, previous);
      const r = affine(node.right, at, previous);
      switch (node.op) {
        case '+':
          return { a: qAdd(l.a, r.a), b: qAdd(l.b, r.b) };
        case '-':
          return { a: qSub(l.a, r.a), b: qSub(l.b, r.b) };
        case '*':
          if (l.b.n === 0n) return { a: qMul(l.a, r.a), b: qMul(l.a, r.b) };
          if (r.b.n === 0n) return { a: qMul(l.a, r.a), b: qMul(l.b, r.a) };
          throw new NotLinear();
        case '/':
          if (r.b.n !== 0n || r.a.n === 0n) throw new NotLinear();
          return { a: qDiv(l.a, r.a), b: qDiv(l.b, r.a) };
      }
      throw new NotLinear();
    }
    case 'call':
      throw new NotLinear();
  }
}

/** The criterion as a linear function of the figure's change, or null when it is not one (or misses a value). */
function linearForm(model: WhatIfModel, criterion: ParsedCriterion, figure: WhatIfFigure): Linear | null {
  if (!criterion.ast) return null;
  const slope = new Map<string, Q>();
  for (const move of WHAT_IF_MOVES[figure]) {
    for (const code of move.codes) {
      const scale = model.annualised.has(code) ? q(12n, BigInt(model.months)) : q(1n);
      slope.set(code, qAdd(slope.get(code) ?? ZERO_Q, q(BigInt(move.sign) * scale.n, scale.d)));
    }
  }
  const base = formulaValues(model, model.current);
  const at = (name: string): Affine => {
    const value = base.get(name);
    if (value === undefined) throw new NotLinear();
    return { a: qOf(value), b: slope.get(name) ?? ZERO_Q };
  };
  const previous = (name: string): Q => {
    const value = model.previous?.get(name);
    if (value === undefined) throw new NotLinear();
    return qOf(value);
  };
  try {
    const ast = criterion.ast;
    if (ast.kind === 'binary' && ast.op === '/') {
      return { num: affine(ast.left, at, previous), den: affine(ast.right, at, previous) };
    }
    return { num: affine(ast, at, previous), den: null };
  } catch (error) {
    if (error instanceof NotLinear) return null;
    throw error;
  }
}

const floorQ = (x: Q): bigint => (x.n >= 0n ? x.n / x.d : -((-x.n + x.d - 1n) / x.d));
const ceilQ = (x: Q): bigint => -floorQ(q(-x.n, x.d));

/**
 * The smallest whole k ≥ 0 with p + r·k (op) 0 for every condition, or null when none: each condition is a
 * lower or an upper bound on k.
 */
function smallestK(conditions: ReadonlyArray<{ p: Q; r: Q; strict: boolean }>): bigint | null {
  let lower = 0n;
  let upper: bigint | null = null;
  for (const { p, r, strict } of conditions) {
    if (r.n === 0n) {
      if (p.n < 0n || (strict && p.n === 0n)) return null;
      continue;
    }
    const root = qDiv(q(-p.n, p.d), r); // p + r·k = 0
    if (r.n > 0n) {
      const bound = strict ? floorQ(root) + 1n : ceilQ(root);
      if (bound > lower) lower = bound;
    } else {
      const bound = strict ? ceilQ(root) - 1n : floorQ(root);
      if (upper === null || bound < upper) upper = bound;
    }
  }
  return upper !== null && lower > upper ? null : lower;
}

/** The linear solution for k (the change is direction·k), or undefined when the criterion is not linear. */
function solveLinear(
  model: WhatIfModel,
  criterion: ParsedCriterion,
  figure: WhatIfFigure,
): bigint | null | undefined {
  const form = linearForm(model, criterion, figure);
  if (!form || criterion.targetComparison === '=') return undefined;
  const s = BigInt(WHAT_IF_DIRECTION[figure]);
  const t = qOf(criterion.target);
  const den = form.den ?? { a: q(1n), b: ZERO_Q };
  // g(x) = num(x) − t·den(x); the criterion holds when g (op) 0 and den(x) > 0.
  const g = { a: qSub(form.num.a, qMul(t, den.a)), b: qSub(form.num.b, qMul(t, den.b)) };
  const inK = (f: Affine) => ({ p: f.a, r: q(f.b.n * s, f.b.d) });
  const neg = (f: Affine): Affine => ({ a: q(-f.a.n, f.a.d), b: q(-f.b.n, f.b.d) });
  const comparison = criterion.targetComparison;
  const conditions = [
    { ...inK(comparison === '<' || comparison === '<=' ? neg(g) : g), strict: !comparison.includes('=') },
  ];
  if (form.den) conditions.push({ ...inK(form.den), strict: true });
  return smallestK(conditions);
}

/** Changes are searched up to this many escudos (far above any company's balance sheet). */
const SEARCH_LIMIT = 10n ** 15n;

function passesAt(model: WhatIfModel, criterion: ParsedCriterion, figure: WhatIfFigure, k: bigint): boolean {
  return (
    evaluateOne(model, criterion, figure, Decimal.of(k * BigInt(WHAT_IF_DIRECTION[figure]))).passed === true
  );
}

/** The smallest whole k in [1, SEARCH_LIMIT] that passes, by doubling then bisection; null when none does. */
function bisect(model: WhatIfModel, criterion: ParsedCriterion, figure: WhatIfFigure): bigint | null {
  let low = 0n; // fails
  let high = 1n;
  while (!passesAt(model, criterion, figure, high)) {
    if (high >= SEARCH_LIMIT) return null;
    low = high;
    high = high * 2n > SEARCH_LIMIT ? SEARCH_LIMIT : high * 2n;
  }
  while (high - low > 1n) {
    const middle = (low + high) / 2n;
    if (passesAt(model, criterion, figure, middle)) high = middle;
    else low = middle;
  }
  return high;
}

function leverFor(
  model: WhatIfModel,
  criterion: ParsedCriterion,
  figure: WhatIfFigure,
): ComputedLever | null {
  const solved = solveLinear(model, criterion, figure);
  let k: bigint | null;
  if (
    solved !== undefined &&
    solved !== null &&
    solved > 0n &&
    solved <= SEARCH_LIMIT &&
    passesAt(model, criterion, figure, solved) &&
    !passesAt(model, criterion, figure, solved - 1n)
  ) {
    k = solved;
  } else if (solved === null) {
    k = null;
  } else {
    k = bisect(model, criterion, figure);
  }
  if (k === null) return null;
  const change = Decimal.of(k * BigInt(WHAT_IF_DIRECTION[figure]));
  const outcome = evaluateOne(model, criterion, figure, change);
  if (outcome.passed !== true || outcome.value === null) return null;
  return { figure, change, resultingValue: outcome.value };
}

/** The figures tried for a criterion: the application criteria's own, else every figure moving a name it reads. */
export function leverFigures(criterion: { code: string; names: ReadonlySet<string> }): WhatIfFigure[] {
  const fixed = APPLICATION_LEVER_FIGURES[criterion.code];
  if (fixed) return [...fixed];
  return WHAT_IF_FIGURES.filter((figure) =>
    WHAT_IF_MOVES[figure].some((move) => move.codes.some((code) => criterion.names.has(code))),
  );
}

/**
 * Every criterion with its value and pass or fail and, when it does not pass, its levers: for each figure the
 * criterion responds to, the smallest single change (whole escudos, signed) that makes it pass with everything
 * else unchanged but what follows by the books (see above), and the criterion's value after it. A figure that no
 * change can make pass (EBITDA of the previous year below zero, a formula the figure does not reach) gives no
 * lever.
 */
export function whatIfLevers(model: WhatIfModel): WhatIfCriterionLevers[] {
  const base = simulateWhatIf(model);
  return model.criteria.map((criterion, index) => {
    const outcome = base[index] as WhatIfOutcome;
    const levers: ComputedLever[] = [];
    if (outcome.passed !== true && criterion.ast) {
      for (const figure of leverFigures(criterion)) {
        const lever = leverFor(model, criterion, figure);
        if (lever) levers.push(lever);
      }
    }
    return { code: criterion.code, value: outcome.value, passed: outcome.passed, levers };
  });
}
