import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildBalanceTree, rollUp } from '../balance-sheets/tree.ts';
import { Decimal } from '../decimal.ts';
import type { LocalizedText, SelfDiagnosisTree, TargetComparison } from '../schemas/reference.ts';
import { computeIndicators, type EngineCriterion, type EngineSheet } from './engine.ts';
import type { Diagnosis } from './schemas.ts';
import {
  simulateWhatIf,
  WHAT_IF_DIRECTION,
  type WhatIfCriterionLevers,
  type WhatIfModel,
  whatIfLevers,
  whatIfModel,
  whatIfModelOfDiagnosis,
} from './what-if.ts';

/**
 * The what-if levers on hand-made sheets of the seeded tree and criteria (loaded from the seed files, as the
 * engine's test does), with the arithmetic of each lever written beside it.
 */
type SeedNode = { code: string; description: LocalizedText; accountCodes: string[]; children: SeedNode[] };
type SeedCriterion = {
  code: string;
  description: LocalizedText;
  formula: string;
  targetComparison: TargetComparison;
  targetValue: string;
  recommendation: LocalizedText;
  criterionTypeCode: string;
  sortOrder: number;
  isApplicationCriterion: boolean;
};
const seedUrl = (file: string) =>
  new URL(`../../../../apps/server/src/seed/seed-data/${file}`, import.meta.url).href;
const { SELF_DIAGNOSIS_TREE } = (await import(seedUrl('self-diagnosis.ts'))) as {
  SELF_DIAGNOSIS_TREE: Array<SeedNode & { nature: 'debit' | 'credit' }>;
};
const { CRITERIA: SEED_CRITERIA } = (await import(seedUrl('criteria.ts'))) as { CRITERIA: SeedCriterion[] };

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
const TYPE_SORT: Record<string, number> = { EE: 1, F: 2, L: 3, RE: 4, RF: 5, C: 6 };
const CRITERIA: EngineCriterion[] = SEED_CRITERIA.map((c) => ({
  id: `criterion-${c.code}`,
  code: c.code,
  description: c.description,
  formula: c.formula,
  targetComparison: c.targetComparison,
  targetValue: c.targetValue,
  recommendation: c.recommendation,
  sortOrder: c.sortOrder,
  isApplicationCriterion: c.isApplicationCriterion,
  type: {
    code: c.criterionTypeCode,
    description: c.description,
    sortOrder: TYPE_SORT[c.criterionTypeCode] ?? 9,
  },
}));

const d = (text: string) => Decimal.fromString(text);
const leaves = (entries: Record<string, string>) =>
  rollUp(tree, new Map(Object.entries(entries).map(([k, v]) => [k, d(v)])));
const sheetOf = (
  values: Map<string, Decimal>,
  startDate = '2024-01-01',
  endDate = '2024-12-31',
): EngineSheet => ({
  startDate,
  endDate,
  frequency: startDate.slice(5) === '01-01' && endDate.slice(5) === '12-31' ? 'annual' : 'quarterly',
  values,
});

/**
 * The weak annual sheet (2024), after closing (RLPER holds the year's result), leaves of the seeded tree:
 *   AT 900 000 = AFT 700 000 + CLI 150 000 + DO 50 000 (so CX 50 000)
 *   CP 190 000 = CAP 200 000 + RLPER −10 000
 *   PT 710 000 = DF_NC 400 000 + DF_C 100 000 + FORN 120 000 + OCP 90 000
 *   REND 1 000 000 = VENDAS 1 000 000 (VN = REXP = 1 000 000)
 *   GAST 1 010 000 = GEXP 960 000 (CMVMC 700 000 + FSE 200 000 + GP 60 000) + DEP 30 000 + JUR 20 000
 * So EBITDA = 1 000 000 − 960 000 = 40 000, net result RL = 1 000 000 − 1 010 000 = −10 000 = RLPER,
 * net financial debt = 400 000 + 100 000 − 50 000 = 450 000.
 */
const WEAK = {
  AFT: '700000',
  CLI: '150000',
  DO: '50000',
  CAP: '200000',
  RLPER: '-10000',
  DF_NC: '400000',
  DF_C: '100000',
  FORN: '120000',
  OCP: '90000',
  VENDAS: '1000000',
  CMVMC: '700000',
  FSE: '200000',
  GP: '60000',
  DEP: '30000',
  JUR: '20000',
};
const WEAK_2024 = sheetOf(leaves(WEAK));

/** Levers as text: criterion → "figure change → resultingValue" lines. */
function leversOf(rows: WhatIfCriterionLevers[], codes: string[]) {
  return Object.fromEntries(
    rows
      .filter((row) => codes.includes(row.code))
      .map((row) => [
        row.code,
        row.levers.map((lever) => `${lever.figure} ${lever.change} → ${lever.resultingValue}`),
      ]),
  );
}

const application = (sheet: EngineSheet, prior?: EngineSheet) =>
  whatIfModel({ criteria: CRITERIA, tree, sheet, ...(prior ? { prior } : {}) });

describe('whatIfLevers on the weak sheet', () => {
  const rows = whatIfLevers(application(WEAK_2024));
  const row = (code: string) => rows.find((r) => r.code === code);

  it('leaves the criteria it passes without levers', () => {
    // EBITDA = 40 000 > 0 → passed, nothing to change
    expect(row('EBITDA')).toMatchObject({ passed: true, levers: [] });
    expect(row('EBITDA')?.value?.toString()).toBe('40000');
  });

  it('RLP: a net result 10 001 higher', () => {
    // RLP = REND − GAST = −10 000 > 0? no. −10 000 + x > 0 ⇔ x > 10 000 → 10 001 (RL = 1); 10 000 gives 0, not > 0.
    expect(leversOf(rows, ['RLP'])).toEqual({ RLP: ['netResult 10001 → 1'] });
  });

  it('DFL_EBITDA: the EBITDA with the debt unchanged, the debt with the EBITDA unchanged', () => {
    // DFL = 450 000 / 40 000 = 11.25 > 3.
    // EBITDA: 450 000 / (40 000 + x) ≤ 3 ⇔ 40 000 + x ≥ 150 000 ⇔ x ≥ 110 000 → 450 000 / 150 000 = 3.
    //   (lower operating expenses and payables: CX, DF_NC and DF_C unchanged)
    // Debt: (450 000 + y) / 40 000 ≤ 3 ⇔ y ≤ 120 000 − 450 000 = −330 000 → 120 000 / 40 000 = 3.
    expect(leversOf(rows, ['DFL_EBITDA'])).toEqual({
      DFL_EBITDA: ['ebitda 110000 → 3', 'netFinancialDebt -330000 → 3'],
    });
  });

  it('RCP: a net result that raises equity by the same amount', () => {
    // RCP = RL / CP = −10 000 / 190 000 < 0.1. The result is equity (RLPER → CP), so both rise by x:
    // (−10 000 + x) / (190 000 + x) ≥ 0.1 ⇔ −10 000 + x ≥ 19 000 + 0.1 x ⇔ 0.9 x ≥ 29 000 ⇔ x ≥ 32 222.2…
    // → 32 223: 22 223 / 222 223 = 0.1000031… ≥ 0.1; 32 222: 22 222 / 222 222 = 0.099999099… < 0.1.
    expect(leversOf(rows, ['RCP'])).toEqual({
      RCP: [`netResult 32223 → ${d('22223').div(d('222223'))}`],
    });
  });

  it('AF: a capital injection in cash, raising equity and assets alike', () => {
    // AF = CP / AT = 190 000 / 900 000 = 0.2111… < 0.375.
    // (190 000 + x) / (900 000 + x) ≥ 0.375 ⇔ 190 000 + x ≥ 337 500 + 0.375 x ⇔ 0.625 x ≥ 147 500 ⇔ x ≥ 236 000
    // → 426 000 / 1 136 000 = 0.375 exactly.
    expect(leversOf(rows, ['AF'])).toEqual({ AF: ['capitalInjection 236000 → 0.375'] });
  });

  it('EBITDA_AT: the EBITDA, assets unchanged', () => {
    // EBITDA_AT = 40 000 / 900 000 < 0.1. (40 000 + x) / 900 000 ≥ 0.1 ⇔ x ≥ 50 000 → 90 000 / 900 000 = 0.1.
    expect(leversOf(rows, ['EBITDA_AT'])).toEqual({ EBITDA_AT: ['ebitda 50000 → 0.1'] });
  });

  it('EBITDA_VN: the EBITDA at the same turnover, or more turnover at the same costs', () => {
    // EBITDA_VN = 40 000 / 1 000 000 = 0.04 < 0.075.
    // EBITDA: (40 000 + x) / 1 000 000 ≥ 0.075 ⇔ x ≥ 35 000 → 0.075.
    // Turnover (sales at the same costs: EBITDA rises as much): (40 000 + x) / (1 000 000 + x) ≥ 0.075
    //   ⇔ 0.925 x ≥ 35 000 ⇔ x ≥ 37 837.83… → 37 838: 77 838 / 1 037 838.
    expect(leversOf(rows, ['EBITDA_VN'])).toEqual({
      EBITDA_VN: ['ebitda 35000 → 0.075', `turnover 37838 → ${d('77838').div(d('1037838'))}`],
    });
  });

  it('EBITDA_2A: no lever when the previous year failed (the sheet cannot change it)', () => {
    // Previous year (2023): VENDAS 100 000, FSE 105 000 → EBITDA −5 000. min(40 000, −5 000) = −5 000 ≤ 0:
    // no change of the 2024 figures moves the 2023 EBITDA.
    const prior = sheetOf(leaves({ VENDAS: '100000', FSE: '105000' }), '2023-01-01', '2023-12-31');
    const withPrior = whatIfLevers(application(WEAK_2024, prior));
    expect(withPrior.find((r) => r.code === 'EBITDA_2A')).toMatchObject({ passed: false, levers: [] });
  });
});

describe('whatIfLevers with a negative EBITDA', () => {
  // The weak sheet with GP 120 000: GEXP 1 020 000, EBITDA = 1 000 000 − 1 020 000 = −20 000.
  const loss = sheetOf(leaves({ ...WEAK, GP: '120000', RLPER: '-70000' }));
  const prior = sheetOf(leaves({ VENDAS: '100000', FSE: '70000' }), '2023-01-01', '2023-12-31'); // EBITDA 30 000

  it('EBITDA: 20 001 more; EBITDA_2A: found by bisection on min()', () => {
    // EBITDA: −20 000 + x > 0 ⇔ x ≥ 20 001 → 1.
    // EBITDA_2A = min(−20 000 + x, 30 000) > 0 ⇔ x ≥ 20 001 → min(1, 30 000) = 1 (min is not linear: bisection).
    const rows = whatIfLevers(application(loss, prior));
    expect(leversOf(rows, ['EBITDA', 'EBITDA_2A'])).toEqual({
      EBITDA: ['ebitda 20001 → 1'],
      EBITDA_2A: ['ebitda 20001 → 1'],
    });
  });

  it('DFL_EBITDA is not computable, and only an EBITDA that turns positive can make it pass', () => {
    // 450 000 / −20 000: negative denominator, not computable (passed null).
    // EBITDA: −20 000 + x > 0 and 450 000 / (−20 000 + x) ≤ 3 ⇔ −20 000 + x ≥ 150 000 ⇔ x ≥ 170 000 → 3.
    // Debt: with EBITDA ≤ 0 no debt makes the ratio computable → no lever.
    const rows = whatIfLevers(application(loss));
    expect(rows.find((r) => r.code === 'DFL_EBITDA')).toMatchObject({ passed: null, value: null });
    expect(leversOf(rows, ['DFL_EBITDA'])).toEqual({ DFL_EBITDA: ['ebitda 170000 → 3'] });
  });
});

describe('whatIfLevers before closing and on a quarter', () => {
  it('a sheet taken before closing gives the levers of the same sheet after closing', () => {
    // Nothing on 818 (RLPER 0): the engine counts the −10 000 of classes 6 and 7 in equity (CP 190 000), as the
    // closed sheet holds it on RLPER; a higher result raises that equity in both (RCP 32 223, AF 236 000).
    const open = sheetOf(leaves({ ...WEAK, RLPER: '0' }));
    expect(whatIfLevers(application(open))).toEqual(whatIfLevers(application(WEAK_2024)));
  });

  it('states the levers of a quarter in the quarter’s own amounts', () => {
    // Q1 2024 (3 months), before closing: VENDAS 250 000, CMVMC 175 000, FSE 50 000, GP 15 000, DEP 7 500,
    // JUR 5 000 → EBITDA 10 000, RL −2 500 for the quarter; flows × 12 / 3 = × 4 before the annual targets.
    // RLP: (−2 500 + x) × 4 > 0 ⇔ x ≥ 2 501 → 1 × 4 = 4.
    // EBITDA_VN: (10 000 + x) × 4 / (250 000 × 4) ≥ 0.075 ⇔ 10 000 + x ≥ 18 750 ⇔ x ≥ 8 750 (35 000 a year).
    // AF: CP = CAP 200 000 − 2 500 (the quarter's result, never annualised) = 197 500; AT = 900 000:
    //   (197 500 + x) / (900 000 + x) ≥ 0.375 ⇔ 0.625 x ≥ 140 000 ⇔ x ≥ 224 000 → 421 500 / 1 124 000 = 0.375.
    const quarter = sheetOf(
      leaves({
        AFT: '700000',
        CLI: '150000',
        DO: '50000',
        CAP: '200000',
        DF_NC: '400000',
        DF_C: '100000',
        FORN: '120000',
        OCP: '82500',
        VENDAS: '250000',
        CMVMC: '175000',
        FSE: '50000',
        GP: '15000',
        DEP: '7500',
        JUR: '5000',
      }),
      '2024-01-01',
      '2024-03-31',
    );
    const rows = whatIfLevers(application(quarter));
    expect(leversOf(rows, ['RLP', 'EBITDA_VN', 'AF'])).toEqual({
      RLP: ['netResult 2501 → 4'],
      EBITDA_VN: ['ebitda 8750 → 0.075', `turnover 9460 → ${d('77840').div(d('1037840'))}`],
      AF: ['capitalInjection 224000 → 0.375'],
    });
    // turnover: (10 000 + x) × 4 / ((250 000 + x) × 4) ≥ 0.075 ⇔ 0.925 x ≥ 8 750 ⇔ x ≥ 9 459.4… → 9 460:
    //   (19 460 × 4) / (259 460 × 4) = 77 840 / 1 037 840.
  });
});

describe('simulateWhatIf', () => {
  it('with no change gives the engine’s values; with changes, every criterion at once', () => {
    const model = application(WEAK_2024);
    const engine = computeIndicators({ criteria: CRITERIA, tree, sheet: WEAK_2024 });
    expect(simulateWhatIf(model).map((o) => [o.code, o.value?.toString() ?? null, o.passed])).toEqual(
      engine.map((i) => [i.code, i.value?.toString() ?? null, i.passed]),
    );
    // A capital injection of 236 000 and an EBITDA 110 000 higher: AF passes (0.375, as above) and
    // DFL = (450 000 − 236 000) / 150 000 = 1.4266… (the cash lowers the net debt), CP = 190 000 + 236 000 +
    // 110 000 = 536 000, AT = 1 136 000 → AF = 536 000 / 1 136 000 = 0.4718….
    const after = simulateWhatIf(model, { capitalInjection: d('236000'), ebitda: d('110000') });
    const of = (code: string) => after.find((o) => o.code === code);
    expect(of('DFL_EBITDA')?.value?.toString()).toBe(d('214000').div(d('150000')).toString());
    expect(of('AF')?.value?.toString()).toBe(d('536000').div(d('1136000')).toString());
    expect(of('RLP')).toMatchObject({ passed: true });
  });
});

/** A saved diagnosis's snapshot as the server presents it (only what the model reads). */
function snapshotOf(sheet: EngineSheet, prior?: EngineSheet) {
  const indicators = computeIndicators({ criteria: CRITERIA, tree, sheet, ...(prior ? { prior } : {}) });
  const months = Number(sheet.endDate.slice(5, 7)) - Number(sheet.startDate.slice(5, 7)) + 1;
  return {
    annualisedMonths: months < 12 ? months : null,
    currentAutoFinancialIndicators: indicators.map((indicator) => ({
      criterion: { code: indicator.code, ratio: indicator.formula },
      target: indicator.target,
      inputs: indicator.inputs.map((input) => ({
        name: input.name,
        period: input.period,
        value: input.value?.toString() ?? null,
        annualisedValue: input.annualisedValue?.toString() ?? null,
      })),
    })),
  } as unknown as Pick<Diagnosis, 'annualisedMonths' | 'currentAutoFinancialIndicators'>;
}

describe('properties', () => {
  const amount = (max: number) => fc.integer({ min: 0, max }).map(String);
  const sheetArbitrary = fc
    .record({
      AFT: amount(2_000_000),
      CLI: amount(500_000),
      DO: amount(300_000),
      CAP: amount(600_000),
      RLPER: fc.integer({ min: -200_000, max: 200_000 }).map(String),
      DF_NC: amount(900_000),
      DF_C: amount(300_000),
      FORN: amount(300_000),
      OCP: amount(300_000),
      VENDAS: fc.integer({ min: 1, max: 2_000_000 }).map(String),
      CMVMC: amount(1_500_000),
      FSE: amount(400_000),
      DEP: amount(100_000),
      JUR: amount(80_000),
    })
    .map((entries) => leaves(entries));
  const periodArbitrary = fc.constantFrom(
    ['2024-01-01', '2024-12-31'],
    ['2024-01-01', '2024-03-31'],
    ['2024-07-01', '2024-11-30'],
  );

  const modelArbitrary = fc
    .tuple(sheetArbitrary, periodArbitrary, fc.option(sheetArbitrary, { freq: 3 }))
    .map(([values, [start, end], prior]) => {
      const sheet = sheetOf(values, start, end);
      const priorSheet = prior ? sheetOf(prior, '2023-01-01', '2023-12-31') : undefined;
      return { sheet, priorSheet, model: application(sheet, priorSheet) };
    });

  const check = (model: WhatIfModel) => {
    for (const row of whatIfLevers(model)) {
      for (const lever of row.levers) {
        const one = Decimal.fromInteger(WHAT_IF_DIRECTION[lever.figure]);
        const passing = simulateWhatIf(model, { [lever.figure]: lever.change }).find(
          (o) => o.code === row.code,
        );
        const smaller = simulateWhatIf(model, { [lever.figure]: lever.change.sub(one) }).find(
          (o) => o.code === row.code,
        );
        expect(lever.change.scale, `${row.code} ${lever.figure}`).toBe(0);
        expect(passing?.passed, `${row.code} ${lever.figure} ${lever.change}`).toBe(true);
        expect(passing?.value?.toString()).toBe(lever.resultingValue.toString());
        expect(smaller?.passed, `${row.code} ${lever.figure} ${lever.change} − 1`).not.toBe(true);
      }
    }
  };

  it('applying a lever makes its criterion pass, and a change 1 escudo smaller does not', () => {
    fc.assert(
      fc.property(modelArbitrary, ({ model }) => check(model)),
      { numRuns: 40 },
    );
  });

  it('the saved snapshot gives the same model answers as the engine inputs (browser and server agree)', () => {
    fc.assert(
      fc.property(modelArbitrary, ({ sheet, priorSheet, model }) => {
        const fromSnapshot = whatIfModelOfDiagnosis(snapshotOf(sheet, priorSheet));
        expect(whatIfLevers(fromSnapshot)).toEqual(whatIfLevers(model));
        const changes = { capitalInjection: d('12345'), netFinancialDebt: d('-2000'), turnover: d('777') };
        expect(simulateWhatIf(fromSnapshot, changes)).toEqual(simulateWhatIf(model, changes));
      }),
      { numRuns: 20 },
    );
  });

  it('a lever of the weak sheet holds too', () => {
    check(application(WEAK_2024));
  });
});
