import {
  DEFAULT_APPEAL_DAYS,
  DEFAULT_DOCUMENT_VALIDITY_DAYS,
  EDITION_MILESTONES,
  type Edition,
  EditionInput,
  type EditionMilestone,
  isoToPortalDateTime,
  portalDateTimeToIso,
} from '@excelencia/domain';
import { type Translate, zodResolver } from '../../../ui/form/zod-resolver.ts';

/**
 * The edition form's values and their conversions: the milestones are edited in date-time fields holding
 * Cabo Verde's wall clock ('2026-03-01 09:00:00') and travel as ISO 8601 with Cabo Verde's offset
 * ('2026-03-01T09:00:00-01:00'), so the admin reads and writes Cabo Verde hours on any computer, whatever its
 * time zone (the domain's portalDateTimeToIso and isoToPortalDateTime).
 */

export type EditionFormValues = {
  number: number | '';
  year: number | '';
  indicatorYear: number | '';
  appealDays: number | '';
  /** Per document type (the index is the file type): days of validity from the issue date, '' for no limit. */
  documentValidityDays: Array<number | ''>;
} & Record<EditionMilestone, string>;

const validityValues = (days: readonly (number | null)[] | undefined): Array<number | ''> =>
  (days ?? DEFAULT_DOCUMENT_VALIDITY_DAYS).map((value) => value ?? '');

/** The form of an existing edition. */
export function editionToValues(edition: Edition): EditionFormValues {
  const values = {
    number: edition.number,
    year: edition.year,
    indicatorYear: edition.indicatorYear,
    appealDays: edition.appealDays ?? DEFAULT_APPEAL_DAYS,
    documentValidityDays: validityValues(edition.documentValidityDays),
  } as EditionFormValues;
  for (const milestone of EDITION_MILESTONES) values[milestone] = isoToPortalDateTime(edition[milestone]);
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
  const values = {
    number,
    year,
    indicatorYear: year - 1,
    appealDays: DEFAULT_APPEAL_DAYS,
    documentValidityDays: validityValues(undefined),
  } as EditionFormValues;
  for (const milestone of EDITION_MILESTONES) values[milestone] = '';
  return values;
}

/** The request body: empty numbers left out (the schema says which are required), dates as ISO with Cabo Verde's offset. */
export function editionPayload(values: EditionFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (values.number !== '') body.number = values.number;
  if (values.year !== '') body.year = values.year;
  if (values.indicatorYear !== '') body.indicatorYear = values.indicatorYear;
  for (const milestone of EDITION_MILESTONES) body[milestone] = portalDateTimeToIso(values[milestone]);
  // An empty appeal period is left out (the server keeps the stored one); an empty validity is no limit.
  if (values.appealDays !== '' && values.appealDays !== undefined) body.appealDays = values.appealDays;
  if (values.documentValidityDays) {
    body.documentValidityDays = values.documentValidityDays.map((days) => (days === '' ? null : days));
  }
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
