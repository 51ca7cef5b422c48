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

/**
 * SPEC §9 date display: day - month - year with the month's name in the language ('25 - novembro - 2026'),
 * with hh:mm when `time` is set, in Cabo Verde time.
 */
export function formatDisplayDate(
  value: Date | string,
  language: string,
  options: { time?: boolean } = {},
): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const parts = new Intl.DateTimeFormat(language, {
    timeZone: PORTAL_TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${part('day')} - ${part('month')} - ${part('year')}`;
  return options.time ? `${day} ${part('hour')}:${part('minute')}` : day;
}
