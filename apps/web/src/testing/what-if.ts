import { Diagnosis, type DiagnosisIndicator, type WhatIfResponse } from '@excelencia/domain';

/**
 * A saved diagnosis that fails two application criteria, and the levers the server answers for it, for the DOM
 * tests of the what-if levers and simulator (the diagnosis view and the application's eligibility panel).
 */
const text = (value: string) => ({ pt: value, en: value, fr: value });
export const WHAT_IF_COMPANY_ID = '0193a0c2-7b1e-7c3a-9f00-000000000002';
export const WHAT_IF_DIAGNOSIS_ID = '0193a0c2-7b1e-7c3a-9f00-000000000001';

function indicator(
  code: string,
  formula: string,
  comparison: '>' | '>=' | '<=',
  target: string,
  value: string,
  passed: boolean,
  inputs: Record<string, string>,
): DiagnosisIndicator {
  return {
    criterion: {
      id: `criterion-${code}`,
      code,
      description: text(`Ratio ${code}`),
      ratio: formula,
      ratioOrder: 1,
      recommendation: text(`Advice ${code}`),
      isApplicationCriterion: true,
      typedescCriterion: { code: 'C', description: text('Application criteria') },
    },
    result: Number(value),
    value,
    reason: null,
    ratioOrder: 1,
    target: { comparison, value: target },
    passed,
    annualised: false,
    inputs: Object.entries(inputs).map(([name, amount]) => ({
      name,
      period: 'current' as const,
      description: null,
      accountCodes: [],
      value: amount,
      annualisedValue: null,
    })),
  };
}

/**
 * The weak sheet of the domain's what-if test: CP 190 000, AT 900 000, net financial debt 400 000 + 100 000 −
 * 50 000 = 450 000, EBITDA 1 000 000 − 960 000 = 40 000. AF = 0.2111… and DFL = 11.25 fail; EBITDA passes.
 */
export function weakDiagnosis(): Diagnosis {
  return Diagnosis.parse({
    id: WHAT_IF_DIAGNOSIS_ID,
    companyId: WHAT_IF_COMPANY_ID,
    companyName: 'Fraca, Lda',
    type: 'simple',
    balanceSheet: {
      id: '0193a0c2-7b1e-7c3a-9f00-000000000003',
      startDate: '2024-01-01',
      endDate: '2024-12-31',
      typeFrequence: 'annual',
      tag: 'Y1',
      fileName: null,
    },
    previousBalanceSheet: null,
    createdAt: '2025-02-03T10:15:00.000Z',
    passedCount: 1,
    computableCount: 3,
    annualisedMonths: null,
    sector: null,
    currentAutoFinancialIndicators: [
      indicator('EBITDA', 'REXP - GEXP', '>', '0', '40000', true, { REXP: '1000000', GEXP: '960000' }),
      indicator('DFL_EBITDA', '(DF_NC + DF_C - CX) / (REXP - GEXP)', '<=', '3', '11.25', false, {
        DF_NC: '400000',
        DF_C: '100000',
        CX: '50000',
        REXP: '1000000',
        GEXP: '960000',
      }),
      indicator('AF', 'CP / AT', '>=', '0.375', '0.21111111111111111111', false, {
        CP: '190000',
        AT: '900000',
      }),
    ],
    previousAutoFinancialIndicators: [],
  });
}

/** The levers the server answers for it (apps/server what-if.routes.test.ts works the same sheet out). */
export const WEAK_LEVERS: WhatIfResponse = [
  {
    criterion: { id: 'criterion-EBITDA', code: 'EBITDA', description: text('Ratio EBITDA') },
    passed: true,
    value: '40000',
    target: { comparison: '>', value: '0' },
    levers: [],
  },
  {
    criterion: { id: 'criterion-DFL_EBITDA', code: 'DFL_EBITDA', description: text('Ratio DFL_EBITDA') },
    passed: false,
    value: '11.25',
    target: { comparison: '<=', value: '3' },
    levers: [
      { figure: 'ebitda', change: '110000', resultingValue: '3' },
      { figure: 'netFinancialDebt', change: '-330000', resultingValue: '3' },
    ],
  },
  {
    criterion: { id: 'criterion-AF', code: 'AF', description: text('Ratio AF') },
    passed: false,
    value: '0.21111111111111111111',
    target: { comparison: '>=', value: '0.375' },
    levers: [{ figure: 'capitalInjection', change: '236000', resultingValue: '0.375' }],
  },
];
