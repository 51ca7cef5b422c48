import { EDITION_MILESTONES, type Edition, EditionInput, type EditionMilestone } from '@excelencia/domain';
import { type Translate, zodResolver } from '../../../ui/form/zod-resolver.ts';

/**
 * The edition form's values and their conversions: the milestones are edited in native datetime-local inputs
 * ('2026-03-01T09:00', the browser's local time) and travel as ISO 8601 with the local offset
 * ('2026-03-01T09:00:00-01:00'), so the admin reads and writes Cabo Verde hours on a Cabo Verde computer.
 */

export type EditionFormValues = {
  number: number | '';
  year: number | '';
  indicatorYear: number | '';
} & Record<EditionMilestone, string>;

const pad = (value: number) => String(Math.trunc(Math.abs(value))).padStart(2, '0');

/** An instant as a datetime-local value in the browser's time zone ('' when it is not a date). */
export function isoToLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A datetime-local value as ISO 8601 with the offset of that moment in the browser's time zone
 * ('2026-03-01T09:00:00-01:00'); '' when it is empty or not a real date-time (31 February).
 */
export function localInputToIso(value: string): string {
  const match = LOCAL_INPUT.exec(value.trim());
  if (!match) return '';
  const [year, month, day, hours, minutes] = match.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const seconds = match[6] === undefined ? 0 : Number(match[6]);
  const date = new Date(year, month - 1, day, hours, minutes, seconds);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return '';
  // getTimezoneOffset is minutes to add to local time to reach UTC: Cabo Verde (UTC−1) answers 60.
  const offset = -date.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const stamp = `${year}-${pad(month)}-${pad(day)}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  return `${stamp}${sign}${pad(offset / 60)}:${pad(offset % 60)}`;
}

/** The form of an existing edition. */
export function editionToValues(edition: Edition): EditionFormValues {
  const values = {
    number: edition.number,
    year: edition.year,
    indicatorYear: edition.indicatorYear,
  } as EditionFormValues;
  for (const milestone of EDITION_MILESTONES) values[milestone] = isoToLocalInput(edition[milestone]);
  return values;
}

/**
 * A new edition's form: the number after the highest one, the year after the latest edition's (at least this
 * year) and the indicators of the year before it (an edition of 2026 evaluates 2025); no dates.
 */
export function newEditionValues(
  editions: readonly Pick<Edition, 'number' | 'year'>[],
  now: Date,
): EditionFormValues {
  const number = editions.reduce((max, edition) => Math.max(max, edition.number), 0) + 1;
  const latestYear = editions.reduce((max, edition) => Math.max(max, edition.year), 0);
  const year = Math.max(now.getFullYear(), latestYear + 1);
  const values = { number, year, indicatorYear: year - 1 } as EditionFormValues;
  for (const milestone of EDITION_MILESTONES) values[milestone] = '';
  return values;
}

/** The request body: empty numbers left out (the schema says which are required), dates as ISO with offset. */
export function editionPayload(values: EditionFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (values.number !== '') body.number = values.number;
  if (values.year !== '') body.year = values.year;
  if (values.indicatorYear !== '') body.indicatorYear = values.indicatorYear;
  for (const milestone of EDITION_MILESTONES) body[milestone] = localInputToIso(values[milestone]);
  return body;
}

/** The request body of a form that passed editionFormValidator (so every field is there and well formed). */
export function editionRequest(values: EditionFormValues): EditionInput {
  return editionPayload(values) as EditionInput;
}

/**
 * The form's check: the shared EditionInput rules (the server's own messages: 'End date cannot be before the
 * Start Date!', the order of the windows, the indicator year), and 'Please enter a date!' under an empty date.
 */
export function editionFormValidator(t: Translate): (values: EditionFormValues) => Record<string, string> {
  const schema = zodResolver<EditionFormValues>(EditionInput, t, editionPayload);
  return (values) => {
    const errors = schema(values);
    for (const milestone of EDITION_MILESTONES) {
      if (values[milestone].trim() === '') errors[milestone] = t('balanceSheets:dateRequired');
    }
    return errors;
  };
}

/** The new indicator year when the edition's year changes: kept at year − 1 unless the admin set another. */
export function followIndicatorYear(
  previousYear: number | '',
  nextYear: number | '',
  indicatorYear: number | '',
): number | '' {
  const followed = previousYear === '' || indicatorYear === '' || indicatorYear === previousYear - 1;
  if (!followed || nextYear === '') return indicatorYear;
  return nextYear - 1;
}
