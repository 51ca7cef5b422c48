import { describe, expect, it } from 'vitest';
import { displayFileName, storedFileName } from './file-names.ts';
import { latestPerPeriod, normalizeFrequency, periodTag, withPeriodTags } from './periods.ts';

describe('normalizeFrequency (SPEC §4)', () => {
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

describe('periodTag (SPEC §4)', () => {
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

describe('latestPerPeriod (SPEC §4)', () => {
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

describe('file names (SPEC §3)', () => {
  it('stores the original name with a year and number suffix, and strips it for display', () => {
    expect(storedFileName('Balancete 2023.xlsx', 2024, 17)).toBe('Balancete 2023_2024_17.xlsx');
    expect(displayFileName('Balancete 2023_2024_17.xlsx')).toBe('Balancete 2023.xlsx');
    expect(displayFileName(storedFileName('C:\\docs\\TB.XLSX', 2025, 3))).toBe('TB.xlsx');
    expect(storedFileName('../.xlsx', 2025, 1)).toBe('balance-sheet_2025_1.xlsx');
    expect(displayFileName('plain.xlsx')).toBe('plain.xlsx');
  });
});
