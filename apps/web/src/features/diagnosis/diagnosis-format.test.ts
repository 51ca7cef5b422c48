import type { CriterionItem, DiagnosisIndicator, DistributionRow, IndicatorSeries } from '@excelencia/domain';
import {
  diagnosisTypeLabel,
  formatNumber,
  groupByType,
  sheetName,
  taggedPeriodLabel,
  targetText,
  translate,
} from '@excelencia/domain';
import { describe, expect, it } from 'vitest';
import {
  changeDisplay,
  chartNumber,
  chartValueText,
  indicatorChartData,
  inputAccountsView,
  medianChartData,
  sectorPosition,
  seriesGroups,
  shareText,
  sheetOptionLabel,
  statisticsCriterionOptions,
  typeHeading,
  valueText,
} from './diagnosis-format.ts';

/** A display text with its spaces as the no-break spaces the display rule writes. */
const nb = (text: string) => text.replace(/ /g, '\u00a0');

const en = (key: string, params?: Record<string, string | number>) => translate('en', key, params);
const pt = (key: string, params?: Record<string, string | number>) => translate('pt', key, params);
const text = (value: string) => ({ pt: value, en: value, fr: value });

const uploaded = {
  id: '00000000-0000-4000-8000-000000000001',
  startDate: '2023-01-01',
  endDate: '2023-12-31',
  typeFrequence: 'annual' as const,
  tag: 'Y0',
  fileName: 'balancete-2023.xlsx',
};
const byHand = { ...uploaded, id: '00000000-0000-4000-8000-000000000002', fileName: null };

describe('diagnosis type label', () => {
  it("is 'Simples' without a previous sheet and names the previous file in a comparison", () => {
    expect(diagnosisTypeLabel({ companyName: 'Sol', previousBalanceSheet: null }, pt, 'pt')).toBe('Simples');
    expect(diagnosisTypeLabel({ companyName: 'Sol', previousBalanceSheet: uploaded }, pt, 'pt')).toBe(
      'Comparação com balancete-2023.xlsx',
    );
  });

  it('names a sheet entered by hand by its tag and period', () => {
    expect(sheetName(byHand, 'pt')).toBe('Y0 1 - janeiro - 2023 a 31 - dezembro - 2023');
    expect(sheetName({ ...byHand, tag: '' }, 'en')).toBe('1 January 2023 – 31 December 2023');
    // Lists and pickers: the tag, then the period.
    expect(taggedPeriodLabel(byHand, 'fr')).toBe('Y0 · 1er janvier 2023 – 31 décembre 2023');
    expect(taggedPeriodLabel({ ...byHand, tag: '' }, 'en')).toBe('1 January 2023 – 31 December 2023');
    expect(diagnosisTypeLabel({ companyName: 'Sol', previousBalanceSheet: byHand }, en, 'en')).toBe(
      'Comparison with Y0 1 January 2023 – 31 December 2023',
    );
  });

  it('has an admin variant naming the company', () => {
    expect(diagnosisTypeLabel({ companyName: 'Sol', previousBalanceSheet: null }, en, 'en', 'admin')).toBe(
      'Diagnosis of Sol: simple',
    );
    expect(
      diagnosisTypeLabel({ companyName: 'Sol', previousBalanceSheet: uploaded }, en, 'en', 'admin'),
    ).toBe('Diagnosis of Sol: comparison with balancete-2023.xlsx');
  });

  it('lists a sheet as tag · period · frequency · file name', () => {
    expect(sheetOptionLabel(uploaded, en, 'en')).toBe(
      'Y0 · 1 January 2023 – 31 December 2023 · Annual · balancete-2023.xlsx',
    );
    expect(sheetOptionLabel({ ...byHand, tag: '' }, en, 'en')).toBe(
      '1 January 2023 – 31 December 2023 · Annual · entered by hand',
    );
  });
});

describe('percentage change', () => {
  it('shows 1 decimal, a sign and an up arrow for a rise', () => {
    expect(changeDisplay({ percent: '12.34', direction: 'up' })).toEqual({
      text: nb('+12.3 %'),
      arrow: '▲',
      labelKey: 'diagnosisWeb:view.rise',
      direction: 'up',
    });
    expect(changeDisplay({ percent: '100', direction: 'up' })?.text).toBe(nb('+100.0 %'));
  });

  it('shows a down arrow for a fall and groups thousands', () => {
    const fall = changeDisplay({ percent: '-1234.5', direction: 'down' });
    expect(fall?.text).toBe(nb('-1 234.5 %'));
    expect(fall?.arrow).toBe('▼');
    expect(fall?.labelKey).toBe('diagnosisWeb:view.fall');
  });

  it('shows no arrow when flat and nothing when there is no change', () => {
    expect(changeDisplay({ percent: '0.0', direction: 'flat' })).toMatchObject({
      text: nb('0.0 %'),
      arrow: '',
    });
    expect(changeDisplay(null)).toBeNull();
    expect(changeDisplay(undefined)).toBeNull();
    expect(changeDisplay({ percent: 'n/a', direction: 'up' })).toBeNull();
  });

  it('writes the target with its comparison', () => {
    expect(targetText({ comparison: '>=', value: '0.43' })).toBe('≥ 0.43');
    expect(targetText({ comparison: '<', value: '1500000' })).toBe(`< ${nb('1 500 000')}`);
  });
});

describe('figures beside a target', () => {
  it('writes a target exactly, never rounded to 2 decimals', () => {
    expect(targetText({ comparison: '>=', value: '0.375' })).toBe('≥ 0.375');
    expect(targetText({ comparison: '>=', value: '0.075' })).toBe('≥ 0.075');
    expect(targetText({ comparison: '<=', value: '0.123456' })).toBe('≤ 0.123456');
    expect(targetText({ comparison: '>', value: '0.500000' })).toBe('> 0.5');
  });

  it('writes a ratio with at most 2 decimals: 0.1492 is 0.15, -0.529 is -0.53', () => {
    expect(valueText('0.1492')).toBe('0.15');
    expect(valueText('-0.529')).toBe('-0.53');
    expect(valueText('0.1492', { comparison: '>=', value: '0.1' })).toBe('0.15');
  });

  it('writes a ratio so that a failing value never shows the target', () => {
    const target = { comparison: '>=' as const, value: '0.43' };
    expect(valueText('0.4299', target)).toBe('0.4299');
    expect(valueText('0.429999', target)).toBe('0.429999');
    expect(valueText('0.43', target)).toBe('0.43');
    expect(valueText('0.374999', { comparison: '>=', value: '0.375' })).toBe('0.37');
    expect(valueText('0.3749', { comparison: '>=', value: '0.375' })).toBe('0.37');
    expect(valueText('12345.678', target)).toBe(nb('12 345.68'));
    expect(valueText(null, target)).toBe('');
  });

  it('writes chart figures by the same rule, nothing for a value that is not finite', () => {
    const target = { comparison: '>=' as const, value: '0.375' };
    expect(chartValueText(0.37499, target)).toBe('0.37');
    expect(chartValueText(0.1492, target)).toBe('0.15');
    expect(chartValueText(0.42999999999999994, { comparison: '>=', value: '0.43' })).toBe('0.43');
    expect(chartValueText(0.4299, { comparison: '>=', value: '0.43' })).toBe('0.4299');
    expect(chartValueText(0.1 + 0.2)).toBe('0.3');
    expect(chartValueText(1e-7, { comparison: '>', value: '0' })).toBe('0.0000001');
    expect(chartValueText(Number.POSITIVE_INFINITY)).toBe('');
    expect(chartValueText(Number.NaN)).toBe('');
    expect(chartValueText('1')).toBe('');
  });
});

function indicator(code: string, typeCode: string): DiagnosisIndicator {
  return {
    criterion: {
      id: code,
      code,
      description: text(code),
      ratio: 'A / B',
      ratioOrder: 1,
      recommendation: text('r'),
      isApplicationCriterion: false,
      typedescCriterion: { code: typeCode, description: text(`type ${typeCode}`) },
    },
    result: 1,
    value: '1',
    reason: null,
    ratioOrder: 1,
    target: { comparison: '>=', value: '1' },
    passed: true,
    annualised: false,
    inputs: [],
  };
}

describe('grouping by criterion type', () => {
  it('keeps the order received, groups and indicators alike', () => {
    const groups = groupByType([
      indicator('EE_1', 'EE'),
      indicator('EE_2', 'EE'),
      indicator('F_1', 'F'),
      indicator('L_1', 'L'),
      indicator('C_1', 'C'),
    ]);
    expect(groups.map((group) => group.code)).toEqual(['EE', 'F', 'L', 'C']);
    expect(groups[0]?.indicators.map((item) => item.criterion.code)).toEqual(['EE_1', 'EE_2']);
    expect(typeHeading('EE', en, 'en', groups[0]?.description)).toBe('type EE');
  });

  it("heads a series' groups with the catalog text, unknown codes with the code", () => {
    expect(typeHeading('L', en, 'en')).toBe('Liquidity');
    expect(typeHeading('ZZ', en, 'en')).toBe('ZZ');
  });
});

const target = { comparison: '>=' as const, value: '1' };
const series: IndicatorSeries = {
  frequency: 'annual',
  criteria: [
    { id: 'c', code: 'C_1', description: text('C 1'), typeCode: 'C', target },
    { id: 'l', code: 'L_1', description: text('L 1'), typeCode: 'L', target: { ...target, value: '1.5' } },
    { id: 'e', code: 'EE_1', description: text('EE 1'), typeCode: 'EE', target },
    { id: 'f', code: 'L_2', description: text('L 2'), typeCode: 'L', target },
  ],
  points: [
    {
      balanceSheetId: '00000000-0000-4000-8000-000000000001',
      tag: 'Y0',
      startDate: '2022-01-01',
      endDate: '2022-12-31',
      values: { L_1: '1.25', L_2: null, EE_1: '0.5', C_1: '3' },
    },
    {
      balanceSheetId: '00000000-0000-4000-8000-000000000002',
      tag: 'Y1',
      startDate: '2023-01-01',
      endDate: '2023-12-31',
      values: { L_1: '2', L_2: '1', EE_1: null },
    },
  ],
};

describe('indicator chart data', () => {
  it('draws a line over the periods with the target', () => {
    const l1 = series.criteria[1];
    if (!l1) throw new Error('missing');
    expect(indicatorChartData(series, l1, 'en')).toEqual({
      data: [
        { period: 'Y0 2022', value: 1.25 },
        { period: 'Y1 2023', value: 2 },
      ],
      computable: 2,
      canDraw: true,
      target: 1.5,
    });
  });

  it('leaves out a value too large for a float, so the chart never gets Infinity', () => {
    const huge = `1${'0'.repeat(400)}`;
    expect(chartNumber(huge)).toBeNull();
    expect(chartNumber(`-${huge}`)).toBeNull();
    expect(chartNumber('1e5')).toBeNull();
    expect(chartNumber(' 2.5 ')).toBe(2.5);
    const l1 = series.criteria[1];
    if (!l1) throw new Error('missing');
    const withHuge: IndicatorSeries = {
      ...series,
      points: series.points.map((point, index) =>
        index === 0 ? { ...point, values: { ...point.values, L_1: huge } } : point,
      ),
    };
    const chart = indicatorChartData(withHuge, l1, 'en');
    expect(chart.data.map((row) => row.value)).toEqual([null, 2]);
    expect(chart.canDraw).toBe(false);
  });

  it('refuses to draw with fewer than two computable points', () => {
    for (const index of [0, 2, 3]) {
      const criterion = series.criteria[index];
      if (!criterion) throw new Error('missing');
      const chart = indicatorChartData(series, criterion, 'en');
      expect(chart.computable, criterion.code).toBe(1);
      expect(chart.canDraw, criterion.code).toBe(false);
    }
    const l1 = series.criteria[1];
    if (!l1) throw new Error('missing');
    expect(indicatorChartData({ ...series, points: [] }, l1, 'en').canDraw).toBe(false);
  });

  it('groups the series by type in the order EE, F, L, RE, RF, C', () => {
    expect(seriesGroups(series).map((group) => [group.code, group.criteria.map((c) => c.code)])).toEqual([
      ['EE', ['EE_1']],
      ['L', ['L_1', 'L_2']],
      ['C', ['C_1']],
    ]);
  });
});

describe('admin statistics', () => {
  const row = (key: string | null, median: string | null): DistributionRow => ({
    key,
    label: key ? text(`Island ${key}`) : null,
    companies: 5,
    p25: null,
    median,
    p75: null,
    shareMeetingTarget: '0.4286',
  });

  it('shows the share meeting the target as a percentage with at most 1 decimal', () => {
    expect(shareText('0.4286')).toBe(nb('42.9 %'));
    expect(shareText('1')).toBe(nb('100 %'));
    expect(shareText(null)).toBe('');
  });

  it('draws one bar per group with a median, unnamed groups as Not stated', () => {
    expect(medianChartData([row('a', '0.5'), row('b', null), row(null, '2')], en, 'en')).toEqual([
      { group: 'Island a', median: 0.5 },
      { group: 'Not stated', median: 2 },
    ]);
  });
});

describe('admin statistics criterion choices', () => {
  const item = (code: string, typeCode: string, sortOrder: number, isActive = true): CriterionItem => ({
    id: `id-${code}`,
    version: 1,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    code,
    description: text(`${code} text`),
    formula: 'A / B',
    targetComparison: '>=',
    targetValue: '1',
    recommendation: text('r'),
    criterionTypeId: '00000000-0000-4000-8000-000000000009',
    criterionType: {
      id: '00000000-0000-4000-8000-000000000009',
      code: typeCode,
      description: text(typeCode),
    },
    sortOrder,
    isApplicationCriterion: typeCode === 'C',
    isActive,
  });

  it('lists only the active criteria, by type EE, F, L, RE, RF, C and the application order within C', () => {
    const options = statisticsCriterionOptions(
      [
        item('AF', 'C', 6),
        item('RLP', 'C', 1),
        item('EBITDA', 'C', 2),
        item('L_LG', 'L', 1),
        item('EE_END', 'EE', 1),
        item('EE_OLD', 'EE', 0, false),
        item('RF_X', 'RF', 1),
        item('F_2', 'F', 2),
        item('F_1', 'F', 1),
        item('RE_1', 'RE', 1),
      ],
      'en',
    );
    expect(options.map((option) => option.label.split(' — ')[0])).toEqual([
      'EE_END',
      'F_1',
      'F_2',
      'L_LG',
      'RE_1',
      'RF_X',
      'RLP',
      'EBITDA',
      'AF',
    ]);
    expect(options[0]).toEqual({ value: 'id-EE_END', label: 'EE_END — EE_END text' });
  });
});

describe('position against the sector median', () => {
  const atLeast = { comparison: '>=' as const, value: '0.375' };
  const atMost = { comparison: '<=' as const, value: '3' };

  it('says above or below, better or worse by the direction of the target', () => {
    expect(sectorPosition('0.45', '0.4', atLeast)).toEqual({
      side: 'above',
      verdict: 'better',
      labelKey: 'diagnosisWeb:view.sectorPosition.aboveBetter',
    });
    expect(sectorPosition('0.35', '0.4', atLeast)?.labelKey).toBe(
      'diagnosisWeb:view.sectorPosition.belowWorse',
    );
    expect(sectorPosition('2.5', '1.8', atMost)?.labelKey).toBe(
      'diagnosisWeb:view.sectorPosition.aboveWorse',
    );
    expect(sectorPosition('1.2', '1.8', atMost)?.labelKey).toBe(
      'diagnosisWeb:view.sectorPosition.belowBetter',
    );
    expect(sectorPosition('-5', '0', { comparison: '>', value: '0' })?.verdict).toBe('worse');
    expect(en('diagnosisWeb:view.sectorPosition.aboveBetter')).toBe('Above the sector median: better');
  });

  it('compares exactly, at the median without a verdict', () => {
    expect(sectorPosition('0.40', '0.4', atLeast)).toEqual({
      side: 'at',
      verdict: null,
      labelKey: 'diagnosisWeb:view.sectorPosition.at',
    });
    expect(sectorPosition('0.40000000000000000001', '0.4', atLeast)?.side).toBe('above');
  });

  it("for '=' judges by the distance to the target", () => {
    const exactly = { comparison: '=' as const, value: '1' };
    expect(sectorPosition('1.1', '1.5', exactly)?.labelKey).toBe(
      'diagnosisWeb:view.sectorPosition.belowBetter',
    );
    expect(sectorPosition('1.6', '1.5', exactly)?.labelKey).toBe(
      'diagnosisWeb:view.sectorPosition.aboveWorse',
    );
    expect(sectorPosition('1.2', '0.8', exactly)?.labelKey).toBe('diagnosisWeb:view.sectorPosition.above');
  });

  it('says nothing without a value or a median', () => {
    expect(sectorPosition(null, '0.4', atLeast)).toBeNull();
    expect(sectorPosition('0.4', undefined, atLeast)).toBeNull();
    expect(sectorPosition('n/a', '0.4', atLeast)).toBeNull();
  });
});

describe('inputAccountsView', () => {
  const input = {
    name: 'PC',
    period: 'current' as const,
    description: text('Passivo corrente'),
    accountCodes: ['22', '25', '27'],
    value: '20000',
    annualisedValue: null,
  };

  it("lists an uploaded sheet's lines with formatted amounts and counts the others", () => {
    const view = inputAccountsView(
      {
        ...input,
        source: 'upload',
        lines: [
          { account: '251', description: 'Empréstimo bancário', amount: '1234567.5' },
          { account: '2721', description: 'Credores diversos', amount: '-40' },
        ],
        otherLines: 3,
      },
      en,
    );
    expect(view).toEqual({
      kind: 'lines',
      lines: [
        { account: '251', description: 'Empréstimo bancário', amount: formatNumber('1234567.5') },
        { account: '2721', description: 'Credores diversos', amount: formatNumber('-40') },
      ],
      more: 'and 3 other accounts',
      empty: null,
    });
    const one = inputAccountsView({ ...input, source: 'upload', lines: [], otherLines: 1 }, pt);
    expect(one).toMatchObject({ more: 'e mais 1 conta' });
    const none = inputAccountsView({ ...input, source: 'upload', lines: [], otherLines: 0 }, en);
    expect(none).toMatchObject({ more: null, empty: en('diagnosisWeb:view.noLines') });
  });

  it('shows the configured accounts for a sheet entered by hand, with a note, and for older diagnoses', () => {
    expect(inputAccountsView({ ...input, source: 'entry' }, en)).toEqual({
      kind: 'configured',
      codes: '22, 25, 27',
      note: 'Trial balance entered by hand: the accounts configured for each aggregate are shown.',
    });
    expect(inputAccountsView(input, en)).toEqual({ kind: 'configured', codes: '22, 25, 27', note: null });
    expect(inputAccountsView({ ...input, period: 'previous', source: 'entry' }, en)).toMatchObject({
      note: "Previous period's trial balance entered by hand: the accounts configured for its aggregates are shown.",
    });
    // An uploaded sheet whose lines were not kept (the tree changed since): the configured accounts, no note.
    expect(inputAccountsView({ ...input, source: 'upload' }, en)).toMatchObject({
      kind: 'configured',
      note: null,
    });
  });
});
