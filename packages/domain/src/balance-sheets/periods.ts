/**
 * Balance-sheet periods: frequency normalisation, period tags and the same-period rule.
 * Dates are ISO calendar dates ('yyyy-mm-dd'; a date-time is read by its first 10 characters).
 */

export const FREQUENCIES = ['monthly', 'quarterly', 'semiannual', 'annual', 'unknown'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** The frequencies a company can choose for a sheet: monthly, quarterly, semi-annual, annual. */
export const PERIOD_FREQUENCIES = ['monthly', 'quarterly', 'semiannual', 'annual'] as const;
export type PeriodFrequency = (typeof PERIOD_FREQUENCIES)[number];

const SPELLINGS: Record<string, Frequency> = {
  monthly: 'monthly',
  mensal: 'monthly',
  annually: 'annual',
  anual: 'annual',
  // Our own canonical value, so normalisation is idempotent.
  annual: 'annual',
  quarterly: 'quarterly',
  trimestral: 'quarterly',
  semiannually: 'semiannual',
  semi_annually: 'semiannual',
  semiannual: 'semiannual',
  semestral: 'semiannual',
};

/** The known spellings (case-insensitive, trimmed) give a frequency; anything else gives 'unknown'. */
export function normalizeFrequency(value: unknown): Frequency {
  if (typeof value !== 'string') return 'unknown';
  return SPELLINGS[value.trim().toLowerCase()] ?? 'unknown';
}

function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}

/** 0 for January … 11 for December. */
function monthIndexOf(date: string): number {
  return Number(date.slice(5, 7)) - 1;
}

/**
 * The period tag of a sheet: annual Y0, Y1… counted from `firstAnnualYear` (the start year of the
 * company's first annual sheet; the sheet's own year when absent); quarterly Q1–Q4 by start month (0-2 Q1,
 * 3-5 Q2, 6-8 Q3, the rest Q4); semiannual S1 (start month 0-5) or S2; monthly M01–M12; unknown ''.
 */
export function periodTag(
  sheet: { startDate: string; endDate: string; frequency: Frequency },
  firstAnnualYear?: number,
): string {
  const month = monthIndexOf(sheet.startDate);
  switch (sheet.frequency) {
    case 'annual':
      return `Y${yearOf(sheet.startDate) - (firstAnnualYear ?? yearOf(sheet.startDate))}`;
    case 'quarterly':
      return month <= 2 ? 'Q1' : month <= 5 ? 'Q2' : month <= 8 ? 'Q3' : 'Q4';
    case 'semiannual':
      return month <= 5 ? 'S1' : 'S2';
    case 'monthly':
      return `M${String(month + 1).padStart(2, '0')}`;
    default:
      return '';
  }
}

/** The sheets (of one company) with their tags; annual tags count from the earliest annual start year. */
export function withPeriodTags<T extends { startDate: string; endDate: string; frequency: Frequency }>(
  sheets: T[],
): Array<T & { tag: string }> {
  const annualYears = sheets.filter((sheet) => sheet.frequency === 'annual').map((s) => yearOf(s.startDate));
  const first = annualYears.length > 0 ? Math.min(...annualYears) : undefined;
  return sheets.map((sheet) => ({ ...sheet, tag: periodTag(sheet, first) }));
}

function insertedAt(value: string): number {
  const time = Date.parse(value);
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/**
 * Of the sheets with the same start and end, only the most recently inserted is kept (on equal
 * insert times, the later one in the list). The kept sheets stay in their input order.
 */
export function latestPerPeriod<T extends { startDate: string; endDate: string; dateInsert: string }>(
  sheets: T[],
): T[] {
  const latest = new Map<string, T>();
  for (const sheet of sheets) {
    const key = `${sheet.startDate.slice(0, 10)}/${sheet.endDate.slice(0, 10)}`;
    const kept = latest.get(key);
    if (!kept || insertedAt(sheet.dateInsert) >= insertedAt(kept.dateInsert)) latest.set(key, sheet);
  }
  const keep = new Set(latest.values());
  return sheets.filter((sheet) => keep.has(sheet));
}

/**
 * The order of every list and picker of sheets: the latest period first (by end, then start date), so a period
 * uploaded again does not jump ahead of a later one; within a period the newest insert first.
 */
export function byPeriodNewestFirst(
  a: { id: string; startDate: string; endDate: string; dateInsert: string },
  b: { id: string; startDate: string; endDate: string; dateInsert: string },
): number {
  return (
    b.endDate.localeCompare(a.endDate) ||
    b.startDate.localeCompare(a.startDate) ||
    b.dateInsert.localeCompare(a.dateInsert) ||
    b.id.localeCompare(a.id)
  );
}

/**
 * The sheet of the previous period: among `sheets` (one company's, already latest per period), the one of the
 * same frequency that ends latest before `sheet` starts; undefined when there is none.
 */
export function previousPeriodSheet<
  T extends { id: string; startDate: string; endDate: string; frequency: Frequency },
>(sheet: T, sheets: readonly T[]): T | undefined {
  let previous: T | undefined;
  for (const other of sheets) {
    if (other.id === sheet.id || other.frequency !== sheet.frequency) continue;
    if (other.endDate >= sheet.startDate) continue;
    if (!previous || other.endDate > previous.endDate) previous = other;
  }
  return previous;
}

/** Whether `year` is a leap year of the Gregorian calendar. */
function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The same calendar day one year earlier ('2024-12-31' → '2023-12-31'); 29 February becomes 28 February. */
export function yearEarlier(date: string): string {
  const year = yearOf(date) - 1;
  const monthDay = date.slice(5, 10) === '02-29' ? '02-28' : date.slice(5, 10);
  return `${String(year).padStart(4, '0')}-${monthDay}`;
}

/** Whether `earlier` is the day `later` falls on one year before (the last day of February matches itself). */
function isYearEarlier(earlier: string, later: string): boolean {
  if (yearOf(earlier) !== yearOf(later) - 1) return false;
  const a = earlier.slice(5, 10);
  const b = later.slice(5, 10);
  if (a === b) return true;
  const endOfFebruary = (date: string, monthDay: string) =>
    monthDay === '02-29' || (monthDay === '02-28' && !isLeapYear(yearOf(date)));
  return endOfFebruary(earlier, a) && endOfFebruary(later, b);
}

/**
 * The sheet of the previous year, which prev() reads (the criterion 'EBITDA > 0 in both years analysed'): among
 * `sheets` (one company's, already latest per period), the one covering the same period one year earlier
 * (start and end dates each one year before: for an annual sheet last year's, for a quarter or a month the
 * same quarter or month of last year); for a period shorter than a year without one, the previous year's
 * annual sheet (the annual sheet covering the day one year before the end date). Undefined otherwise: a
 * missing year is never bridged by an older one, and the previous quarter or month is never used.
 */
export function previousYearSheet<
  T extends { id: string; startDate: string; endDate: string; frequency: Frequency },
>(sheet: T, sheets: readonly T[]): T | undefined {
  const start = sheet.startDate.slice(0, 10);
  const end = sheet.endDate.slice(0, 10);
  const others = sheets.filter((other) => other.id !== sheet.id);
  const samePeriod = others.find(
    (other) =>
      isYearEarlier(other.startDate.slice(0, 10), start) && isYearEarlier(other.endDate.slice(0, 10), end),
  );
  if (samePeriod || sheet.frequency === 'annual') return samePeriod;
  const day = yearEarlier(end);
  return others.find(
    (other) =>
      other.frequency === 'annual' &&
      other.startDate.slice(0, 10) <= day &&
      day <= other.endDate.slice(0, 10) &&
      other.endDate.slice(0, 10) < start,
  );
}
