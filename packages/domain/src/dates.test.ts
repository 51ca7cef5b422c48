import { afterEach, describe, expect, it } from 'vitest';
import {
  calendarDayOf,
  formatDayFirstDate,
  formatDisplayDate,
  formatDisplayMonth,
  formatDisplayPeriod,
  formatDisplayTime,
  isoToPortalDateTime,
  parseDayFirstDate,
  parseIsoDate,
  portalDateTimeToIso,
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

describe('month names', () => {
  it("are every month's name as Intl writes it for pt-PT, en-GB and fr-FR", () => {
    const locales = { pt: 'pt-PT', en: 'en-GB', fr: 'fr-FR' } as const;
    for (const [language, locale] of Object.entries(locales)) {
      const intl = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
      for (let month = 1; month <= 12; month++) {
        const expected = intl.format(new Date(Date.UTC(2000, month - 1, 1)));
        const written = formatDisplayMonth(`2000-${String(month).padStart(2, '0')}`, language);
        expect(written).toBe(language === 'pt' ? `${expected} - 2000` : `${expected} 2000`);
      }
    }
  });
});

describe('parseIsoDate', () => {
  it('throws its message on an invalid date string', () => {
    expect(() => parseIsoDate('2026-02-30')).toThrow('Invalid date string');
  });
});

describe("date-times on Cabo Verde's clock, whatever the machine's time zone", () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it.each(['Asia/Tokyo', 'America/New_York', 'UTC', 'Atlantic/Cape_Verde'])(
    'in %s: 2026-12-25 15:00 in Cabo Verde is 2026-12-25T16:00:00Z, and back',
    (machineZone) => {
      process.env.TZ = machineZone;
      // The machine's own clock really is another one (Tokyo is UTC+9, New York UTC−5 in December).
      if (machineZone === 'Asia/Tokyo') expect(new Date('2026-12-25T16:00:00Z').getHours()).toBe(1);
      const iso = portalDateTimeToIso('2026-12-25 15:00');
      expect(iso).toBe('2026-12-25T15:00:00-01:00');
      expect(new Date(iso).toISOString()).toBe('2026-12-25T16:00:00.000Z');
      expect(portalDateTimeToIso('2026-12-25T15:00:00')).toBe(iso);
      expect(isoToPortalDateTime('2026-12-25T16:00:00Z')).toBe('2026-12-25 15:00:00');
      expect(isoToPortalDateTime(new Date('2026-07-01T00:30:00Z'))).toBe('2026-06-30 23:30:00');
      expect(isoToPortalDateTime(iso)).toBe('2026-12-25 15:00:00');
    },
  );

  it("reads instants on the clock Intl gives for Cabo Verde's time zone, before and after its 1975 change", () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Atlantic/Cape_Verde',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    // Every 7 days and 37 minutes from 1970 to 2040: all hours of the day, each side of 1975-11-25 (UTC−2 to −1).
    for (
      let instant = Date.UTC(1970, 0, 1);
      instant < Date.UTC(2040, 0, 1);
      instant += (7 * 1440 + 37) * 60_000
    ) {
      const parts = Object.fromEntries(intl.formatToParts(instant).map((part) => [part.type, part.value]));
      const wall = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
      expect(isoToPortalDateTime(new Date(instant))).toBe(wall);
      expect(formatDisplayTime(instant)).toBe(`${parts.hour}:${parts.minute}`);
      expect(calendarDayOf(new Date(instant))).toEqual({
        year: Number(parts.year),
        month: Number(parts.month),
        day: Number(parts.day),
      });
    }
  });

  it('refuses what is not a real date-time', () => {
    expect(portalDateTimeToIso('')).toBe('');
    expect(portalDateTimeToIso('2026-02-31 10:00')).toBe('');
    expect(portalDateTimeToIso('2026-03-01')).toBe('');
    expect(portalDateTimeToIso('2026-03-01 24:00')).toBe('');
    expect(isoToPortalDateTime('not a date')).toBe('');
  });
});

describe('dates typed day first (DD/MM/YYYY)', () => {
  it('reads the day first, in any language, and writes the field the same way', () => {
    expect(parseDayFirstDate('25/12/2026')).toBe('2026-12-25');
    expect(parseDayFirstDate('1/2/2026')).toBe('2026-02-01');
    expect(parseDayFirstDate('01-02-2026')).toBe('2026-02-01');
    expect(parseDayFirstDate('01.02.2026')).toBe('2026-02-01');
    expect(parseDayFirstDate('2026-02-01')).toBe('2026-02-01');
    expect(formatDayFirstDate('2026-11-28')).toBe('28/11/2026');
    expect(parseDayFirstDate(formatDayFirstDate('2026-11-28'))).toBe('2026-11-28');
  });

  it('gives null for an impossible or a month-first date', () => {
    expect(parseDayFirstDate('31/02/2026')).toBeNull();
    expect(parseDayFirstDate('12/25/2026')).toBeNull();
    expect(parseDayFirstDate('2026')).toBeNull();
    expect(parseDayFirstDate('')).toBeNull();
    expect(formatDayFirstDate('x')).toBe('');
  });
});
