import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balanceCheck, buildBalanceTree, rollUp, treeNodes } from '../balance-sheets/tree.ts';
import { Decimal } from '../decimal.ts';
import { parseFormula } from '../formula.ts';
import type { LocalizedText, SelfDiagnosisTree, TargetComparison } from '../schemas/reference.ts';
import {
  APPLICATION_CRITERION_ORDER,
  annualisationFactor,
  type ComputeIndicatorsInput,
  computeIndicators,
  type EngineCriterion,
  type EngineSheet,
  flowCodes,
  type Indicator,
  orderCriteria,
  percentageChange,
  periodMonths,
} from './engine.ts';

/**
 * The engine over the tree and the criteria a real deployment seeds (docs/seed-data.md). The seed files are
 * plain data with type-only imports; they are loaded by a computed path (as in seeded-tree.test.ts) so the
 * domain's compilation stays inside the domain. The criteria are also copied below, so each hand-computed
 * example reads next to its formula; a test checks the copy against the seed.
 */
type SeedNode = { code: string; description: LocalizedText; accountCodes: string[]; children: SeedNode[] };
type SeedCriterion = {
  code: string;
  formula: string;
  targetComparison: TargetComparison;
  targetValue: string;
  criterionTypeCode: string;
  sortOrder: number;
  isApplicationCriterion: boolean;
};
const seedUrl = (file: string) =>
  new URL(`../../../../apps/server/src/seed/seed-data/${file}`, import.meta.url).href;
const { SELF_DIAGNOSIS_TREE } = (await import(seedUrl('self-diagnosis.ts'))) as {
  SELF_DIAGNOSIS_TREE: Array<SeedNode & { nature: 'debit' | 'credit' }>;
};
const { CRITERIA: SEED_CRITERIA } = (await import(seedUrl('criteria.ts'))) as {
  CRITERIA: SeedCriterion[];
};

let sequence = 0;
const node = (seed: SeedNode, sortOrder: number) => ({
  id: `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`,
  code: seed.code,
  description: seed.description,
  sortOrder,
  accountCodes: seed.accountCodes,
});
const seeded: SelfDiagnosisTree = SELF_DIAGNOSIS_TREE.map((heading, h) => ({
  ...node(heading, h),
  nature: heading.nature,
  subHeadings: heading.children.map((subHeading, s) => ({
    ...node(subHeading, s),
    categories: subHeading.children.map((category, c) => ({
      ...node(category, c),
      subCategories: category.children.map(node),
    })),
  })),
}));
const tree = buildBalanceTree(seeded);

const d = (text: string): Decimal => Decimal.fromString(text);
const text = (s: string): LocalizedText => ({ pt: s, en: s, fr: s });
const TYPE_SORT_ORDER: Record<string, number> = { EE: 1, F: 2, L: 3, RE: 4, RF: 5, C: 6 };

/** An EngineCriterion as the server builds it from a criteria row and its type. */
function criterion(
  typeCode: string,
  sortOrder: number,
  code: string,
  formula: string,
  targetComparison: TargetComparison,
  targetValue: string,
): EngineCriterion {
  return {
    id: `criterion-${code}`,
    code,
    description: text(`${code} description`),
    formula,
    targetComparison,
    targetValue,
    recommendation: text(`${code} recommendation`),
    sortOrder,
    isApplicationCriterion: typeCode === 'C',
    type: { code: typeCode, description: text(typeCode), sortOrder: TYPE_SORT_ORDER[typeCode] ?? 99 },
  };
}

// The 25 seeded criteria (apps/server/src/seed/seed-data/criteria.ts), derived figures written out as there.
const EBITDA = '(REXP - GEXP)';
const RO = '(REXP - GEXP - DEP)';
const RL = '(REND - GAST)';
const CRITERIA: EngineCriterion[] = [
  criterion('EE', 1, 'EE_END', 'PT / AT', '<=', '0.7'),
  criterion('EE', 2, 'EE_SOLV', 'CP / PT', '>=', '0.43'),
  criterion('EE', 3, 'EE_CAP_PERM', '(CP + PNC) / ANC', '>=', '1'),
  criterion('EE', 4, 'EE_JUR_EBITDA', `JUR / ${EBITDA}`, '<=', '0.3'),
  criterion('F', 1, 'F_PMR', 'CLI / VN * 365', '<=', '60'),
  criterion('F', 2, 'F_PMP', 'FORN / (CMVMC + FSE) * 365', '<=', '60'),
  criterion('F', 3, 'F_PMI', 'INV / max(CMVMC, 1) * 365', '<=', '90'),
  criterion('F', 4, 'F_RA', 'VN / AT', '>=', '0.5'),
  criterion('L', 1, 'L_LG', 'AC / PC', '>=', '1.2'),
  criterion('L', 2, 'L_LR', '(AC - INV) / PC', '>=', '0.8'),
  criterion('L', 3, 'L_LI', 'CX / PC', '>=', '0.2'),
  criterion('L', 4, 'L_FM', 'AC - PC', '>', '0'),
  criterion('RE', 1, 'RE_ROA', `${RO} / AT`, '>=', '0.05'),
  criterion('RE', 2, 'RE_MO', `${RO} / VN`, '>=', '0.05'),
  criterion('RE', 3, 'RE_ML', `${RL} / VN`, '>=', '0.03'),
  criterion('RF', 1, 'RF_ROE', `${RL} / CP`, '>=', '0.1'),
  criterion('RF', 2, 'RF_ALAV', `(${RL} / CP) / (${RO} / AT)`, '>=', '1'),
  criterion('C', 1, 'RLP', 'REND - GAST', '>', '0'),
  criterion('C', 2, 'EBITDA', 'REXP - GEXP', '>', '0'),
  criterion('C', 3, 'EBITDA_2A', 'min(REXP - GEXP, prev(REXP) - prev(GEXP))', '>', '0'),
  criterion('C', 4, 'DFL_EBITDA', `(DF_NC + DF_C - CX) / ${EBITDA}`, '<=', '3'),
  criterion('C', 5, 'RCP', `${RL} / CP`, '>=', '0.1'),
  criterion('C', 6, 'AF', 'CP / AT', '>=', '0.375'),
  criterion('C', 7, 'EBITDA_AT', `${EBITDA} / AT`, '>=', '0.1'),
  criterion('C', 8, 'EBITDA_VN', `${EBITDA} / VN`, '>=', '0.075'),
];
const byCode = (code: string): EngineCriterion => {
  const found = CRITERIA.find((c) => c.code === code);
  if (!found) throw new Error(`no criterion ${code}`);
  return found;
};

/** The diagnosis order: types EE, F, L, RE, RF, C; application criteria in their fixed order. */
const DIAGNOSIS_ORDER = [
  'EE_END',
  'EE_SOLV',
  'EE_CAP_PERM',
  'EE_JUR_EBITDA',
  'F_PMR',
  'F_PMP',
  'F_PMI',
  'F_RA',
  'L_LG',
  'L_LR',
  'L_LI',
  'L_FM',
  'RE_ROA',
  'RE_MO',
  'RE_ML',
  'RF_ROE',
  'RF_ALAV',
  ...APPLICATION_CRITERION_ORDER,
];

const values = (entries: Record<string, string>): Map<string, Decimal> =>
  new Map(Object.entries(entries).map(([k, v]) => [k, d(v)]));

/** A sheet with every node's value rolled up from the given leaves (absent leaves are 0), as the server stores it. */
const rolledUp = (leaves: Record<string, string>): Map<string, Decimal> => rollUp(tree, values(leaves));

const annual = (year: number, sheetValues: Map<string, Decimal>): EngineSheet => ({
  startDate: `${year}-01-01`,
  endDate: `${year}-12-31`,
  frequency: 'annual',
  values: sheetValues,
});

function run(sheet: EngineSheet, prior?: EngineSheet, criteria: EngineCriterion[] = CRITERIA): Indicator[] {
  const input: ComputeIndicatorsInput = { criteria, tree, sheet, ...(prior ? { prior } : {}) };
  return computeIndicators(input);
}

function one(code: string, sheet: EngineSheet, prior?: EngineSheet): Indicator {
  const [indicator] = run(sheet, prior, [byCode(code)]);
  if (!indicator) throw new Error(`no indicator for ${code}`);
  return indicator;
}

/** value (exact text or null), reason and passed of an indicator. */
const outcome = (indicator: Indicator) => ({
  value: indicator.value?.toString() ?? null,
  reason: indicator.reason,
  passed: indicator.passed,
});

/**
 * The hand-made annual sheet (2024), leaves of the seeded tree, rolled up:
 *   Ativo AT 1 000 000 = ANC 600 000 (AFT 500 000 + AINT 100 000)
 *                      + AC 400 000 (INV 96 000 + CLI 120 000 + OCR 84 000 + CX 100 000 (DO 100 000))
 *   Capital próprio CP 400 000 = CAP 250 000 + RES 100 000 + RLPER 50 000
 *   Passivo PT 600 000 = PNC 250 000 (DF_NC 250 000)
 *                      + PC 350 000 (FORN 120 000 + EST_CRED 60 000 + DF_C 50 000 + OCP 120 000)
 *   Rendimentos REND 825 000 = REXP 820 000 (VN 800 000 (VENDAS 600 000 + PSERV 200 000) + SUBEXP 20 000)
 *                            + RFIN 5 000
 *   Gastos GAST 775 000 = GEXP 700 000 (CMVMC 480 000 + FSE 120 000 + GP 100 000)
 *                       + DEP 40 000 + JUR 15 000 + IRC 20 000
 * So AT = CP + PT, EBITDA = REXP - GEXP = 120 000, RO = EBITDA - DEP = 80 000,
 * RL = REND - GAST = 50 000 = RLPER.
 * The previous year (2023): VENDAS 700 000; CMVMC 450 000, FSE 100 000, GP 60 000; so REXP 700 000,
 * GEXP 610 000 and EBITDA 90 000.
 */
const SHEET_2024 = annual(
  2024,
  rolledUp({
    AFT: '500000',
    AINT: '100000',
    INV: '96000',
    CLI: '120000',
    OCR: '84000',
    DO: '100000',
    CAP: '250000',
    RES: '100000',
    RLPER: '50000',
    DF_NC: '250000',
    FORN: '120000',
    EST_CRED: '60000',
    DF_C: '50000',
    OCP: '120000',
    VENDAS: '600000',
    PSERV: '200000',
    SUBEXP: '20000',
    RFIN: '5000',
    CMVMC: '480000',
    FSE: '120000',
    GP: '100000',
    DEP: '40000',
    JUR: '15000',
    IRC: '20000',
  }),
);
const SHEET_2023 = annual(2023, rolledUp({ VENDAS: '700000', CMVMC: '450000', FSE: '100000', GP: '60000' }));

describe('the criteria copied into this test', () => {
  it('are the 25 seeded criteria: same codes, types, sort orders, formulas and targets', () => {
    const shape = (c: EngineCriterion) =>
      [
        c.type.code,
        c.sortOrder,
        c.code,
        c.formula,
        c.targetComparison,
        c.targetValue,
        c.isApplicationCriterion,
      ].join(' | ');
    const seedShape = (c: SeedCriterion) =>
      [
        c.criterionTypeCode,
        c.sortOrder,
        c.code,
        c.formula,
        c.targetComparison,
        c.targetValue,
        c.isApplicationCriterion,
      ].join(' | ');
    expect(CRITERIA.map(shape)).toEqual(SEED_CRITERIA.map(seedShape));
    expect(CRITERIA.filter((c) => c.type.code === 'C')).toHaveLength(8);
    expect(CRITERIA.filter((c) => c.type.code !== 'C')).toHaveLength(17);
  });

  it('only name nodes of the seeded tree', () => {
    const knownNames = new Set(treeNodes(tree).map((n) => n.code));
    for (const c of CRITERIA) expect(parseFormula(c.formula, { knownNames }).ok, c.code).toBe(true);
  });
});

describe('computeIndicators: every seeded formula on the hand-made annual sheet', () => {
  it('rolls the example up to the aggregates the comments use', () => {
    const v = (code: string) => SHEET_2024.values.get(code)?.toString();
    const codes = ['AT', 'ANC', 'AC', 'CX', 'CP', 'PT', 'PNC', 'PC', 'REND', 'REXP', 'VN', 'GAST', 'GEXP'];
    expect(codes.map(v)).toEqual([
      '1000000',
      '600000',
      '400000',
      '100000',
      '400000',
      '600000',
      '250000',
      '350000',
      '825000',
      '820000',
      '800000',
      '775000',
      '700000',
    ]);
    expect(['REXP', 'GEXP'].map((code) => SHEET_2023.values.get(code)?.toString())).toEqual([
      '700000',
      '610000',
    ]);
  });

  // Divisions keep 20 fractional digits, rounded half-even; +, -, * and min/max are exact.
  const EXPECTED: Array<{ code: string; value: string; passed: boolean }> = [
    // EE_END = PT / AT = 600 000 / 1 000 000 = 0.6 ≤ 0.7 → passed
    { code: 'EE_END', value: '0.6', passed: true },
    // EE_SOLV = CP / PT = 400 000 / 600 000 = 0.666…(6) → 0.66666666666666666667 (20 digits, last rounded up)
    //   ≥ 0.43 → passed
    { code: 'EE_SOLV', value: '0.66666666666666666667', passed: true },
    // EE_CAP_PERM = (CP + PNC) / ANC = (400 000 + 250 000) / 600 000 = 650 000 / 600 000 = 1.08333…(3) ≥ 1 →
    //   passed
    { code: 'EE_CAP_PERM', value: '1.08333333333333333333', passed: true },
    // EE_JUR_EBITDA = JUR / (REXP - GEXP) = 15 000 / (820 000 - 700 000) = 15 000 / 120 000 = 0.125 ≤ 0.3 →
    //   passed
    { code: 'EE_JUR_EBITDA', value: '0.125', passed: true },
    // F_PMR = CLI / VN * 365 = (120 000 / 800 000) * 365 = 0.15 * 365 = 54.75 ≤ 60 → passed
    { code: 'F_PMR', value: '54.75', passed: true },
    // F_PMP = FORN / (CMVMC + FSE) * 365 = 120 000 / (480 000 + 120 000) * 365 = 0.2 * 365 = 73 > 60 → failed
    { code: 'F_PMP', value: '73', passed: false },
    // F_PMI = INV / max(CMVMC, 1) * 365 = 96 000 / max(480 000, 1) * 365 = 0.2 * 365 = 73 ≤ 90 → passed
    { code: 'F_PMI', value: '73', passed: true },
    // F_RA = VN / AT = 800 000 / 1 000 000 = 0.8 ≥ 0.5 → passed
    { code: 'F_RA', value: '0.8', passed: true },
    // L_LG = AC / PC = 400 000 / 350 000 = 8/7 = 1.142857142857142857142857… → 1.14285714285714285714 < 1.2 →
    //   failed
    { code: 'L_LG', value: '1.14285714285714285714', passed: false },
    // L_LR = (AC - INV) / PC = (400 000 - 96 000) / 350 000 = 304 000 / 350 000 = 0.868571428571428571428571…
    //      → 0.86857142857142857143 ≥ 0.8 → passed
    { code: 'L_LR', value: '0.86857142857142857143', passed: true },
    // L_LI = CX / PC = 100 000 / 350 000 = 2/7 = 0.285714285714285714285714… → 0.28571428571428571429 ≥ 0.2 →
    //   passed
    { code: 'L_LI', value: '0.28571428571428571429', passed: true },
    // L_FM = AC - PC = 400 000 - 350 000 = 50 000 > 0 → passed
    { code: 'L_FM', value: '50000', passed: true },
    // RE_ROA = (REXP - GEXP - DEP) / AT = (820 000 - 700 000 - 40 000) / 1 000 000 = 80 000 / 1 000 000 =
    //   0.08 ≥ 0.05 → passed
    { code: 'RE_ROA', value: '0.08', passed: true },
    // RE_MO = (REXP - GEXP - DEP) / VN = 80 000 / 800 000 = 0.1 ≥ 0.05 → passed
    { code: 'RE_MO', value: '0.1', passed: true },
    // RE_ML = (REND - GAST) / VN = (825 000 - 775 000) / 800 000 = 50 000 / 800 000 = 0.0625 ≥ 0.03 → passed
    { code: 'RE_ML', value: '0.0625', passed: true },
    // RF_ROE = (REND - GAST) / CP = 50 000 / 400 000 = 0.125 ≥ 0.1 → passed
    { code: 'RF_ROE', value: '0.125', passed: true },
    // RF_ALAV = ((REND - GAST) / CP) / ((REXP - GEXP - DEP) / AT) = 0.125 / 0.08 = 1.5625 ≥ 1 → passed
    { code: 'RF_ALAV', value: '1.5625', passed: true },
    // RLP = REND - GAST = 825 000 - 775 000 = 50 000 > 0 → passed
    { code: 'RLP', value: '50000', passed: true },
    // EBITDA = REXP - GEXP = 820 000 - 700 000 = 120 000 > 0 → passed
    { code: 'EBITDA', value: '120000', passed: true },
    // EBITDA_2A = min(REXP - GEXP, prev(REXP) - prev(GEXP)) = min(120 000, 700 000 - 610 000)
    //           = min(120 000, 90 000) = 90 000 > 0 → passed
    { code: 'EBITDA_2A', value: '90000', passed: true },
    // DFL_EBITDA = (DF_NC + DF_C - CX) / (REXP - GEXP) = (250 000 + 50 000 - 100 000) / 120 000
    //            = 200 000 / 120 000 = 1.666…(6) → 1.66666666666666666667 ≤ 3 → passed
    { code: 'DFL_EBITDA', value: '1.66666666666666666667', passed: true },
    // RCP = (REND - GAST) / CP = 50 000 / 400 000 = 0.125 ≥ 0.1 → passed
    { code: 'RCP', value: '0.125', passed: true },
    // AF = CP / AT = 400 000 / 1 000 000 = 0.4 ≥ 0.375 → passed
    { code: 'AF', value: '0.4', passed: true },
    // EBITDA_AT = (REXP - GEXP) / AT = 120 000 / 1 000 000 = 0.12 ≥ 0.1 → passed
    { code: 'EBITDA_AT', value: '0.12', passed: true },
    // EBITDA_VN = (REXP - GEXP) / VN = 120 000 / 800 000 = 0.15 ≥ 0.075 → passed
    { code: 'EBITDA_VN', value: '0.15', passed: true },
  ];
  const indicators = run(SHEET_2024, SHEET_2023);
  const indicatorOf = (code: string) => indicators.find((i) => i.code === code);

  it('gives one indicator per criterion, in the diagnosis order, none annualised', () => {
    expect(EXPECTED).toHaveLength(25);
    expect(indicators.map((i) => i.code)).toEqual(DIAGNOSIS_ORDER);
    expect(indicators.every((i) => !i.annualised)).toBe(true);
  });

  it.each(EXPECTED)('$code = $value (passed: $passed)', ({ code, value, passed }) => {
    const indicator = indicatorOf(code);
    expect(indicator && outcome(indicator)).toEqual({ value, reason: null, passed });
  });

  it('carries the criterion, its type and its target into the indicator', () => {
    const af = indicatorOf('AF');
    expect(af && { ...af, value: af.value?.toString(), inputs: af.inputs.length }).toEqual({
      criterionId: 'criterion-AF',
      code: 'AF',
      description: text('AF description'),
      formula: 'CP / AT',
      recommendation: text('AF recommendation'),
      ratioOrder: 6,
      isApplicationCriterion: true,
      type: { code: 'C', description: text('C') },
      target: { comparison: '>=', value: '0.375' },
      value: '0.4',
      reason: null,
      passed: true,
      annualised: false,
      inputs: 2,
    });
  });

  it('lists the inputs behind a ratio once each, current before previous, with the node and its stored value', () => {
    const inputs = (code: string) =>
      indicatorOf(code)?.inputs.map((input) => `${input.period}:${input.name}=${input.value?.toString()}`);
    expect(inputs('EBITDA_2A')).toEqual([
      'current:REXP=820000',
      'current:GEXP=700000',
      'previous:REXP=700000',
      'previous:GEXP=610000',
    ]);
    // RF_ALAV names REND, GAST, CP, REXP, GEXP, DEP, AT: each once.
    expect(inputs('RF_ALAV')).toEqual([
      'current:REND=825000',
      'current:GAST=775000',
      'current:CP=400000',
      'current:REXP=820000',
      'current:GEXP=700000',
      'current:DEP=40000',
      'current:AT=1000000',
    ]);
    const cx = indicatorOf('DFL_EBITDA')?.inputs.find((input) => input.name === 'CX');
    expect(cx?.description?.pt).toBe('Caixa e depósitos bancários');
    expect(cx?.accountCodes).toEqual(['11', '12', '13']);
    expect(cx?.annualisedValue).toBeNull();
  });

  it('compares with the target exactly, at the boundary', () => {
    // AF = CP / AT = 375 000 / 1 000 000 = 0.375 ≥ 0.375 → passed;
    //   374 999.99 / 1 000 000 = 0.37499999 < 0.375 → failed.
    const at = (cp: string) => annual(2024, values({ CP: cp, AT: '1000000' }));
    expect(outcome(one('AF', at('375000')))).toEqual({ value: '0.375', reason: null, passed: true });
    expect(outcome(one('AF', at('374999.99')))).toEqual({ value: '0.37499999', reason: null, passed: false });
    // RLP = REND - GAST = 100 - 100 = 0, not > 0 → failed.
    expect(outcome(one('RLP', annual(2024, values({ REND: '100', GAST: '100' }))))).toEqual({
      value: '0',
      reason: null,
      passed: false,
    });
  });
});

describe('computeIndicators: guard rails (never NaN, Infinity or a throw)', () => {
  const sheet = (leaves: Record<string, string>) => annual(2024, rolledUp(leaves));

  it('gives value null, reason divisionByZero and passed null for a zero denominator', () => {
    // AF = CP / AT with AT = 0 (an empty balance sheet).
    expect(outcome(one('AF', sheet({ CAP: '1000' })))).toEqual({
      value: null,
      reason: { key: 'divisionByZero' },
      passed: null,
    });
    // DFL_EBITDA = (DF_NC + DF_C - CX) / (REXP - GEXP) with REXP = GEXP = 500: EBITDA 0.
    expect(outcome(one('DFL_EBITDA', sheet({ DF_C: '100', VENDAS: '500', CMVMC: '500' })))).toEqual({
      value: null,
      reason: { key: 'divisionByZero' },
      passed: null,
    });
    // RF_ALAV: RO = REXP - GEXP - DEP = 500 - 400 - 100 = 0, so RO / AT = 0 / 1 000 = 0 is the zero
    // denominator of the outer division.
    const alav = sheet({ AFT: '1000', CAP: '1000', VENDAS: '500', CMVMC: '400', DEP: '100' });
    expect(outcome(one('RF_ALAV', alav))).toEqual({
      value: null,
      reason: { key: 'divisionByZero' },
      passed: null,
    });
  });

  it('gives negativeDenominator for a negative denominator (negative equity, negative EBITDA)', () => {
    // RCP = (REND - GAST) / CP with RL = 2 000 - 1 000 = 1 000 > 0 and CP = CAP 1 000 + RT -5 000 + the
    // period's result 1 000 (a sheet before closing) = -3 000.
    const negativeEquity = sheet({ CAP: '1000', RT: '-5000', VENDAS: '2000', FSE: '1000' });
    expect(outcome(one('RCP', negativeEquity))).toEqual({
      value: null,
      reason: { key: 'negativeDenominator' },
      passed: null,
    });
    // DFL_EBITDA with EBITDA = 500 - 800 = -300: net cash is not a reason to pass a loss-making company.
    expect(outcome(one('DFL_EBITDA', sheet({ DO: '1000', VENDAS: '500', GP: '800' })))).toEqual({
      value: null,
      reason: { key: 'negativeDenominator' },
      passed: null,
    });
  });

  it('lets a negative numerator through: net cash gives a negative DFL_EBITDA that passes', () => {
    // (DF_NC + DF_C - CX) / (REXP - GEXP) = (0 + 100 - 1 100) / (1 000 - 600) = -1 000 / 400 = -2.5 ≤ 3 →
    //   passed
    const netCash = sheet({ DF_C: '100', DO: '1100', VENDAS: '1000', FSE: '600' });
    expect(outcome(one('DFL_EBITDA', netCash))).toEqual({ value: '-2.5', reason: null, passed: true });
  });

  it('needs no purchases for F_PMI and no interest for EE_JUR_EBITDA', () => {
    // F_PMI = INV / max(CMVMC, 1) * 365 = 0 / max(0, 1) * 365 = 0 ≤ 90 → passed (a service company)
    expect(outcome(one('F_PMI', sheet({ PSERV: '1000', FSE: '300' })))).toEqual({
      value: '0',
      reason: null,
      passed: true,
    });
    // EE_JUR_EBITDA = JUR / (REXP - GEXP) = 0 / (1 000 - 300) = 0 ≤ 0.3 → passed
    expect(outcome(one('EE_JUR_EBITDA', sheet({ PSERV: '1000', FSE: '300' })))).toEqual({
      value: '0',
      reason: null,
      passed: true,
    });
  });

  it('gives missingValue with the name for an aggregate the sheet lacks (the first from the left)', () => {
    const partial = annual(2024, values({ AT: '1000', CP: '400' }));
    const raTurnover = one('F_RA', partial);
    expect(outcome(raTurnover)).toEqual({
      value: null,
      reason: { key: 'missingValue', name: 'VN' },
      passed: null,
    });
    expect(raTurnover.inputs.map((input) => [input.name, input.value?.toString() ?? null])).toEqual([
      ['VN', null],
      ['AT', '1000'],
    ]);
    // DFL_EBITDA: DF_NC is the first name, and missing.
    expect(one('DFL_EBITDA', partial).reason).toEqual({ key: 'missingValue', name: 'DF_NC' });
    expect(outcome(one('AF', partial))).toEqual({ value: '0.4', reason: null, passed: true });
  });

  it('gives missingPrevious for prev() without a prior sheet, or with a prior sheet that lacks the value', () => {
    expect(outcome(one('EBITDA_2A', SHEET_2024))).toEqual({
      value: null,
      reason: { key: 'missingPrevious', name: 'REXP' },
      passed: null,
    });
    const priorWithoutGexp = annual(2023, values({ REXP: '700000' }));
    expect(outcome(one('EBITDA_2A', SHEET_2024, priorWithoutGexp))).toEqual({
      value: null,
      reason: { key: 'missingPrevious', name: 'GEXP' },
      passed: null,
    });
    // Without a prior sheet the previous inputs are listed with no value.
    const inputs = one('EBITDA_2A', SHEET_2024).inputs;
    expect(inputs.filter((input) => input.period === 'previous').map((input) => input.value)).toEqual([
      null,
      null,
    ]);
  });

  it('gives invalidFormula for a formula that no longer parses (unknown name, syntax), with no inputs', () => {
    for (const formula of ['CP / NOPE', 'CP / prev(NOPE)', '(CP / AT', 'CP // AT', 'foo(CP)', '']) {
      const broken = { ...byCode('AF'), formula };
      const [indicator] = run(SHEET_2024, SHEET_2023, [broken]);
      expect(
        indicator && { ...outcome(indicator), inputs: indicator.inputs, formula: indicator.formula },
      ).toEqual({
        value: null,
        reason: { key: 'invalidFormula' },
        passed: null,
        inputs: [],
        formula,
      });
    }
  });

  it('computes the rest of a diagnosis when some criteria are not computable', () => {
    const empty = annual(2024, new Map());
    const indicators = run(empty, undefined, [
      ...CRITERIA,
      { ...byCode('AF'), id: 'x', code: 'BROKEN', formula: '(' },
    ]);
    expect(indicators).toHaveLength(26);
    expect(indicators.every((i) => i.value === null && i.passed === null && i.reason !== null)).toBe(true);
    // Every node present and 0: the differences are 0 (computable, not > 0), F_PMI = 0 / max(0, 1) * 365 = 0
    // (passes), every other ratio divides by 0.
    const zeros = run(annual(2024, rolledUp({})), annual(2023, rolledUp({})));
    const computable = zeros.filter((i) => i.value !== null).map((i) => `${i.code}=${i.value?.toString()}`);
    expect(computable).toEqual(['F_PMI=0', 'L_FM=0', 'RLP=0', 'EBITDA=0', 'EBITDA_2A=0']);
    expect(zeros.filter((i) => i.passed === true).map((i) => i.code)).toEqual(['F_PMI']);
    expect(new Set(zeros.filter((i) => i.value === null).map((i) => i.reason?.key))).toEqual(
      new Set(['divisionByZero']),
    );
  });
});

describe('computeIndicators: equity on a trial balance taken before closing', () => {
  /**
   * Balance-sheet leaves shared by the examples: Capital próprio stored CAP 1 000 000 + RT 200 000 = 1 200 000,
   * RLPER (818) empty; Passivo PT 1 500 000 = DF_NC 1 000 000 + FORN 500 000. Each example picks Ativo (AFT + DO)
   * so the sheet passes the balance check, which counts the result still in the income statement as equity:
   * AT = 1 200 000 + PT 1 500 000 + (REND - GAST).
   */
  const STOCKS = { CAP: '1000000', RT: '200000', DF_NC: '1000000', FORN: '500000' };
  const sheet = (leaves: Record<string, string>): EngineSheet =>
    annual(2024, rolledUp({ ...STOCKS, ...leaves }));
  const checked = (values: ReadonlyMap<string, Decimal>) => balanceCheck(new Map(values), tree).status;
  /** CP as AF's formula read it: [value, periodResultAdded]. */
  const equityInput = (indicator: Indicator) => {
    const cp = indicator.inputs.find((input) => input.name === 'CP');
    return [cp?.value?.toString() ?? null, cp?.periodResultAdded?.toString() ?? null];
  };

  it('adds a profit to equity: AF and RCP read CP = 1 500 000', () => {
    // REND 2 000 000 (VENDAS) - GAST 1 700 000 (CMVMC 1 200 000 + FSE 500 000) = 300 000.
    // AT 3 000 000 (AFT 2 000 000 + DO 1 000 000) = 1 200 000 + 1 500 000 + 300 000: balanced.
    // CP = 1 200 000 + 300 000 = 1 500 000, so AT 3 000 000 = CP 1 500 000 + PT 1 500 000.
    const profit = sheet({
      AFT: '2000000',
      DO: '1000000',
      VENDAS: '2000000',
      CMVMC: '1200000',
      FSE: '500000',
    });
    expect(checked(profit.values)).toBe('ok');
    const af = one('AF', profit);
    // AF = CP / AT = 1 500 000 / 3 000 000 = 0.5 ≥ 0.375 → passed (0.4 without the result)
    expect(outcome(af)).toEqual({ value: '0.5', reason: null, passed: true });
    expect(equityInput(af)).toEqual(['1500000', '300000']);
    expect(af.inputs.find((input) => input.name === 'AT')?.periodResultAdded).toBeNull();
    // RCP = (REND - GAST) / CP = 300 000 / 1 500 000 = 0.2 ≥ 0.1 → passed
    expect(outcome(one('RCP', profit))).toEqual({ value: '0.2', reason: null, passed: true });
    // EE_SOLV = CP / PT = 1 500 000 / 1 500 000 = 1 ≥ 0.43 → passed
    expect(outcome(one('EE_SOLV', profit))).toEqual({ value: '1', reason: null, passed: true });
  });

  it('takes a loss off equity', () => {
    // REND 2 000 000 - GAST 2 400 000 (CMVMC 1 900 000 + FSE 500 000) = -400 000.
    // AT 2 300 000 (AFT 2 000 000 + DO 300 000) = 1 200 000 + 1 500 000 - 400 000: balanced.
    // CP = 1 200 000 - 400 000 = 800 000.
    const loss = sheet({ AFT: '2000000', DO: '300000', VENDAS: '2000000', CMVMC: '1900000', FSE: '500000' });
    expect(checked(loss.values)).toBe('ok');
    const af = one('AF', loss);
    // AF = 800 000 / 2 300 000 = 0.347826086956521739130434… → 0.34782608695652173913 < 0.375 → failed
    //   (the stored 1 200 000 / 2 300 000 = 0.5217… would pass)
    expect(outcome(af)).toEqual({ value: '0.34782608695652173913', reason: null, passed: false });
    expect(equityInput(af)).toEqual(['800000', '-400000']);
    // RCP = -400 000 / 800 000 = -0.5 < 0.1 → failed
    expect(outcome(one('RCP', loss))).toEqual({ value: '-0.5', reason: null, passed: false });
  });

  it('shows a loss larger than equity as negative equity: RCP not computable, AF negative', () => {
    // REND 2 000 000 - GAST 3 500 000 (CMVMC 3 000 000 + FSE 500 000) = -1 500 000.
    // AT 1 200 000 (AFT 1 000 000 + DO 200 000) = 1 200 000 + 1 500 000 - 1 500 000: balanced.
    // CP = 1 200 000 - 1 500 000 = -300 000 (stored CP 1 200 000 is positive).
    const wiped = sheet({ AFT: '1000000', DO: '200000', VENDAS: '2000000', CMVMC: '3000000', FSE: '500000' });
    expect(checked(wiped.values)).toBe('ok');
    expect(wiped.values.get('CP')?.toString()).toBe('1200000');
    // RCP = -1 500 000 / -300 000: a negative denominator, not a 5.0 that passes
    expect(outcome(one('RCP', wiped))).toEqual({
      value: null,
      reason: { key: 'negativeDenominator' },
      passed: null,
    });
    // AF = -300 000 / 1 200 000 = -0.25 < 0.375 → failed
    const af = one('AF', wiped);
    expect(outcome(af)).toEqual({ value: '-0.25', reason: null, passed: false });
    expect(equityInput(af)).toEqual(['-300000', '-1500000']);
    // A loss of exactly the equity: REND 2 000 000 - GAST 3 200 000 = -1 200 000, CP = 0, AT 1 500 000 = PT.
    const zero = sheet({ AFT: '1500000', VENDAS: '2000000', CMVMC: '2700000', FSE: '500000' });
    expect(checked(zero.values)).toBe('ok');
    expect(outcome(one('RCP', zero))).toEqual({
      value: null,
      reason: { key: 'divisionByZero' },
      passed: null,
    });
    expect(outcome(one('AF', zero))).toEqual({ value: '0', reason: null, passed: false });
  });

  it('counts the result once after closing: booked on 818, the income statement settled', () => {
    // RLPER 300 000 booked, classes 6 and 7 closed (REND = GAST = 0): CP = 1 000 000 + 200 000 + 300 000
    // = 1 500 000 as stored; AT 3 000 000 = 1 500 000 + 1 500 000.
    const closed = sheet({ AFT: '2000000', DO: '1000000', RLPER: '300000' });
    expect(checked(closed.values)).toBe('ok');
    const af = one('AF', closed);
    // AF = 1 500 000 / 3 000 000 = 0.5, as before closing
    expect(outcome(af)).toEqual({ value: '0.5', reason: null, passed: true });
    expect(equityInput(af)).toEqual(['1500000', null]);
    // RCP = (0 - 0) / 1 500 000 = 0: the flows are gone from a closed sheet
    expect(outcome(one('RCP', closed))).toEqual({ value: '0', reason: null, passed: false });
    // The closed balance sheet entered beside its income statement (RLPER 300 000 = REND 2 000 000 - GAST
    // 1 700 000): counted once, CP 1 500 000, RCP = 300 000 / 1 500 000 = 0.2.
    const both = sheet({
      AFT: '2000000',
      DO: '1000000',
      RLPER: '300000',
      VENDAS: '2000000',
      CMVMC: '1200000',
      FSE: '500000',
    });
    expect(equityInput(one('AF', both))).toEqual(['1500000', null]);
    expect(outcome(one('AF', both))).toEqual({ value: '0.5', reason: null, passed: true });
    expect(outcome(one('RCP', both))).toEqual({ value: '0.2', reason: null, passed: true });
  });

  it("adds a quarter's own result to equity, while the formulas annualise the flows", () => {
    // 2024-01-01 to 2024-03-31: REND 500 000 (VENDAS) - GAST 425 000 (CMVMC 300 000 + FSE 125 000) = 75 000.
    // AT 2 775 000 (AFT 2 000 000 + DO 775 000) = 1 200 000 + 1 500 000 + 75 000: balanced.
    // CP = 1 200 000 + 75 000 = 1 275 000 (not + 75 000 × 12 / 3 = 300 000: equity is a stock at March 31).
    const q1: EngineSheet = {
      ...annual(
        2024,
        rolledUp({
          ...STOCKS,
          AFT: '2000000',
          DO: '775000',
          VENDAS: '500000',
          CMVMC: '300000',
          FSE: '125000',
        }),
      ),
      endDate: '2024-03-31',
      frequency: 'quarterly',
    };
    expect(checked(q1.values)).toBe('ok');
    const af = one('AF', q1);
    // AF = 1 275 000 / 2 775 000 = 0.459459… → 0.45945945945945945946 ≥ 0.375 → passed, not annualised
    expect(outcome(af)).toEqual({ value: '0.45945945945945945946', reason: null, passed: true });
    expect(af.annualised).toBe(false);
    expect(equityInput(af)).toEqual(['1275000', '75000']);
    // RCP = (REND - GAST) × 12 / 3 / CP = (2 000 000 - 1 700 000) / 1 275 000 = 300 000 / 1 275 000
    //     = 0.235294117647058823529… → 0.23529411764705882353 ≥ 0.1 → passed
    const rcp = one('RCP', q1);
    expect(outcome(rcp)).toEqual({ value: '0.23529411764705882353', reason: null, passed: true });
    expect(rcp.annualised).toBe(true);
    expect(
      rcp.inputs.map((input) => [
        input.name,
        input.value?.toString(),
        input.annualisedValue?.toString() ?? null,
        input.periodResultAdded?.toString() ?? null,
      ]),
    ).toEqual([
      ['REND', '500000', '2000000', null],
      ['GAST', '425000', '1700000', null],
      ['CP', '1275000', null, '75000'],
    ]);
  });

  it("adds the year-to-date result beside last year's result not yet appropriated on 818", () => {
    // A first quarter whose RLPER holds last year's 250 000 (moved to retained earnings once approved): stored CP
    // = 1 200 000 + 250 000 = 1 450 000; the quarter's REND 500 000 - GAST 425 000 = 75 000 is added:
    // CP = 1 525 000. AT 3 025 000 (AFT 2 000 000 + DO 1 025 000) = 1 450 000 + 1 500 000 + 75 000.
    const q1: EngineSheet = {
      ...annual(
        2024,
        rolledUp({
          ...STOCKS,
          RLPER: '250000',
          AFT: '2000000',
          DO: '1025000',
          VENDAS: '500000',
          CMVMC: '300000',
          FSE: '125000',
        }),
      ),
      endDate: '2024-03-31',
      frequency: 'quarterly',
    };
    expect(checked(q1.values)).toBe('ok');
    // AF = 1 525 000 / 3 025 000 = 0.504132231404958677685… → 0.50413223140495867769
    const af = one('AF', q1);
    expect(outcome(af)).toEqual({ value: '0.50413223140495867769', reason: null, passed: true });
    expect(equityInput(af)).toEqual(['1525000', '75000']);
  });

  it('adds the result to the sheet prev() reads as well', () => {
    // Equity growth CP - prev(CP): 2024 as the first example (CP 1 200 000 + 300 000 = 1 500 000); 2023 before
    // closing with CAP 1 000 000 + RT 200 000 and REND 1 000 000 - GAST 900 000 = 100 000 (CP 1 300 000).
    // 1 500 000 - 1 300 000 = 200 000.
    const growth = criterion('RF', 9, 'CP_GROWTH', 'CP - prev(CP)', '>', '0');
    const current = sheet({
      AFT: '2000000',
      DO: '1000000',
      VENDAS: '2000000',
      CMVMC: '1200000',
      FSE: '500000',
    });
    const prior = annual(2023, rolledUp({ ...STOCKS, AFT: '2800000', VENDAS: '1000000', FSE: '900000' }));
    expect(checked(prior.values)).toBe('ok');
    const [indicator] = run(current, prior, [growth]);
    expect(indicator && outcome(indicator)).toEqual({ value: '200000', reason: null, passed: true });
    expect(
      indicator?.inputs.map((input) => [
        input.period,
        input.value?.toString(),
        input.periodResultAdded?.toString(),
      ]),
    ).toEqual([
      ['current', '1500000', '300000'],
      ['previous', '1300000', '100000'],
    ]);
  });
});

describe('orderCriteria', () => {
  it('orders criteria given in any order by type EE, F, L, RE, RF, C, then by sort order', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(CRITERIA, { minLength: CRITERIA.length }), (shuffled) => {
        expect(orderCriteria(shuffled).map((c) => c.code)).toEqual(DIAGNOSIS_ORDER);
      }),
    );
  });

  it('keeps the fixed order of the application criteria whatever their sort orders', () => {
    const application = CRITERIA.filter((c) => c.type.code === 'C');
    fc.assert(
      fc.property(
        fc.shuffledSubarray(application, { minLength: 8 }),
        fc.shuffledSubarray([1, 2, 3, 4, 5, 6, 7, 8], { minLength: 8 }),
        (shuffled, sortOrders) => {
          const renumbered = shuffled.map((c, i) => ({ ...c, sortOrder: sortOrders[i] ?? 0 }));
          expect(orderCriteria(renumbered).map((c) => c.code)).toEqual([...APPLICATION_CRITERION_ORDER]);
        },
      ),
    );
    // e.g. AF numbered 1 and RLP numbered 8 still give RLP first, AF sixth.
    const swapped = application.map((c) =>
      c.code === 'AF' ? { ...c, sortOrder: 1 } : c.code === 'RLP' ? { ...c, sortOrder: 8 } : c,
    );
    expect(orderCriteria(swapped.reverse()).map((c) => c.code)).toEqual([...APPLICATION_CRITERION_ORDER]);
  });

  it('puts other criteria of a type by sort order (then code), and unknown types after C by their sort order', () => {
    const extraC = criterion('C', 0, 'C_EXTRA', 'CP', '>', '0');
    const zType = {
      ...criterion('EE', 1, 'Z1', 'CP', '>', '0'),
      type: { code: 'Z', description: text('Z'), sortOrder: 8 },
    };
    const yType = {
      ...criterion('EE', 9, 'Y1', 'CP', '>', '0'),
      type: { code: 'Y', description: text('Y'), sortOrder: 7 },
    };
    const sameOrder = [criterion('F', 5, 'F_B', 'CP', '>', '0'), criterion('F', 5, 'F_A', 'CP', '>', '0')];
    const ordered = orderCriteria([zType, extraC, yType, ...sameOrder, ...CRITERIA].reverse()).map(
      (c) => c.code,
    );
    expect(ordered.slice(4, 10)).toEqual(['F_PMR', 'F_PMP', 'F_PMI', 'F_RA', 'F_A', 'F_B']);
    expect(ordered.slice(-4)).toEqual(['EBITDA_VN', 'C_EXTRA', 'Y1', 'Z1']);
  });

  it('does not change its argument', () => {
    const reversed = [...CRITERIA].reverse();
    const before = reversed.map((c) => c.code);
    orderCriteria(reversed);
    expect(reversed.map((c) => c.code)).toEqual(before);
  });
});

describe('annualisation of sub-annual periods', () => {
  it('counts the calendar months of a period', () => {
    expect(periodMonths('2024-02-01', '2024-02-29')).toBe(1); // month
    expect(periodMonths('2024-01-01', '2024-03-31')).toBe(3); // quarter
    expect(periodMonths('2024-10-01', '2024-12-31')).toBe(3); // fourth quarter
    expect(periodMonths('2024-07-01', '2024-12-31')).toBe(6); // half year
    expect(periodMonths('2024-01-01', '2024-12-31')).toBe(12); // year
    expect(periodMonths('2023-07-01', '2024-06-30')).toBe(12); // a fiscal year across two calendar years
    expect(periodMonths('2023-01-01', '2024-12-31')).toBe(24); // a 2-year span
    expect(periodMonths('2024-05-01', '2024-01-31')).toBe(1); // reversed dates: at least 1
  });

  it('annualises periods shorter than a year only', () => {
    const factor = (startDate: string, endDate: string) => annualisationFactor({ startDate, endDate });
    expect(factor('2024-02-01', '2024-02-29')).toEqual({ months: 1, isAnnualised: true });
    expect(factor('2024-01-01', '2024-03-31')).toEqual({ months: 3, isAnnualised: true });
    expect(factor('2024-01-01', '2024-06-30')).toEqual({ months: 6, isAnnualised: true });
    expect(factor('2024-01-01', '2024-12-31')).toEqual({ months: 12, isAnnualised: false });
    expect(factor('2023-01-01', '2024-12-31')).toEqual({ months: 24, isAnnualised: false });
  });

  it('takes the flows from the income statement (Rendimentos, Gastos and everything under them)', () => {
    const flows = flowCodes(tree);
    for (const code of [
      'REND',
      'REXP',
      'VN',
      'VENDAS',
      'RFIN',
      'GAST',
      'GEXP',
      'CMVMC',
      'FSE',
      'DEP',
      'JUR',
      'IRC',
    ])
      expect(flows.has(code), code).toBe(true);
    for (const code of [
      'AT',
      'ANC',
      'AC',
      'INV',
      'CLI',
      'CX',
      'CP',
      'RLPER',
      'PT',
      'PC',
      'FORN',
      'DF_NC',
      'DF_C',
    ])
      expect(flows.has(code), code).toBe(false);
  });

  const quarter = (
    entries: Record<string, string>,
    start = '2024-01-01',
    end = '2024-03-31',
  ): EngineSheet => ({
    startDate: start,
    endDate: end,
    frequency: 'quarterly',
    values: values(entries),
  });

  it('multiplies flows by 12 / 3 for a quarter and leaves stocks alone', () => {
    // F_RA = VN / AT = (250 × 12 / 3) / 1 000 = 1 000 / 1 000 = 1 (not 250 / 1 000 = 0.25) ≥ 0.5 → passed
    const sheet = quarter({ VN: '250', AT: '1000', CP: '400' });
    const turnover = one('F_RA', sheet);
    expect(outcome(turnover)).toEqual({ value: '1', reason: null, passed: true });
    expect(turnover.annualised).toBe(true);
    expect(
      turnover.inputs.map((input) => [
        input.name,
        input.value?.toString(),
        input.annualisedValue?.toString() ?? null,
      ]),
    ).toEqual([
      ['VN', '250', '1000'],
      ['AT', '1000', null],
    ]);
    // AF = CP / AT uses stocks only: 400 / 1 000 = 0.4, not annualised.
    const equity = one('AF', sheet);
    expect(outcome(equity)).toEqual({ value: '0.4', reason: null, passed: true });
    expect(equity.annualised).toBe(false);
    expect(equity.inputs.every((input) => input.annualisedValue === null)).toBe(true);
  });

  it('scales by 12 for a month and by 2 for a half year, exactly', () => {
    // EBITDA_VN = (REXP - GEXP) / VN: a ratio of two flows is the same once both are scaled: 30 / 200 = 0.15.
    // EBITDA = REXP - GEXP = (200 - 170) × 12 = 360 for a month, × 2 = 60 for a half year.
    const flows = { REXP: '200', GEXP: '170', VN: '200' };
    const month = quarter(flows, '2024-02-01', '2024-02-29');
    const half = quarter(flows, '2024-01-01', '2024-06-30');
    expect([one('EBITDA', month), one('EBITDA', half)].map((i) => i.value?.toString())).toEqual([
      '360',
      '60',
    ]);
    expect(one('EBITDA_VN', month).value?.toString()).toBe('0.15');
    // A 7-month period: 12 / 7 does not terminate. Each flow is annualised (20 digits) before the formula runs:
    //   REXP 200 × 12 / 7 = 342.857142857142857142857… → 342.85714285714285714286
    //   GEXP 170 × 12 / 7 = 291.428571428571428571428… → 291.42857142857142857143
    //   EBITDA = 342.85714285714285714286 - 291.42857142857142857143 = 51.42857142857142857143
    const seven = quarter(flows, '2024-01-01', '2024-07-31');
    expect(one('EBITDA', seven).value?.toString()).toBe('51.42857142857142857143');
  });

  it('annualises the prior quarter too for prev()', () => {
    // EBITDA_2A = min((300 - 270) × 4, (200 - 210) × 4) = min(120, -40) = -40 > 0? no → failed
    const current = quarter({ REXP: '300', GEXP: '270' });
    const prior = quarter({ REXP: '200', GEXP: '210' }, '2023-10-01', '2023-12-31');
    const both = one('EBITDA_2A', current, prior);
    expect(outcome(both)).toEqual({ value: '-40', reason: null, passed: false });
    expect(both.annualised).toBe(true);
    expect(
      both.inputs.map((input) => `${input.period}:${input.name}=${input.annualisedValue?.toString()}`),
    ).toEqual(['current:REXP=1200', 'current:GEXP=1080', 'previous:REXP=800', 'previous:GEXP=840']);
  });

  it('does not annualise an annual sheet or a two-year sheet', () => {
    const turnover = one('F_RA', annual(2024, values({ VN: '250', AT: '1000' })));
    expect(outcome(turnover)).toEqual({ value: '0.25', reason: null, passed: false });
    expect(turnover.annualised).toBe(false);
    expect(turnover.inputs.map((input) => input.annualisedValue)).toEqual([null, null]);
    const twoYears: EngineSheet = {
      startDate: '2023-01-01',
      endDate: '2024-12-31',
      frequency: 'unknown',
      values: values({ VN: '250', AT: '1000' }),
    };
    expect(one('F_RA', twoYears).value?.toString()).toBe('0.25');
    expect(run(SHEET_2024, SHEET_2023).some((i) => i.annualised)).toBe(false);
  });
});

describe('EBITDA_2A: EBITDA positive in both years analysed', () => {
  const year = (y: number, rexp: string, gexp: string) => annual(y, values({ REXP: rexp, GEXP: gexp }));
  const cases: Array<{
    name: string;
    current: [string, string];
    prior: [string, string];
    value: string;
    passed: boolean;
  }> = [
    // min(1 000 - 800, 900 - 850) = min(200, 50) = 50 > 0 → passed
    { name: 'both positive', current: ['1000', '800'], prior: ['900', '850'], value: '50', passed: true },
    // min(1 000 - 800, 900 - 950) = min(200, -50) = -50 → failed
    {
      name: 'the previous year negative',
      current: ['1000', '800'],
      prior: ['900', '950'],
      value: '-50',
      passed: false,
    },
    // min(1 000 - 1 100, 900 - 850) = min(-100, 50) = -100 → failed
    {
      name: 'the current year negative',
      current: ['1000', '1100'],
      prior: ['900', '850'],
      value: '-100',
      passed: false,
    },
    // min(1 000 - 800, 900 - 900) = min(200, 0) = 0, not > 0 → failed
    {
      name: 'the previous year zero',
      current: ['1000', '800'],
      prior: ['900', '900'],
      value: '0',
      passed: false,
    },
    // min(0.02 - 0.01, 0.02 - 0.01) = 0.01 > 0 → passed
    {
      name: 'both barely positive',
      current: ['0.02', '0.01'],
      prior: ['0.02', '0.01'],
      value: '0.01',
      passed: true,
    },
  ];
  it.each(cases)('$name → $value', ({ current, prior, value, passed }) => {
    const indicator = one('EBITDA_2A', year(2024, ...current), year(2023, ...prior));
    expect(outcome(indicator)).toEqual({ value, reason: null, passed });
  });
});

describe('percentageChange', () => {
  const change = (current: string | null, previous: string | null) => {
    const result = percentageChange(
      current === null ? null : d(current),
      previous === null ? null : d(previous),
    );
    return result && { percent: result.percent.toFixed(1), direction: result.direction };
  };

  it('gives (current − previous) / |previous| × 100 with the direction of the change', () => {
    // (150 - 100) / 100 × 100 = 50.0, up
    expect(change('150', '100')).toEqual({ percent: '50.0', direction: 'up' });
    // (75 - 100) / 100 × 100 = -25.0, down
    expect(change('75', '100')).toEqual({ percent: '-25.0', direction: 'down' });
    // (0.4 - 0.4) / 0.4 × 100 = 0.0, flat
    expect(change('0.4', '0.4')).toEqual({ percent: '0.0', direction: 'flat' });
    // (0.15 - 0.12) / 0.12 × 100 = 25.0
    expect(change('0.15', '0.12')).toEqual({ percent: '25.0', direction: 'up' });
    // (2 - 3) / 3 × 100 = -33.333… → -33.3
    expect(change('2', '3')).toEqual({ percent: '-33.3', direction: 'down' });
    // (0 - 100) / 100 × 100 = -100.0
    expect(change('0', '100')).toEqual({ percent: '-100.0', direction: 'down' });
  });

  it('gives 100.0, -100.0 or 0.0 when the previous value is zero', () => {
    expect(change('5', '0')).toEqual({ percent: '100.0', direction: 'up' });
    expect(change('123456789.12', '0')).toEqual({ percent: '100.0', direction: 'up' });
    expect(change('-5', '0')).toEqual({ percent: '-100.0', direction: 'down' });
    expect(change('0', '0')).toEqual({ percent: '0.0', direction: 'flat' });
    const result = percentageChange(d('5'), Decimal.ZERO);
    expect(result?.percent.eq(Decimal.fromInteger(100))).toBe(true);
  });

  it('divides by |previous| when the previous value is negative', () => {
    // (-5 - -10) / |-10| × 100 = 5 / 10 × 100 = +50.0: a loss halved is a rise
    expect(change('-5', '-10')).toEqual({ percent: '50.0', direction: 'up' });
    // (-15 - -10) / 10 × 100 = -50.0
    expect(change('-15', '-10')).toEqual({ percent: '-50.0', direction: 'down' });
    // (20 - -10) / 10 × 100 = 300.0
    expect(change('20', '-10')).toEqual({ percent: '300.0', direction: 'up' });
  });

  it('rounds to one decimal half to even', () => {
    // (449 - 400) / 400 × 100 = 12.25 → 12.2 (half-even; half-up would give 12.3)
    expect(change('449', '400')).toEqual({ percent: '12.2', direction: 'up' });
    // (449.4 - 400) / 400 × 100 = 12.35 → 12.4
    expect(change('449.4', '400')).toEqual({ percent: '12.4', direction: 'up' });
    // (351 - 400) / 400 × 100 = -12.25 → -12.2
    expect(change('351', '400')).toEqual({ percent: '-12.2', direction: 'down' });
    // (200.1 - 200) / 200 × 100 = 0.05 → 0.0, but the direction is still up
    expect(change('200.1', '200')).toEqual({ percent: '0.0', direction: 'up' });
    // (1 - 3) / 3 × 100 = -66.666… → -66.7
    expect(change('1', '3')).toEqual({ percent: '-66.7', direction: 'down' });
    // The percent itself carries at most one decimal.
    expect(percentageChange(d('2'), d('3'))?.percent.toString()).toBe('-33.3');
    // Rounded once, exactly: (0.37449999999999999157 − 0.33333333333333332583) / 0.33333333333333332583 × 100
    // = 12.3499999999999999999985… → 12.3 (rounding the ratio to 20 decimals first would give 0.1235 → 12.4).
    expect(change('0.37449999999999999157', '0.33333333333333332583')).toEqual({
      percent: '12.3',
      direction: 'up',
    });
  });

  it('is null when either value is not computable', () => {
    expect(change(null, '100')).toBeNull();
    expect(change('100', null)).toBeNull();
    expect(change(null, null)).toBeNull();
  });
});

describe('computeIndicators: property', () => {
  const CANONICAL = /^-?\d+(\.\d+)?$/;
  const REASONS = [
    'divisionByZero',
    'negativeDenominator',
    'missingValue',
    'missingPrevious',
    'invalidFormula',
  ];
  const NAMES = [
    ...new Set(
      CRITERIA.flatMap((c) => {
        const parsed = parseFormula(c.formula, { knownNames: new Set(treeNodes(tree).map((n) => n.code)) });
        return parsed.ok ? parsed.names : [];
      }),
    ),
  ];

  /** Zero, small integers, and amounts of up to 18 integer digits with 2 decimals, of either sign. */
  const amount = fc.oneof(
    fc.constant(Decimal.ZERO),
    fc.integer({ min: -1000, max: 1000 }).map((n) => Decimal.fromInteger(n)),
    fc.bigInt({ min: -(10n ** 20n) + 1n, max: 10n ** 20n - 1n }).map((units) => Decimal.of(units, 2)),
    fc.constantFrom(d('0.01'), d('-0.01'), d('999999999999999999.99'), d('-999999999999999999.99')),
  );
  /** Every name the 25 formulas use, sometimes missing. */
  const sheetValues = fc.tuple(...NAMES.map(() => fc.option(amount, { freq: 8 }))).map((drawn) => {
    const out = new Map<string, Decimal>();
    drawn.forEach((value, i) => {
      const name = NAMES[i];
      if (value !== null && name !== undefined) out.set(name, value);
    });
    return out;
  });
  const period = fc.constantFrom(
    ['2024-01-01', '2024-12-31'],
    ['2024-01-01', '2024-03-31'],
    ['2024-02-01', '2024-02-29'],
    ['2024-01-01', '2024-06-30'],
    ['2024-01-01', '2024-07-31'],
  );

  it('never returns NaN or Infinity and never throws, for any aggregates', () => {
    expect(NAMES).toHaveLength(22);
    const seen = { computed: 0, passed: 0, failed: 0, notComputable: 0, annualised: 0 };
    fc.assert(
      fc.property(
        sheetValues,
        period,
        fc.option(sheetValues, { freq: 4 }),
        (current, [start, end], prior) => {
          const sheet: EngineSheet = {
            startDate: start ?? '',
            endDate: end ?? '',
            frequency: 'unknown',
            values: current,
          };
          const priorSheet = prior === null ? undefined : annual(2023, prior);
          const indicators = run(sheet, priorSheet);
          expect(indicators.map((i) => i.code)).toEqual(DIAGNOSIS_ORDER);
          for (const indicator of indicators) {
            if (indicator.value !== null) {
              expect(indicator.value).toBeInstanceOf(Decimal);
              expect(indicator.value.toString()).toMatch(CANONICAL);
              expect(Number.isFinite(indicator.value.toNumber())).toBe(true);
              expect(typeof indicator.passed).toBe('boolean');
              expect(indicator.reason).toBeNull();
              seen.computed++;
              seen[indicator.passed ? 'passed' : 'failed']++;
            } else {
              seen.notComputable++;
              expect(indicator.reason).not.toBeNull();
              expect(REASONS).toContain(indicator.reason?.key);
              expect(indicator.passed).toBeNull();
            }
            if (indicator.annualised) seen.annualised++;
            for (const input of indicator.inputs) {
              for (const v of [input.value, input.annualisedValue])
                if (v !== null) expect(v.toString()).toMatch(CANONICAL);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
    // The draws reach every branch: computed values that pass and fail, not computable ones, annualised ones.
    expect(Object.values(seen).every((count) => count > 100)).toBe(true);
  });

  it('agrees with the target on each computed value', () => {
    fc.assert(
      fc.property(sheetValues, (current) => {
        for (const indicator of run(annual(2024, current), annual(2023, current))) {
          if (indicator.value === null) continue;
          const c = indicator.value.cmp(d(indicator.target.value));
          const expected = { '>': c > 0, '>=': c >= 0, '<': c < 0, '<=': c <= 0, '=': c === 0 }[
            indicator.target.comparison
          ];
          expect(indicator.passed).toBe(expected);
        }
      }),
      { numRuns: 100 },
    );
  });
});
