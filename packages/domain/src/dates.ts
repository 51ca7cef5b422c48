/** Parses an ISO date (yyyy-mm-dd) or date-time; throws 'Invalid date string' otherwise (SPEC §8). */
export function parseIsoDate(value: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})(T.*)?$/.exec(value);
  if (!match) throw new Error('Invalid date string');
  const date = new Date(match[4] ? value : `${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new Error('Invalid date string');
  if (!match[4] && date.toISOString().slice(0, 10) !== value) throw new Error('Invalid date string');
  return date;
}
