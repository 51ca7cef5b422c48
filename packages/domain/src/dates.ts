/** Parses an ISO date (yyyy-mm-dd) or date-time; throws 'Invalid date string' otherwise. */
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

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * The Intl.DateTimeFormat of `locale` and `options`, made once and kept under `key`: making one costs far more
 * than formatting with it, and a page or an export of many dates made one per date.
 */
function dateFormat(key: string, locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

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
  const wall = portalWallClock(typeof value === 'string' ? Date.parse(value) : value.getTime());
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/**
 * The months' names as each language writes them in a date (what Intl gives for pt-PT, en-GB and fr-FR): a table,
 * because the first Intl.DateTimeFormat of a language loads its locale data, the longest step of a phone's first
 * render of a page with dates.
 */
const MONTH_NAMES: Record<string, readonly string[]> = {
  pt: [
    'janeiro',
    'fevereiro',
    'março',
    'abril',
    'maio',
    'junho',
    'julho',
    'agosto',
    'setembro',
    'outubro',
    'novembro',
    'dezembro',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  fr: [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
};

function monthName(month: number, language: string): string {
  return (MONTH_NAMES[language] ?? MONTH_NAMES.pt)?.[month - 1] ?? '';
}

/**
 * A date as a reader of the language writes it (docs/adr/0023): Portuguese 'day - month - year' with the month's
 * name ('25 - novembro - 2026'), English '25 November 2026', French '25 novembre 2026' ('1er' on the first).
 * Instants are read on Cabo Verde's calendar; `time` adds hh:mm there ('25 - novembro - 2026, 14:05'). '' for an
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
  const wall = portalWallClock(date.getTime());
  return `${pad2(wall.getUTCHours())}:${pad2(wall.getUTCMinutes())}`;
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Since this instant (1 January 1976) Cabo Verde's clock has been UTC−1 all year (from 25 November 1975). */
const FIXED_OFFSET_SINCE = Date.UTC(1976, 0, 1);

/**
 * The offset of Cabo Verde's clock from UTC at an instant, in minutes: −60 (UTC−1, no daylight saving) since
 * 1976, without asking Intl, whose first use of a time zone loads its data (the longest step of a phone's first
 * render of a page with dates); Intl's answer before then.
 */
function portalOffsetMinutes(instant: number): number {
  if (instant >= FIXED_OFFSET_SINCE) return -60;
  const parts = dateFormat('wall-clock', 'en-US', {
    timeZone: PORTAL_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return Math.round((wall - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** An instant as Cabo Verde's clock shows it, in the UTC fields of the Date returned (to the second). */
function portalWallClock(instant: number): Date {
  return new Date(Math.floor(instant / 1000) * 1000 + portalOffsetMinutes(instant) * 60_000);
}

const pad2 = (value: number) => String(Math.abs(value)).padStart(2, '0');

/**
 * A date and time on Cabo Verde's clock, as a date-time field holds it ('2026-12-25 15:00', '2026-12-25T15:00:00'),
 * as ISO 8601 with Cabo Verde's offset ('2026-12-25T15:00:00-01:00', the instant 2026-12-25T16:00:00Z), whatever
 * the time zone of the browser or server running it; '' when empty or not a real date-time (31 February).
 */
export function portalDateTimeToIso(wallClock: string): string {
  const match = WALL_CLOCK.exec(wallClock.trim());
  if (!match) return '';
  const [year, month, day, hours, minutes] = match.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const seconds = match[6] === undefined ? 0 : Number(match[6]);
  if (hours > 23 || minutes > 59 || seconds > 59) return '';
  const asUtc = Date.UTC(year, month - 1, day, hours, minutes, seconds);
  const check = new Date(asUtc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    return '';
  // The wall clock read as UTC, moved by the offset Cabo Verde has at that instant (the same all year).
  const offset = portalOffsetMinutes(asUtc - portalOffsetMinutes(asUtc) * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const stamp = `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${pad2(seconds)}`;
  return `${stamp}${sign}${pad2(Math.trunc(offset / 60))}:${pad2(offset % 60)}`;
}

/**
 * An instant as Cabo Verde's clock shows it, in the form the date-time fields hold ('YYYY-MM-DD HH:mm:ss'):
 * 2026-12-25T16:00:00Z is '2026-12-25 15:00:00', in any browser; '' for what is not a date.
 */
export function isoToPortalDateTime(value: string | Date): string {
  const instant = value instanceof Date ? value.getTime() : Date.parse(value);
  if (Number.isNaN(instant)) return '';
  const wall = portalWallClock(instant);
  return `${wall.getUTCFullYear()}-${pad2(wall.getUTCMonth() + 1)}-${pad2(wall.getUTCDate())} ${pad2(
    wall.getUTCHours(),
  )}:${pad2(wall.getUTCMinutes())}:${pad2(wall.getUTCSeconds())}`;
}

/** How the date fields show and take a date: day first, 'DD/MM/YYYY' in the three languages. */
export const DAY_FIRST_DATE_FORMAT = 'DD/MM/YYYY';
/** The same with the time, 24 h: 'DD/MM/YYYY HH:mm'. */
export const DAY_FIRST_DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

/**
 * A date typed day first ('25/12/2026', '25-12-2026', '25.12.2026', '1/2/2026') as 'yyyy-mm-dd'; a date already
 * written 'yyyy-mm-dd' is taken too; null when it is not a real date (31/02/2026) or not a date at all.
 */
export function parseDayFirstDate(text: string): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : dayFirst
      ? [Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1])]
      : [0, 0, 0];
  if (!year || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** 'yyyy-mm-dd' as the date fields show it: '25/12/2026'; '' when it is not such a date. */
export function formatDayFirstDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}
