import { describe, expect, it } from 'vitest';
import { BalanceSheetUploadFields, SaveBalanceSheetEntry } from './schemas.ts';

const messages = (result: {
  success: boolean;
  error?: { issues: Array<{ message: string; path: PropertyKey[] }> };
}) => result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('BalanceSheetUploadFields', () => {
  it('accepts a period and normalises the frequency', () => {
    const result = BalanceSheetUploadFields.parse({
      startDate: '2024-01-01',
      endDate: '2024-03-31',
      typeFrequence: 'Trimestral',
    });
    expect(result.typeFrequence).toBe('quarterly');
  });

  it("refuses an end before the start and missing dates with the portal's messages", () => {
    expect(
      messages(
        BalanceSheetUploadFields.safeParse({
          startDate: '2024-02-01',
          endDate: '2024-01-31',
          typeFrequence: 'monthly',
        }),
      ),
    ).toEqual(['endDate: balanceSheets:endBeforeStart']);
    expect(messages(BalanceSheetUploadFields.safeParse({ startDate: '', typeFrequence: 'weekly' }))).toEqual([
      'startDate: balanceSheets:dateRequired',
      'endDate: balanceSheets:dateRequired',
      'typeFrequence: balanceSheets:frequencyRequired',
    ]);
  });
});

describe('period dates', () => {
  const fields = (startDate: string, endDate: string) => ({ startDate, endDate, typeFrequence: 'annual' });

  it('accepts 1900-01-01 to 2999-12-31', () => {
    expect(BalanceSheetUploadFields.safeParse(fields('1900-01-01', '2999-12-31')).success).toBe(true);
  });

  it('refuses years the database cannot hold (0000) and dates outside 1900…2999, with the range', () => {
    expect(messages(BalanceSheetUploadFields.safeParse(fields('0000-01-01', '0000-12-31')))).toEqual([
      'startDate: balanceSheets:dateRange',
      'endDate: balanceSheets:dateRange',
    ]);
    expect(messages(BalanceSheetUploadFields.safeParse(fields('1899-12-31', '2024-12-31')))).toEqual([
      'startDate: balanceSheets:dateRange',
    ]);
    expect(messages(BalanceSheetUploadFields.safeParse(fields('2024-01-01', '3000-01-01')))).toEqual([
      'endDate: balanceSheets:dateRange',
    ]);
    expect(
      messages(SaveBalanceSheetEntry.safeParse({ ...fields('0000-01-01', '2024-12-31'), values: {} })),
    ).toEqual(['startDate: balanceSheets:dateRange']);
    // Not a date at all is still 'invalid date'.
    expect(messages(BalanceSheetUploadFields.safeParse(fields('2024-02-30', '2024-12-31')))).toEqual([
      'startDate: validation:invalidDate',
    ]);
  });
});

describe('SaveBalanceSheetEntry', () => {
  const entry = {
    startDate: '2024-01-01',
    endDate: '2024-12-31',
    typeFrequence: 'annual',
    values: { CAIXA: '-12.5' },
  };

  it('accepts canonical amounts by leaf code', () => {
    expect(SaveBalanceSheetEntry.parse({ ...entry, version: 2 }).values).toEqual({ CAIXA: '-12.5' });
  });

  it('refuses client-only fields and amounts that are not canonical', () => {
    const extra = SaveBalanceSheetEntry.safeParse({ ...entry, result: '1', opened: true, dateInsert: 'x' });
    expect(extra.success).toBe(false);
    expect(extra.error?.issues[0]).toMatchObject({
      code: 'unrecognized_keys',
      keys: ['result', 'opened', 'dateInsert'],
    });
    expect(messages(SaveBalanceSheetEntry.safeParse({ ...entry, values: { CAIXA: '1 000,5' } }))).toEqual([
      'values.CAIXA: balanceSheets:invalidAmount',
    ]);
    expect(SaveBalanceSheetEntry.safeParse({ ...entry, values: { CAIXA: '1.005' } }).success).toBe(false);
  });
});
