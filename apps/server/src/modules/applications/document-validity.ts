import {
  documentLabelKey,
  documentValidUntil,
  expiresBeforeEvaluationEnds,
  issueDateProblem,
  portalDay,
  validityDaysFromStored,
} from '@excelencia/domain';
import { AppError } from '../../platform/errors.ts';
import type { EditionRow } from './editions.repository.ts';

/**
 * The validity of application documents (docs/adr/0030-document-validity.md): each edition sets, per document
 * type, the days a document is valid from its issue date (the issue day being the first), or no limit. Days are
 * Cabo Verde's. Read at every answer with the edition's current settings, so changing a validity moves the flags.
 */

/** The days a document of this type is valid in the edition, or null for no limit. */
function validityDaysOf(edition: Pick<EditionRow, 'documentValidityDays'>, fileType: number): number | null {
  return validityDaysFromStored(edition.documentValidityDays)[fileType] ?? null;
}

const issuedAtProblem = (message: string) =>
  new AppError(400, 'validation', message, { details: [{ path: 'issuedAt', message }] });

/**
 * The issue date an upload carries (the multipart `issuedAt`), checked against the edition's validity for the
 * type: required when the type has a validity (optional otherwise), a real day no later than today (400), and a
 * document whose validity already ran out (its last valid day before today) is refused with 409 document_expired
 * naming the type and the day it ran out. Answers the day to store, or null when none was given.
 */
export function checkedIssueDate(
  edition: Pick<EditionRow, 'documentValidityDays'>,
  fileType: number,
  issuedAt: string | undefined,
  now: Date,
): string | null {
  const given = issuedAt?.trim() ?? '';
  const problem = issueDateProblem(given, validityDaysOf(edition, fileType), portalDay(now));
  if (problem?.key === 'documentValidity:expired') {
    // Noon UTC is the same calendar day in Cabo Verde: the message writes that day.
    const params = {
      document: documentLabelKey(fileType),
      date: new Date(`${problem.validUntil}T12:00:00Z`),
    };
    throw new AppError(409, 'document_expired', problem.key, {
      params,
      details: [{ path: 'issuedAt', message: problem.key, params }],
    });
  }
  if (problem) throw issuedAtProblem(problem.key);
  return given === '' ? null : given;
}

/** What an answer says of a stored document's validity under the edition's current settings. */
export function validityOf(
  edition: Pick<EditionRow, 'documentValidityDays' | 'evaluationEndsAt'>,
  file: { fileType: number; issuedAt: string | null },
): { issuedAt: string | null; validUntil: string | null; expiresBeforeEvaluationEnds: boolean } {
  const validUntil =
    file.issuedAt === null ? null : documentValidUntil(file.issuedAt, validityDaysOf(edition, file.fileType));
  return {
    issuedAt: file.issuedAt,
    validUntil,
    expiresBeforeEvaluationEnds: expiresBeforeEvaluationEnds(validUntil, edition.evaluationEndsAt),
  };
}
