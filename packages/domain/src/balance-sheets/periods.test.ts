import { describe, expect, it } from 'vitest';
import { displayFileName, storedFileName } from './file-names.ts';
import {
  byPeriodNewestFirst,
  type Frequency,
  latestPerPeriod,
  normalizeFrequency,
  periodTag,
  previousPeriodSheet,
  previousYearSheet,
  withPeriodTags,
  yearEarlier,
} from './periods.ts';

describe('normalizeFrequency', () => {
  it.each([
    ['monthly', 'monthly'],
    ['mensal', 'monthly'],
    ['Mensal', 'monthly'],
    ['annually', 'annual'],
    ['anual', 'annual'],
    ['Anual', 'annual'],
    ['annual', 'annual'],
    ['quarterly', 'quarterly'],
    ['trimestral', 'quarterly'],
    ['semiannually', 'semiannual'],
    ['semi_annually', 'semiannual'],
    ['semiannual', 'semiannual'],
    ['semestral', 'semiannual'],
    ['  SEMESTRAL ', 'semiannual'],
  ])('%j gives %s', (input, expected) => {
    expect(normalizeFrequency(input)).toBe(expected);
  });

  it.each([['weekly'], [''], ['semi annual'], [undefined], [null], [12]])('%j gives unknown', (input) => {
    expect(normalizeFrequency(input)).toBe('unknown');
  });
});

describe('periodTag', () => {
  const month = (m: number) => `2024-${String(m).padStart(2, '0')}-01`;
  const tag = (frequency: Parameters<typeof periodTag>[0]['frequency'], m: number) =>
    periodTag({ startDate: month(m), endDate: '2024-12-31', frequency });

  it('gives quarters by start month: January–March Q1, April–June Q2, July–September Q3, the rest Q4', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => tag('quarterly', m))).toEqual([
      'Q1',
      'Q1',
      'Q1',
      'Q2',
      'Q2',
      'Q2',
      'Q3',
      'Q3',
      'Q3',
      'Q4',
      'Q4',
      'Q4',
    ]);
    // Boundaries on the last and first day of a month.
    expect(periodTag({ startDate: '2024-03-31', endDate: '2024-06-30', frequency: 'quarterly' })).toBe('Q1');
    expect(periodTag({ startDate: '2024-04-01', endDate: '2024-06-30', frequency: 'quarterly' })).toBe('Q2');
  });

  it('gives S1 for a start in January–June and S2 after', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => tag('semiannual', m))).toEqual([
      'S1',
      'S1',
      'S1',
      'S1',
      'S1',
      'S1',
      'S2',
      'S2',
      'S2',
      'S2',
      'S2',
      'S2',
    ]);
    expect(periodTag({ startDate: '2024-06-30', endDate: '2024-12-31', frequency: 'semiannual' })).toBe('S1');
    expect(periodTag({ startDate: '2024-07-01', endDate: '2024-12-31', frequency: 'semiannual' })).toBe('S2');
  });

  it('gives months M01–M12 and nothing for an unknown frequency', () => {
    expect(tag('monthly', 1)).toBe('M01');
    expect(tag('monthly', 12)).toBe('M12');
    expect(tag('unknown', 5)).toBe('');
  });

  it('counts annual periods from the first annual year of the company', () => {
    const sheets = [
      { startDate: '2023-01-01', endDate: '2023-12-31', frequency: 'annual' as const },
      { startDate: '2021-01-01', endDate: '2021-12-31', frequency: 'annual' as const },
      { startDate: '2023-04-01', endDate: '2023-06-30', frequency: 'quarterly' as const },
      { startDate: '2022-01-01', endDate: '2022-12-31', frequency: 'annual' as const },
    ];
    expect(withPeriodTags(sheets).map((sheet) => sheet.tag)).toEqual(['Y2', 'Y0', 'Q2', 'Y1']);
    expect(periodTag(sheets[0] as (typeof sheets)[0])).toBe('Y0');
  });
});

describe('latestPerPeriod', () => {
  it('keeps only the most recently inserted sheet of a start and end, others untouched and in order', () => {
    const sheets = [
      { id: 'a', startDate: '2023-01-01', endDate: '2023-12-31', dateInsert: '2024-02-01T10:00:00Z' },
      { id: 'b', startDate: '2023-01-01', endDate: '2023-06-30', dateInsert: '2024-01-01T10:00:00Z' },
      { id: 'c', startDate: '2023-01-01', endDate: '2023-12-31', dateInsert: '2024-03-01T09:00:00Z' },
      { id: 'd', startDate: '2023-01-01', endDate: '2023-12-31', dateInsert: '2024-01-15T10:00:00Z' },
    ];
    expect(latestPerPeriod(sheets).map((sheet) => sheet.id)).toEqual(['b', 'c']);
  });
});

describe('byPeriodNewestFirst', () => {
  it('puts the latest period first whatever the upload order, then the newest insert of a period', () => {
    const sheets = [
      { id: 'y2025', startDate: '2025-01-01', endDate: '2025-12-31', dateInsert: '2026-01-10T10:00:00Z' },
      // 2024 uploaded again after 2025: still after 2025.
      { id: 'y2024', startDate: '2024-01-01', endDate: '2024-12-31', dateInsert: '2026-02-01T10:00:00Z' },
      { id: 'q3', startDate: '2025-07-01', endDate: '2025-09-30', dateInsert: '2026-03-01T10:00:00Z' },
      { id: 'y2024-old', startDate: '2024-01-01', endDate: '2024-12-31', dateInsert: '2025-01-10T10:00:00Z' },
      { id: 'h1', startDate: '2025-01-01', endDate: '2025-06-30', dateInsert: '2026-03-02T10:00:00Z' },
    ];
    expect([...sheets].sort(byPeriodNewestFirst).map((sheet) => sheet.id)).toEqual([
      'y2025',
      'q3',
      'h1',
      'y2024',
      'y2024-old',
    ]);
  });
});

describe('file names', () => {
  it('stores the original name with a year and number suffix, and strips it for display', () => {
    expect(storedFileName('Balancete 2023.xlsx', 2024, 17)).toBe('Balancete 2023_2024_17.xlsx');
    expect(displayFileName('Balancete 2023_2024_17.xlsx')).toBe('Balancete 2023.xlsx');
    expect(displayFileName(storedFileName('C:\\docs\\TB.XLSX', 2025, 3))).toBe('TB.xlsx');
    expect(storedFileName('../.xlsx', 2025, 1)).toBe('balance-sheet_2025_1.xlsx');
    expect(displayFileName('plain.xlsx')).toBe('plain.xlsx');
  });
});

describe('previousYearSheet (prev() reads the previous year)', () => {
  const sheet = (id: string, startDate: string, endDate: string, frequency: Frequency = 'annual') => ({
    id,
    startDate,
    endDate,
    frequency,
  });
  const y2022 = sheet('2022', '2022-01-01', '2022-12-31');
  const y2023 = sheet('2023', '2023-01-01', '2023-12-31');
  const y2024 = sheet('2024', '2024-01-01', '2024-12-31');

  it("takes last year's annual sheet", () => {
    expect(previousYearSheet(y2024, [y2022, y2023, y2024])?.id).toBe('2023');
    // A fiscal year from July to June.
    const fiscal = [sheet('f23', '2022-07-01', '2023-06-30'), sheet('f24', '2023-07-01', '2024-06-30')];
    expect(previousYearSheet(fiscal[1] as (typeof fiscal)[number], fiscal)?.id).toBe('f23');
  });

  it('does not bridge a missing year with an older sheet', () => {
    expect(previousYearSheet(y2024, [y2022, y2024])).toBeUndefined();
    // The rule the balance-sheet list uses would have taken 2022.
    expect(previousPeriodSheet(y2024, [y2022, y2024])?.id).toBe('2022');
    expect(previousYearSheet(y2022, [y2022, y2023, y2024])).toBeUndefined();
  });

  it('needs the same start and end one year earlier for an annual sheet', () => {
    const shifted = sheet('x', '2023-02-01', '2024-01-31');
    expect(previousYearSheet(y2024, [shifted, y2024])).toBeUndefined();
    // 29 February and 28 February are both the end of February.
    const leap = [sheet('a', '2023-03-01', '2024-02-29'), sheet('b', '2024-03-01', '2025-02-28')];
    expect(previousYearSheet(leap[1] as (typeof leap)[number], leap)?.id).toBe('a');
    expect(
      previousYearSheet(leap[0] as (typeof leap)[number], [sheet('c', '2022-03-01', '2023-02-28')])?.id,
    ).toBe('c');
  });

  it("takes a quarter's or a month's same period last year, never the previous quarter or month", () => {
    const q3of2023 = sheet('q3-2023', '2023-07-01', '2023-09-30', 'quarterly');
    const q2of2024 = sheet('q2-2024', '2024-04-01', '2024-06-30', 'quarterly');
    const q3of2024 = sheet('q3-2024', '2024-07-01', '2024-09-30', 'quarterly');
    expect(previousYearSheet(q3of2024, [q3of2023, q2of2024, q3of2024])?.id).toBe('q3-2023');
    expect(previousYearSheet(q3of2024, [q2of2024, q3of2024])).toBeUndefined();
    const march2023 = sheet('m3-2023', '2023-03-01', '2023-03-31', 'monthly');
    const february2024 = sheet('m2-2024', '2024-02-01', '2024-02-29', 'monthly');
    const march2024 = sheet('m3-2024', '2024-03-01', '2024-03-31', 'monthly');
    expect(previousYearSheet(march2024, [march2023, february2024, march2024])?.id).toBe('m3-2023');
    expect(previousYearSheet(march2024, [february2024, march2024])).toBeUndefined();
    // February of a leap year against February of the year before.
    const february2023 = sheet('m2-2023', '2023-02-01', '2023-02-28', 'monthly');
    expect(previousYearSheet(february2024, [february2023, february2024])?.id).toBe('m2-2023');
  });

  it("falls back to the previous year's annual sheet for a shorter period", () => {
    const q3of2024 = sheet('q3-2024', '2024-07-01', '2024-09-30', 'quarterly');
    const h1of2024 = sheet('h1-2024', '2024-01-01', '2024-06-30', 'semiannual');
    expect(previousYearSheet(q3of2024, [y2022, y2023, q3of2024])?.id).toBe('2023');
    expect(previousYearSheet(h1of2024, [y2023, h1of2024])?.id).toBe('2023');
    // The same period of last year wins over the annual sheet.
    const q3of2023 = sheet('q3-2023', '2023-07-01', '2023-09-30', 'quarterly');
    expect(previousYearSheet(q3of2024, [y2023, q3of2023, q3of2024])?.id).toBe('q3-2023');
    // Not the current year's annual sheet, nor one two years back.
    expect(previousYearSheet(q3of2024, [y2022, y2024, q3of2024])).toBeUndefined();
  });

  it('shifts a date by one year', () => {
    expect(yearEarlier('2024-12-31')).toBe('2023-12-31');
    expect(yearEarlier('2024-02-29')).toBe('2023-02-28');
  });
});
