import { z } from 'zod';
import { AppealDays, DocumentValidityDays } from './document-validity.ts';
import { EDITION_MILESTONES, type EditionMilestone } from './milestones.ts';

/**
 * An edition of the distinction: its windows and the year its indicators are read from (the 2nd edition
 * evaluates 2024). Instants travel as ISO 8601 date-times with an offset; the order rules live here so the
 * admin form and the server refuse the same editions with the same messages.
 */

const Instant = z.iso.datetime({ offset: true, message: 'validation:invalidDate' });

/** Pairs (start, end) of one window: an end before its start gets its message on the end field. */
const WINDOWS: ReadonlyArray<readonly [EditionMilestone, EditionMilestone]> = [
  ['registrationOpensAt', 'registrationClosesAt'],
  ['applicationOpensAt', 'applicationClosesAt'],
  ['evaluationStartsAt', 'evaluationEndsAt'],
];

/** Between windows: the later milestone may not come before the earlier one. */
const SEQUENCE: ReadonlyArray<readonly [EditionMilestone, EditionMilestone, string]> = [
  ['registrationOpensAt', 'applicationOpensAt', 'applications:editions.applicationBeforeRegistration'],
  ['applicationClosesAt', 'evaluationStartsAt', 'applications:editions.evaluationBeforeApplication'],
  ['evaluationEndsAt', 'resultsAt', 'applications:editions.resultsBeforeEvaluation'],
];

export const MIN_EDITION_YEAR = 2000;
export const MAX_EDITION_YEAR = 2999;

const Year = z
  .number('validation:required')
  .int('validation:wholeNumber')
  .min(MIN_EDITION_YEAR, 'applications:editions.yearRange')
  .max(MAX_EDITION_YEAR, 'applications:editions.yearRange');

const EditionFields = z.object({
  number: z
    .number('validation:required')
    .int('validation:wholeNumber')
    .min(1, 'validation:wholeNumber')
    .max(999, 'validation:wholeNumber'),
  year: Year,
  indicatorYear: Year,
  registrationOpensAt: Instant,
  registrationClosesAt: Instant,
  applicationOpensAt: Instant,
  applicationClosesAt: Instant,
  evaluationStartsAt: Instant,
  evaluationEndsAt: Instant,
  resultsAt: Instant,
  /**
   * Days after the publication in which a refused company may appeal. Optional in a request: a new edition then
   * takes the default (10), an update keeps the stored value.
   */
  appealDays: AppealDays.optional(),
  /**
   * Per document type (the index is the file type, 0-7), the days a document is valid from its issue date, or null
   * for no limit (docs/adr/0030-document-validity.md). Optional in a request like appealDays (default: 90 for the
   * INPS and Finance declarations, 365 for the commercial certificate, no limit for the others).
   */
  documentValidityDays: DocumentValidityDays.optional(),
});

type EditionDates = Pick<z.infer<typeof EditionFields>, EditionMilestone | 'year' | 'indicatorYear'>;

/** The order problems of an edition's dates, as (field, message key); empty when it is in order. */
export function editionDateProblems(
  edition: EditionDates,
): Array<{ path: EditionMilestone | 'indicatorYear'; message: string }> {
  const at = (key: EditionMilestone) => Date.parse(edition[key]);
  const out: Array<{ path: EditionMilestone | 'indicatorYear'; message: string }> = [];
  for (const [start, end] of WINDOWS) {
    if (at(end) < at(start)) out.push({ path: end, message: 'balanceSheets:endBeforeStart' });
  }
  for (const [earlier, later, message] of SEQUENCE) {
    if (at(later) < at(earlier)) out.push({ path: later, message });
  }
  if (edition.indicatorYear >= edition.year) {
    out.push({ path: 'indicatorYear', message: 'applications:editions.indicatorYearBeforeYear' });
  }
  return out;
}

function withDateRules<T extends z.ZodType<EditionDates>>(schema: T) {
  return schema.superRefine((value, ctx) => {
    for (const problem of editionDateProblems(value)) {
      ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
    }
  });
}

export const EditionInput = withDateRules(EditionFields);
export type EditionInput = z.infer<typeof EditionFields>;

export const EditionUpdate = withDateRules(EditionFields.extend({ version: z.number().int().positive() }));
export type EditionUpdate = EditionInput & { version: number };

/** GET editions/current and the admin list (fields of the API contract: docs/architecture.md, 2.3). */
export const Edition = EditionFields.extend({
  id: z.uuid(),
  /** When the results were published, or null. */
  resultsPublishedAt: z.string().nullable(),
  /**
   * When applications actually closed: set at publication, the earlier of it and applicationClosesAt (publishing
   * closes the window early); null while not published.
   */
  applicationsClosedAt: z.string().nullable().default(null),
  /** The regulation PDF's file name, or null when none was uploaded (GET editions/{id}/regulation). */
  regulationFileName: z.string().nullable(),
  /**
   * The appeal period and the document validities (as in EditionInput). Always in the server's answers; optional
   * in the type only so that screens and fixtures built before them still type.
   */
  appealDays: z.number().int().optional(),
  documentValidityDays: z.array(z.number().int().nullable()).optional(),
  version: z.number().int(),
});
export type Edition = z.infer<typeof Edition>;

/** The same instant one calendar year later (UTC); 29 February becomes 28 February. */
export function oneYearLater(instant: string): string {
  const date = new Date(instant);
  const next = new Date(date.getTime());
  next.setUTCFullYear(date.getUTCFullYear() + 1);
  if (next.getUTCMonth() !== date.getUTCMonth()) next.setUTCDate(0);
  return next.toISOString();
}

/**
 * Next year's edition from this one (`POST editions/{id}/copy`): numbered `number`, the year and the indicator year
 * one more, every date one calendar year later, the same appeal period and document validities.
 */
export function nextYearEdition(edition: EditionInput, number: number): EditionInput {
  const out: EditionInput = {
    ...edition,
    number,
    year: edition.year + 1,
    indicatorYear: edition.indicatorYear + 1,
  };
  for (const key of EDITION_MILESTONES) out[key] = oneYearLater(edition[key]);
  return out;
}
