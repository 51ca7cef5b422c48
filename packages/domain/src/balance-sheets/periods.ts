/**
 * Balance-sheet periods (SPEC §4): frequency normalisation, period tags and the same-period rule.
 * Dates are ISO calendar dates ('yyyy-mm-dd'; a date-time is read by its first 10 characters).
 */

export const FREQUENCIES = ['monthly', 'quarterly', 'semiannual', 'annual', 'unknown'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** The frequencies a company can choose for a sheet (SPEC §9: monthly, quarterly, semi-annual, annual). */
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

/** SPEC §4: the known spellings (case-insensitive, trimmed) give a frequency; anything else gives 'unknown'. */
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
 * The period tag of a sheet (SPEC §4): annual Y0, Y1… counted from `firstAnnualYear` (the start year of the
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
 * SPEC §4: of the sheets with the same start and end, only the most recently inserted is kept (on equal
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
