/** Parses an ISO date (yyyy-mm-dd) or date-time; throws 'Invalid date string' otherwise (SPEC §8). */
export function parseIsoDate(value: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})(T.*)?$/.exec(value);
  if (!match) throw new Error('Invalid date string');
  const date = new Date(match[4] ? value : `${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new Error('Invalid date string');
  if (!match[4] && date.toISOString().slice(0, 10) !== value) throw new Error('Invalid date string');
  return date;
}

/** The portal's time zone: Cabo Verde (UTC−1, no daylight saving). */
export const PORTAL_TIME_ZONE = 'Atlantic/Cape_Verde';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** The calendar day of an instant in Cabo Verde; a bare 'yyyy-mm-dd' is that day as written. */
export function calendarDayOf(value: string | Date): CalendarDay {
  if (typeof value === 'string' && DATE_ONLY.test(value)) {
    const [year = 0, month = 0, day = 0] = value.split('-').map(Number);
    return { year, month, day };
  }
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: PORTAL_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(typeof value === 'string' ? new Date(value) : value);
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

const LOCALES: Record<string, string> = { pt: 'pt-PT', en: 'en-GB', fr: 'fr-FR' };

function monthName(month: number, language: string): string {
  return new Intl.DateTimeFormat(LOCALES[language] ?? 'pt-PT', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, month - 1, 1)),
  );
}

/**
 * A date as a reader of the language writes it: Portuguese 'day - month - year' with the month's name (SPEC §9:
 * '25 - novembro - 2026'), English '25 November 2026', French '25 novembre 2026' ('1er' on the first). Instants
 * are read on Cabo Verde's calendar; `time` adds hh:mm there ('25 - novembro - 2026, 14:05'). '' for an
 * invalid date.
 */
export function formatDisplayDate(
  value: Date | string,
  language: string,
  options: { time?: boolean } = {},
): string {
  const date =
    typeof value === 'string' ? new Date(DATE_ONLY.test(value) ? `${value}T12:00:00Z` : value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const { year, month, day } = calendarDayOf(value);
  const name = monthName(month, language);
  const text =
    language === 'pt'
      ? `${day} - ${name} - ${year}`
      : language === 'fr'
        ? `${day === 1 ? '1er' : day} ${name} ${year}`
        : `${day} ${name} ${year}`;
  if (!options.time || (typeof value === 'string' && DATE_ONLY.test(value))) return text;
  return `${text}, ${formatDisplayTime(date)}`;
}

/**
 * A period of two dates, each as formatDisplayDate writes it: '1 - janeiro - 2024 a 31 - dezembro - 2024',
 * '1 January 2024 – 31 December 2024', '1er janvier 2024 – 31 décembre 2024'.
 */
export function formatDisplayPeriod(start: Date | string, end: Date | string, language: string): string {
  return `${formatDisplayDate(start, language)}${displayPeriodSeparator(language)}${formatDisplayDate(end, language)}`;
}

/** What stands between the two dates of a period: ' a ' in Portuguese, ' – ' otherwise. */
export function displayPeriodSeparator(language: string): string {
  return language === 'pt' ? ' a ' : ' – ';
}

/** A month ('yyyy-mm', or any date in it) the same way without the day: 'novembro - 2026', 'November 2026'. */
export function formatDisplayMonth(value: string, language: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(value);
  if (!match) return '';
  const [year, month] = [Number(match[1]), Number(match[2])];
  if (month < 1 || month > 12) return '';
  const name = monthName(month, language);
  return language === 'pt' ? `${name} - ${year}` : `${name} ${year}`;
}

/** The time of an instant in Cabo Verde, 'hh:mm' (24 h), as formatDisplayDate's `time` writes it. */
export function formatDisplayTime(value: Date | string | number): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: PORTAL_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}
