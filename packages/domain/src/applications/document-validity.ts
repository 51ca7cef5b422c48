import { z } from 'zod';
import { calendarDayOf } from '../dates.ts';
import { APPLICATION_FILE_TYPE_COUNT } from './documents.ts';

/**
 * How long an application document is valid after its issue date (docs/adr/0030-document-validity.md). Each edition
 * sets a number of days per document type, or none (no limit). The day of issue is the first valid day: a document
 * issued on 2026-01-01 with 90 days is valid through 2026-03-31 (its `validUntil`, inclusive) and has run out on
 * 2026-04-01. Days are Cabo Verde's calendar days.
 */

export const MIN_VALIDITY_DAYS = 1;
export const MAX_VALIDITY_DAYS = 3650;
export const MIN_APPEAL_DAYS = 1;
export const MAX_APPEAL_DAYS = 90;

/** The demo defaults (the column's): 90 days for the INPS and Finance declarations, 365 for the certificate. */
export const DEFAULT_DOCUMENT_VALIDITY_DAYS: readonly (number | null)[] = [
  90,
  90,
  365,
  null,
  null,
  null,
  null,
  null,
];
export const DEFAULT_APPEAL_DAYS = 10;

export const ValidityDays = z
  .number('validation:wholeNumber')
  .int('validation:wholeNumber')
  .min(MIN_VALIDITY_DAYS, 'documentValidity:daysRange')
  .max(MAX_VALIDITY_DAYS, 'documentValidity:daysRange');

/** One entry per document type (the index is the file type), the days it is valid, or null for no limit. */
export const DocumentValidityDays = z
  .array(ValidityDays.nullable())
  .length(APPLICATION_FILE_TYPE_COUNT, 'documentValidity:daysRange');
export type DocumentValidityDays = z.infer<typeof DocumentValidityDays>;

export const AppealDays = z
  .number('validation:wholeNumber')
  .int('validation:wholeNumber')
  .min(MIN_APPEAL_DAYS, 'documentValidity:appealDaysRange')
  .max(MAX_APPEAL_DAYS, 'documentValidity:appealDaysRange');

/** The stored form (`editions.document_validity_days`: file type as a string key -> days) as one entry per type. */
export function validityDaysFromStored(
  stored: Record<string, number> | null | undefined,
): DocumentValidityDays {
  return Array.from({ length: APPLICATION_FILE_TYPE_COUNT }, (_, type) => {
    const days = stored?.[String(type)];
    return typeof days === 'number' && days > 0 ? days : null;
  });
}

/** One entry per type as the stored form: types without a limit have no key. */
export function validityDaysToStored(days: readonly (number | null)[]): Record<string, number> {
  const out: Record<string, number> = {};
  days.forEach((value, type) => {
    if (typeof value === 'number') out[String(type)] = value;
  });
  return out;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function dayToUtc(day: string): number {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return Date.UTC(year, month - 1, date);
}

function utcToDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The calendar day (yyyy-mm-dd) of an instant in Cabo Verde: 'today' for the validity rules. */
export function portalDay(instant: Date | string): string {
  const { year, month, day } = calendarDayOf(instant);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Whether `value` is a real calendar day written yyyy-mm-dd. */
export function isIsoDay(value: string): boolean {
  return ISO_DAY.test(value) && utcToDay(dayToUtc(value)) === value;
}

/**
 * The last day a document issued on `issuedAt` is valid, with `days` of validity: the issue day counts as the
 * first, so it is `issuedAt + days − 1` (2026-01-01 with 90 days: 2026-03-31). Null when the type has no limit.
 */
export function documentValidUntil(issuedAt: string, days: number | null): string | null {
  if (days === null) return null;
  return utcToDay(dayToUtc(issuedAt) + (days - 1) * 86_400_000);
}

/** Whether a document valid through `validUntil` has run out on `today` (the day after validUntil onwards). */
export function isDocumentExpired(validUntil: string | null, today: string): boolean {
  return validUntil !== null && validUntil < today;
}

/**
 * Whether a document valid through `validUntil` runs out before the edition's evaluation ends: its last valid
 * day comes before the Cabo Verde day the evaluation ends (valid on that day: not flagged).
 */
export function expiresBeforeEvaluationEnds(
  validUntil: string | null,
  evaluationEndsAt: Date | string,
): boolean {
  return validUntil !== null && validUntil < portalDay(evaluationEndsAt);
}

/** What is wrong with the issue date of an upload (issueDateProblem): a catalog key, and for an expired document its last valid day. */
export type IssueDateProblem =
  | {
      key:
        | 'documentValidity:issuedAtRequired'
        | 'documentValidity:issuedAtInvalid'
        | 'documentValidity:issuedAtFuture';
    }
  | { key: 'documentValidity:expired'; validUntil: string };

/**
 * The issue date an upload carries (`issuedAt`, yyyy-mm-dd, '' when none) for a type valid `days` days (null: no
 * limit), checked on `today` (portalDay): required when the type has a validity, a real day, no later than today,
 * and not already run out (its last valid day before today). Null when it may be uploaded. The server refuses the
 * upload with it; the web page says it before sending the file.
 */
export function issueDateProblem(
  issuedAt: string,
  days: number | null,
  today: string,
): IssueDateProblem | null {
  if (issuedAt === '') return days === null ? null : { key: 'documentValidity:issuedAtRequired' };
  if (!isIsoDay(issuedAt)) return { key: 'documentValidity:issuedAtInvalid' };
  if (issuedAt > today) return { key: 'documentValidity:issuedAtFuture' };
  const validUntil = documentValidUntil(issuedAt, days);
  if (validUntil !== null && isDocumentExpired(validUntil, today))
    return { key: 'documentValidity:expired', validUntil };
  return null;
}
