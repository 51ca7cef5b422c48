import { Diagnosis, type DiagnosisIndicator, LANGUAGES } from '@excelencia/domain';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { pageCount, pdfTexts, pdfTitle } from '../../../test/support/pdf-text.ts';
import { diagnosisPdf } from './diagnosis-export-pdf.ts';
import { diagnosisXlsx } from './diagnosis-export-xlsx.ts';

/** A display text with its spaces as the no-break spaces the display rule writes. */
const nb = (text: string) => text.replace(/ /g, '\u00a0');

/** The PDF and XLSX exports of a saved diagnosis, read back as a user's viewer or spreadsheet would. */

const text = (pt: string, en: string, fr: string) => ({ pt, en, fr });

const LONG_ADVICE = text(
  'Reveja a estrutura de custos, renegocie os prazos com fornecedores e clientes, acompanhe mensalmente a tesouraria e defina um plano de ação com metas trimestrais verificáveis pela gerência e pelo contabilista certificado.',
  'Review the cost structure, renegotiate terms with suppliers and customers, follow the cash position every month and set an action plan with quarterly targets that management and the certified accountant can check.',
  'Revoyez la structure des coûts, renégociez les délais avec les fournisseurs et les clients, suivez la trésorerie chaque mois et fixez un plan d’action avec des objectifs trimestriels vérifiables par la direction et l’expert-comptable.',
);

const TYPES = {
  EE: text('Estrutura económica', 'Economic structure', 'Structure économique'),
  F: text('Financiamento', 'Financing', 'Financement'),
  L: text('Liquidez', 'Liquidity', 'Liquidité'),
  RE: text('Rendibilidade económica', 'Economic profitability', 'Rentabilité économique'),
} as const;

interface IndicatorSpec {
  code: string;
  type: keyof typeof TYPES;
  value: string | null;
  previous: string | null;
  change?: { percent: string; direction: 'up' | 'down' | 'flat' } | null;
  sector?: { median: string; companies: number } | null;
}

const SPECS: IndicatorSpec[] = [
  {
    code: 'EE1',
    type: 'EE',
    value: '0.4512',
    previous: '0.4011',
    change: { percent: '12.5', direction: 'up' },
  },
  {
    code: 'EE2',
    type: 'EE',
    value: '1234567.891',
    previous: '1300000',
    change: { percent: '-5.0', direction: 'down' },
  },
  { code: 'EE3', type: 'EE', value: '0.3', previous: '0.3', change: { percent: '0.0', direction: 'flat' } },
  { code: 'F1', type: 'F', value: '0.62', previous: '0.64', change: { percent: '-3.1', direction: 'down' } },
  { code: 'F2', type: 'F', value: null, previous: '2.1', change: null },
  {
    code: 'F3',
    type: 'F',
    value: '2.75',
    previous: '2.5',
    change: { percent: '10.0', direction: 'up' },
    sector: null,
  },
  { code: 'L1', type: 'L', value: '1.35', previous: '1.2', change: { percent: '12.5', direction: 'up' } },
  { code: 'L2', type: 'L', value: '0.85', previous: '0.9', change: { percent: '-5.6', direction: 'down' } },
  { code: 'L3', type: 'L', value: '0.12', previous: '0.1', change: { percent: '20.0', direction: 'up' } },
  { code: 'RE1', type: 'RE', value: '0.081', previous: '0.07', change: { percent: '15.7', direction: 'up' } },
  {
    code: 'RE2',
    type: 'RE',
    value: '0.045',
    previous: '0.05',
    change: { percent: '-10.0', direction: 'down' },
  },
  { code: 'RE3', type: 'RE', value: '0.2', previous: '0.18', change: { percent: '11.1', direction: 'up' } },
];

function indicator(spec: IndicatorSpec, order: number): DiagnosisIndicator {
  const computable = spec.value !== null;
  return {
    criterion: {
      id: `criterion-${spec.code}`,
      code: spec.code,
      description: text(
        `Rácio ${spec.code} de gestão`,
        `Ratio ${spec.code} of management`,
        `Ratio ${spec.code} de gestion`,
      ),
      ratio: `(${spec.code}_A + ${spec.code}_B) / CP`,
      ratioOrder: order,
      recommendation: LONG_ADVICE,
      isApplicationCriterion: false,
      typedescCriterion: { code: spec.type, description: TYPES[spec.type] },
    },
    result: computable ? Number(spec.value) : null,
    value: spec.value,
    reason: computable ? null : { key: 'divisionByZero' },
    ratioOrder: order,
    target: { comparison: '>=', value: '0.333333' },
    passed: computable ? Number(spec.value) >= 0.333333 : null,
    annualised: false,
    inputs: [],
    previousValue: spec.previous,
    change: spec.change ?? null,
    sector: spec.sector === undefined ? { median: '0.5', companies: 7 } : spec.sector,
  };
}

/** A comparison of a 2024 sheet with the 2023 one: 12 indicators over 4 types, F2 not computable, F3 without sector. */
function comparisonDiagnosis(): Diagnosis {
  const current = SPECS.map(indicator);
  const diagnosis: Diagnosis = {
    id: '0193a0c2-7b1e-7c3a-9f00-000000000001',
    companyId: '0193a0c2-7b1e-7c3a-9f00-000000000002',
    companyName: 'Pérola do Atlântico, Lda.',
    type: 'comparison',
    balanceSheet: {
      id: '0193a0c2-7b1e-7c3a-9f00-000000000003',
      startDate: '2024-01-01',
      endDate: '2024-12-31',
      typeFrequence: 'annual',
      tag: 'Y1',
      fileName: 'balancete-2024.xlsx',
    },
    previousBalanceSheet: {
      id: '0193a0c2-7b1e-7c3a-9f00-000000000004',
      startDate: '2023-01-01',
      endDate: '2023-12-31',
      typeFrequence: 'annual',
      tag: 'Y0',
      fileName: 'balancete-2023.xlsx',
    },
    createdAt: '2025-02-03T10:15:00.000Z',
    passedCount: current.filter((item) => item.passed === true).length,
    computableCount: current.filter((item) => item.value !== null).length,
    annualisedMonths: null,
    sector: { code: 'G', description: text('Comércio', 'Trade', 'Commerce') },
    currentAutoFinancialIndicators: current,
    previousAutoFinancialIndicators: SPECS.map((spec, order) => ({
      ...indicator({ ...spec, value: spec.previous }, order),
      previousValue: undefined,
      change: undefined,
    })),
  };
  return Diagnosis.parse(diagnosis);
}

async function readXlsx(buffer: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  return sheet;
}

function rowValues(sheet: ExcelJS.Worksheet, number: number): unknown[] {
  return (sheet.getRow(number).values as unknown[]).slice(1);
}

function findRow(sheet: ExcelJS.Worksheet, first: unknown): number {
  for (let number = 1; number <= sheet.rowCount; number += 1) {
    if (sheet.getRow(number).getCell(1).value === first) return number;
  }
  throw new Error(`no row starting with ${String(first)}`);
}

describe('diagnosisPdf', () => {
  it('is a PDF of at least two numbered pages, titled in the language', async () => {
    const diagnosis = comparisonDiagnosis();
    const titles = new Set<string>();
    for (const language of LANGUAGES) {
      const pdf = await diagnosisPdf(diagnosis, language);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pageCount(pdf)).toBeGreaterThanOrEqual(2);
      titles.add(pdfTitle(pdf));
    }
    expect([...titles].sort()).toEqual([
      'Autodiagnostic financier – Pérola do Atlântico, Lda.',
      'Autodiagnóstico financeiro – Pérola do Atlântico, Lda.',
      'Financial self-diagnosis – Pérola do Atlântico, Lda.',
    ]);
  });

  it('prints the sheets, the summary, each indicator with its status, change and footer page numbers', async () => {
    const pdf = await diagnosisPdf(comparisonDiagnosis(), 'fr');
    const pages = pdfTexts(pdf);
    const count = pageCount(pdf);
    expect(pages).toHaveLength(count);
    const all = pages.join('\n');
    expect(all).toContain('Autodiagnostic financier');
    expect(all).toContain('Pérola do Atlântico, Lda.');
    expect(all).toContain('balancete-2024.xlsx · 1er janvier 2024 – 31 décembre 2024 (Y1)');
    expect(all).toContain('Comparaison avec balancete-2023.xlsx');
    expect(all).toContain('6 des 11 indicateurs calculables atteignent leur objectif.');
    expect(all).toContain('Structure économique');
    // Each indicator once, in order; targets with ≥ as on the screen and in the XLSX, and their 6 decimals.
    const positions = SPECS.map((spec) => all.indexOf(`${spec.code} – Ratio ${spec.code} de gestion`));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(all).toContain('≥ 0.333333');
    // Every figure by the display rule (docs/adr/0023): grouped by no-break spaces, at most 2 decimals.
    expect(all).toContain(nb('1 234 567.89'));
    expect(all).toContain('Valeur\n0.45\n');
    expect(all).not.toContain('0.4512');
    expect(all).toContain('Non calculable : le dénominateur est nul.');
    expect(all).toContain(nb('+12.5 %'));
    expect(all).toContain(nb('-3.1 %'));
    expect(all).toContain('Entreprises: 7');
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} sur ${count}`);
    });
  });

  it('says when the flows were annualised', async () => {
    const pdf = await diagnosisPdf({ ...comparisonDiagnosis(), annualisedMonths: 6 }, 'en');
    expect(pdfTexts(pdf).join(' ')).toContain(
      'A 6-month period: income and expenses were annualised (× 12 / 6)',
    );
  });
});

/** The comparison with its first indicator failing ≥ 0.43 by less than 0.0001, and AF's target ≥ 0.375. */
function nearTargetDiagnosis(): Diagnosis {
  const diagnosis = comparisonDiagnosis();
  const [first, second, ...rest] = diagnosis.currentAutoFinancialIndicators;
  if (!first || !second) throw new Error('missing indicators');
  const near: DiagnosisIndicator = {
    ...first,
    value: '0.429996',
    result: 0.429996,
    target: { comparison: '>=', value: '0.43' },
    passed: false,
    previousValue: '0.42999',
    sector: { median: '0.4299', companies: 6 },
  };
  const af: DiagnosisIndicator = { ...second, target: { comparison: '>=', value: '0.375' } };
  return { ...diagnosis, currentAutoFinancialIndicators: [near, af, ...rest] };
}

describe('figures near the target', () => {
  it('never shows a failing value as its target, nor a target rounded', async () => {
    const all = pdfTexts(await diagnosisPdf(nearTargetDiagnosis(), 'en')).join('\n');
    expect(all).toContain('0.429996');
    expect(all).toContain('≥ 0.43');
    expect(all).toContain('0.42999');
    expect(all).toContain('0.4299 (Companies: 6)');
    expect(all).toContain('≥ 0.375');
    expect(all).not.toContain('≥ 0.38');

    const sheet = await readXlsx(await diagnosisXlsx(nearTargetDiagnosis(), 'en'));
    const row = sheet.getRow(findRow(sheet, 'EE – Economic structure'));
    expect(row.getCell(5).value).toBe(0.429996);
    expect(row.getCell(5).numFmt).toBe('#,##0.000000');
    expect(row.getCell(6).value).toBe('≥ 0.43');
    expect(row.getCell(7).value).toBe('Does not meet');
    expect(row.getCell(8).numFmt).toBe('#,##0.00000');
    expect(row.getCell(10).numFmt).toBe('#,##0.0000');
    expect(sheet.getRow(row.number + 1).getCell(6).value).toBe('≥ 0.375');
  });
});

describe('diagnosisXlsx', () => {
  it('has the header block and the French table, one row per indicator in order', async () => {
    const sheet = await readXlsx(await diagnosisXlsx(comparisonDiagnosis(), 'fr'));
    expect(rowValues(sheet, findRow(sheet, 'Entreprise'))).toEqual([
      'Entreprise',
      'Pérola do Atlântico, Lda.',
    ]);
    expect(rowValues(sheet, findRow(sheet, 'Période'))).toEqual([
      'Période',
      '1er janvier 2024 – 31 décembre 2024 (Y1)',
    ]);
    expect(rowValues(sheet, findRow(sheet, 'Type'))).toEqual([
      'Type',
      'Comparaison avec balancete-2023.xlsx',
    ]);
    expect(rowValues(sheet, findRow(sheet, 'Créé le'))).toEqual(['Créé le', '3 février 2025']);

    const headerRow = [...Array(sheet.rowCount).keys()]
      .map((index) => index + 1)
      .find((number) => sheet.getRow(number).getCell(2).value === 'Code');
    if (headerRow === undefined) throw new Error('no table header');
    expect(rowValues(sheet, headerRow)).toEqual([
      'Type',
      'Code',
      'Indicateur',
      'Formule',
      'Valeur',
      'Objectif',
      'Situation',
      'Valeur précédente',
      'Variation (%)',
      'Médiane du secteur',
      'Recommandation',
    ]);
    expect(sheet.getRow(headerRow).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: headerRow });

    const rows = SPECS.map((_, index) => sheet.getRow(headerRow + 1 + index));
    expect(rows.map((row) => row.getCell(2).value)).toEqual(SPECS.map((spec) => spec.code));
    expect(sheet.rowCount).toBe(headerRow + SPECS.length);

    const ee2 = rows[1];
    expect(ee2?.getCell(1).value).toBe('EE – Structure économique');
    expect(ee2?.getCell(5).value).toBe(1234567.891);
    expect(ee2?.getCell(5).numFmt).toBe('#,##0.00');
    expect(ee2?.getCell(6).value).toBe('≥ 0.333333');
    expect(ee2?.getCell(7).value).toBe('Atteint');
    expect(ee2?.getCell(8).value).toBe(1300000);
    expect(ee2?.getCell(9).value).toBe(`▼ ${nb('-5.0 %')}`);
    expect(ee2?.getCell(10).value).toBe(0.5);
    expect(String(ee2?.getCell(11).value)).toMatch(/^Revoyez la structure des coûts/);

    const f2 = rows[4];
    expect(f2?.getCell(5).value).toBeNull();
    expect(f2?.getCell(7).value).toBe('Non calculable : le dénominateur est nul.');
    expect(f2?.getCell(9).value).toBeNull();

    expect(rows[0]?.getCell(9).value).toBe(`▲ ${nb('+12.5 %')}`);
    expect(rows[2]?.getCell(9).value).toBe(nb('0.0 %'));
    expect(rows[2]?.getCell(7).value).toBe('Non atteint');
    expect(rows[5]?.getCell(10).value).toBeNull();
  });

  it('labels a simple diagnosis without a previous sheet', async () => {
    const comparison = comparisonDiagnosis();
    const simple: Diagnosis = {
      ...comparison,
      type: 'simple',
      previousBalanceSheet: null,
      currentAutoFinancialIndicators: comparison.currentAutoFinancialIndicators.map((item) => ({
        ...item,
        previousValue: undefined,
        change: undefined,
      })),
      previousAutoFinancialIndicators: [],
    };
    const sheet = await readXlsx(await diagnosisXlsx(simple, 'en'));
    expect(rowValues(sheet, findRow(sheet, 'Type'))).toEqual(['Type', 'Simple']);
    expect(() => findRow(sheet, 'Previous trial balance')).toThrow();
    const pdf = await diagnosisPdf(simple, 'en');
    expect(pdfTexts(pdf).join('\n')).not.toContain('Previous value');
  });

  it('writes the headers and statuses in each language', async () => {
    const english = await readXlsx(await diagnosisXlsx(comparisonDiagnosis(), 'en'));
    const portuguese = await readXlsx(await diagnosisXlsx(comparisonDiagnosis(), 'pt'));
    const values = (sheet: ExcelJS.Worksheet) =>
      [...Array(sheet.rowCount).keys()].flatMap((index) => rowValues(sheet, index + 1));
    expect(values(english)).toEqual(
      expect.arrayContaining(['Indicator', 'Sector median', 'Not computable: the denominator is zero.']),
    );
    expect(values(portuguese)).toEqual(
      expect.arrayContaining(['Indicador', 'Mediana do setor', 'Não calculável: o denominador é zero.']),
    );
  });
});

describe('the values each ratio used', () => {
  /** EE1 read AT (uploaded: 2 of its 5 lines kept) and VN (annualised); the previous AT was entered by hand. */
  function withInputs(): Diagnosis {
    const diagnosis = comparisonDiagnosis();
    const [first, ...rest] = diagnosis.currentAutoFinancialIndicators;
    if (!first) throw new Error('no indicator');
    const ee1: DiagnosisIndicator = {
      ...first,
      inputs: [
        {
          name: 'AT',
          period: 'current',
          description: text('Ativo', 'Assets', 'Actif'),
          accountCodes: ['11', '12', '21'],
          value: '9570000',
          annualisedValue: null,
          source: 'upload',
          lines: [
            { account: '12', description: 'Depósitos à ordem', amount: '1740000' },
            { account: '21', description: 'Clientes', amount: '1350000' },
          ],
          otherLines: 3,
        },
        {
          name: 'AT',
          period: 'previous',
          description: text('Ativo', 'Assets', 'Actif'),
          accountCodes: ['11', '12'],
          value: '8600000',
          annualisedValue: null,
          source: 'entry',
        },
        {
          name: 'VN',
          period: 'current',
          description: text('Volume de negócios', 'Turnover', "Chiffre d'affaires"),
          accountCodes: ['71', '72'],
          value: '500000',
          annualisedValue: '1000000',
          source: 'upload',
          lines: [],
          otherLines: 0,
        },
      ],
    };
    return { ...diagnosis, currentAutoFinancialIndicators: [ee1, ...rest] };
  }

  it('prints them under the indicator in the PDF, previous period and annualised value marked', async () => {
    const all = pdfTexts(await diagnosisPdf(withInputs(), 'en'))
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(all).toContain('Values used');
    expect(all).toContain('AT 9 570 000 · AT [Previous] 8 600 000 · VN 500 000 (annualised 1 000 000)');
    // Only EE1 has inputs: one 'Values used' row.
    expect(all.match(/Values used/g)).toHaveLength(1);
  });

  it('lists them in a second XLSX sheet, one row per trial-balance line, with the aggregate repeated', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await diagnosisXlsx(withInputs(), 'en')) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[1];
    if (!sheet) throw new Error('no second worksheet');
    expect(sheet.name).toBe('Values used');
    const cells = (number: number) =>
      Array.from({ length: 10 }, (_, index) => sheet.getRow(number).getCell(index + 1).value ?? null);
    expect(cells(1)).toEqual([
      'Code',
      'Indicator',
      'Period',
      'Aggregate',
      'Aggregate description',
      'Aggregate value',
      'Annualised value',
      'Account',
      'Account description',
      'Amount',
    ]);
    const indicator = ['EE1', 'Ratio EE1 of management'];
    expect([2, 3, 4, 5, 6].map(cells)).toEqual([
      [...indicator, 'Current', 'AT', 'Assets', 9570000, null, '12', 'Depósitos à ordem', 1740000],
      [...indicator, 'Current', 'AT', 'Assets', 9570000, null, '21', 'Clientes', 1350000],
      [...indicator, 'Current', 'AT', 'Assets', 9570000, null, null, 'and 3 other accounts', null],
      [
        ...indicator,
        'Previous',
        'AT',
        'Assets',
        8600000,
        null,
        '11, 12',
        'Configured accounts (sheet entered by hand)',
        null,
      ],
      [...indicator, 'Current', 'VN', 'Turnover', 500000, 1000000, '71, 72', null, null],
    ]);
    expect(sheet.rowCount).toBe(6);
    expect(sheet.getRow(2).getCell(10).numFmt).toBe('#,##0.00');
  });
});
