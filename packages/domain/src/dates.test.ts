import { describe, expect, it } from 'vitest';
import {
  formatDisplayDate,
  formatDisplayMonth,
  formatDisplayPeriod,
  formatDisplayTime,
  parseIsoDate,
} from './dates.ts';

describe('formatDisplayDate', () => {
  it('writes the day in the language, Portuguese as day - month - year, on the Cabo Verde calendar', () => {
    // 00:30 UTC on the 26th is 23:30 on the 25th in Cabo Verde (UTC−1).
    expect(formatDisplayDate('2026-11-26T00:30:00Z', 'pt')).toBe('25 - novembro - 2026');
    expect(formatDisplayDate('2026-11-26T00:30:00Z', 'en')).toBe('25 November 2026');
    expect(formatDisplayDate('2026-11-26T00:30:00Z', 'fr')).toBe('25 novembre 2026');
  });

  it('shows a bare date as written, whatever the time zone, and the first of the month in French as 1er', () => {
    expect(formatDisplayDate('2026-03-01', 'pt')).toBe('1 - março - 2026');
    expect(formatDisplayDate('2026-03-01', 'fr')).toBe('1er mars 2026');
  });

  it('adds the Cabo Verde time when asked, and says nothing for an invalid date', () => {
    expect(formatDisplayDate(new Date('2026-11-25T15:05:00Z'), 'pt', { time: true })).toBe(
      '25 - novembro - 2026, 14:05',
    );
    expect(formatDisplayDate('not a date', 'en')).toBe('');
  });
});

describe('formatDisplayPeriod, formatDisplayMonth, formatDisplayTime', () => {
  it('writes a period as its two dates, a month without the day, a time as hh:mm in Cabo Verde', () => {
    expect(formatDisplayPeriod('2024-01-01', '2024-12-31', 'pt')).toBe(
      '1 - janeiro - 2024 a 31 - dezembro - 2024',
    );
    expect(formatDisplayPeriod('2024-01-01', '2024-12-31', 'en')).toBe('1 January 2024 – 31 December 2024');
    expect(formatDisplayPeriod('2024-07-01', '2024-12-31', 'fr')).toBe('1er juillet 2024 – 31 décembre 2024');
    expect(formatDisplayMonth('2026-11', 'pt')).toBe('novembro - 2026');
    expect(formatDisplayMonth('2026-11', 'en')).toBe('November 2026');
    expect(formatDisplayMonth('2026-02-14', 'fr')).toBe('février 2026');
    expect(formatDisplayMonth('2026-13', 'fr')).toBe('');
    // 09:30:26 UTC is 08:30 in Cabo Verde; seconds are not shown.
    expect(formatDisplayTime('2026-11-24T09:30:26Z')).toBe('08:30');
    expect(formatDisplayTime(Number.NaN)).toBe('');
  });
});

describe('parseIsoDate', () => {
  it('throws the spec message on an invalid date string', () => {
    expect(() => parseIsoDate('2026-02-30')).toThrow('Invalid date string');
  });
});
