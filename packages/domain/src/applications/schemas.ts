import { z } from 'zod';
import { NOT_COMPUTABLE_REASONS } from '../diagnosis/schemas.ts';
import { FIELD_LENGTHS } from '../schemas/field-lengths.ts';
import { ListQuery, LocalizedText, TARGET_COMPARISONS } from '../schemas/reference.ts';
import { APPLICATION_FILE_TYPE_COUNT } from './documents.ts';

/**
 * Applications, evaluation, results and the status. Field names are the API contract's, extended beside it, never
 * renamed (docs/architecture.md, 2.3): applicationFinancialIndicators with criterionRatioDetails.ratioDescription,
 * files with fileName and dateInsert.
 */

/**
 * `closed`: a draft never submitted when its edition's applications closed by the publication of the results
 * (kept for history; docs/adr/0022-publication-closes-drafts.md).
 */
export const APPLICATION_STATUSES = ['draft', 'pending', 'evaluated', 'unqualified', 'closed'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const DECISIONS = ['evaluated', 'unqualified'] as const;
export type Decision = (typeof DECISIONS)[number];

export const FileType = z.coerce
  .number('applications:fileTypeInvalid')
  .int('applications:fileTypeInvalid')
  .min(0, 'applications:fileTypeInvalid')
  .max(APPLICATION_FILE_TYPE_COUNT - 1, 'applications:fileTypeInvalid');

export const CreateApplicationRequest = z.strictObject({ editionId: z.uuid('applications:chooseEdition') });
export type CreateApplicationRequest = z.infer<typeof CreateApplicationRequest>;

export const ApplicationIndicator = z.object({
  criterionRatioDetails: z.object({
    code: z.string(),
    ratioDescription: LocalizedText,
    /** The formula. */
    ratio: z.string(),
    /** The criterion's recommendation (reference data), what a company failing it may do. */
    recommendation: LocalizedText.optional(),
  }),
  /** The ratio as a number (rounded to 6 decimals), or null when not computable. */
  result: z.number().nullable(),
  /** The exact ratio as decimal text, or null. */
  value: z.string().nullable(),
  target: z.object({ comparison: z.enum(TARGET_COMPARISONS), value: z.string() }),
  passed: z.boolean().nullable(),
  reason: z.object({ key: z.enum(NOT_COMPUTABLE_REASONS), name: z.string().optional() }).optional(),
  /** Signed distance to the threshold: positive = margin, negative = shortfall (thresholdGap). */
  gap: z.string().nullable(),
});
export type ApplicationIndicator = z.infer<typeof ApplicationIndicator>;

export const ApplicationFile = z.object({
  id: z.uuid(),
  /** `{NIF}_{type}_{name}.pdf`. */
  fileName: z.string(),
  /** 0-7, read from the file name's second part. */
  fileType: z.number().int(),
  dateInsert: z.string(),
  size: z.number().int(),
  /** The issue date the company declared on upload (yyyy-mm-dd), or null (not given, or uploaded before). */
  issuedAt: z.string().nullable().optional(),
  /**
   * The last day the document is valid (inclusive, yyyy-mm-dd) under its edition's validity for the type, or null
   * when the type has no limit or no issue date was given (docs/adr/0030-document-validity.md).
   */
  validUntil: z.string().nullable().optional(),
  /**
   * It runs out before the edition's evaluation ends (validUntil before that day): flagged to both sides. The three
   * are always in the server's answers; optional in the type only so that screens built before them still type.
   */
  expiresBeforeEvaluationEnds: z.boolean().optional(),
});
export type ApplicationFile = z.infer<typeof ApplicationFile>;

export const Eligibility = z.object({
  indicatorYear: z.number().int(),
  eligible: z.boolean(),
  applicationFinancialIndicators: z.array(ApplicationIndicator),
  /** The annual sheets it read (null when missing). */
  sheets: z.object({
    current: z.object({ id: z.uuid(), startDate: z.string(), endDate: z.string() }).nullable(),
    previous: z.object({ id: z.uuid(), startDate: z.string(), endDate: z.string() }).nullable(),
  }),
  /** The years whose annual trial balance must be uploaded first (empty when both are there). */
  missingYears: z.array(z.number().int()),
});
export type Eligibility = z.infer<typeof Eligibility>;

export const SEAL_STATUSES = ['valid', 'expired', 'suspended', 'withdrawn'] as const;
export type SealStatus = (typeof SEAL_STATUSES)[number];

/**
 * What a seal says of the company beside the name and NIF it was issued to (`companyName`, `nif`, kept on the
 * seal): the company's name today when an approved change renamed it after the issue, and since when.
 */
const SealRenaming = {
  /** The company's current name when it differs from the issued one; null otherwise. */
  currentName: z.string().nullable(),
  /** When the approved name change took effect (null when unknown or not renamed). */
  renamedAt: z.string().nullable(),
};

export const Seal = z.object({
  id: z.uuid(),
  code: z.string(),
  editionId: z.uuid(),
  editionNumber: z.number().int(),
  editionYear: z.number().int(),
  companyId: z.uuid(),
  /** The name the seal was issued to (it does not follow later renames). */
  companyName: z.string(),
  /** The NIF the seal was issued to. */
  nif: z.string(),
  ...SealRenaming,
  issuedAt: z.string(),
  validUntil: z.string(),
  status: z.enum(SEAL_STATUSES),
  /** When the current status began: the issue or a reinstatement, a suspension, a withdrawal, or the expiry. */
  statusSince: z.string(),
  reason: z.string().nullable(),
  version: z.number().int(),
});
export type Seal = z.infer<typeof Seal>;

export const Application = z.object({
  id: z.uuid(),
  editionId: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  nif: z.string(),
  /** For the company the decision shows only once the results are published ('pending' until then). */
  status: z.enum(APPLICATION_STATUSES),
  complete: z.boolean(),
  eligible: z.boolean(),
  indicatorYear: z.number().int(),
  applicationFinancialIndicators: z.array(ApplicationIndicator),
  missingYears: z.array(z.number().int()),
  files: z.array(ApplicationFile),
  /** The slot sent back by the evaluator (only it may change), with the reason; null otherwise. */
  reopenedFileType: z.number().int().nullable(),
  returnReason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  /** Admin view, or the company's once the results are published. */
  decision: z
    .object({
      decision: z.enum(DECISIONS),
      reason: z.string().nullable(),
      decidedBy: z.string().nullable(),
      decidedAt: z.string(),
      confirmedBy: z.string().nullable(),
      confirmedAt: z.string().nullable(),
    })
    .nullable(),
  resultsPublished: z.boolean(),
  /** When the edition's applications actually closed (set at publication; null before). */
  applicationsClosedAt: z.string().nullable(),
  seal: Seal.nullable(),
  /**
   * The company held a seal issued by an earlier edition (a lower number): a renewal. Always in the server's
   * answers; optional in the type only so that screens built before it still type.
   */
  isRenewal: z.boolean().optional(),
  version: z.number().int(),
});
export type Application = z.infer<typeof Application>;

export const ApplicationSummary = z.object({
  id: z.uuid(),
  editionId: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  nif: z.string(),
  island: LocalizedText.nullable(),
  section: z.object({ code: z.string(), description: LocalizedText }).nullable(),
  status: z.enum(APPLICATION_STATUSES),
  complete: z.boolean(),
  eligible: z.boolean(),
  files: z.number().int(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  confirmed: z.boolean(),
  /** The company held a seal issued by an earlier edition (a lower number): a renewal. */
  isRenewal: z.boolean(),
  version: z.number().int(),
});
export type ApplicationSummary = z.infer<typeof ApplicationSummary>;

const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

export const AdminApplicationQuery = ListQuery.extend({
  editionId: z.uuid().optional(),
  status: z.enum(APPLICATION_STATUSES).optional(),
  complete: booleanQuery.optional(),
  islandId: z.uuid().optional(),
  sectionId: z.uuid().optional(),
  /** Only renewals (true) or only first applications (false). */
  renewal: booleanQuery.optional(),
  /** Only the applications whose appeal waits for its decision (docs/adr/0031-appeals.md). */
  appeal: z.enum(['pending']).optional(),
});
export type AdminApplicationQuery = z.infer<typeof AdminApplicationQuery>;

const Reason = z.string().trim().max(FIELD_LENGTHS.reason, 'validation:tooLong');
const Version = z.number().int().positive();

export const EvaluationRequest = z
  .strictObject({
    decision: z.enum(DECISIONS, 'validation:selectOne'),
    reason: Reason.optional(),
    version: Version,
  })
  .refine((value) => value.decision !== 'unqualified' || (value.reason ?? '').length > 0, {
    path: ['reason'],
    message: 'applications:reasonRequired',
  });
export type EvaluationRequest = z.infer<typeof EvaluationRequest>;

export const ConfirmationRequest = z.strictObject({
  version: Version,
  /** false sends the decision back to evaluation (the second admin disagrees). */
  approve: z.boolean().default(true),
  reason: Reason.optional(),
});
export type ConfirmationRequest = z.input<typeof ConfirmationRequest>;

export const ReturnRequest = z.strictObject({
  fileType: z
    .number()
    .int()
    .min(0)
    .max(APPLICATION_FILE_TYPE_COUNT - 1, 'applications:fileTypeInvalid'),
  reason: Reason.min(1, 'validation:required'),
  version: Version,
});
export type ReturnRequest = z.infer<typeof ReturnRequest>;

export const SealActionRequest = z.strictObject({
  action: z.enum(['suspend', 'reinstate', 'withdraw']),
  reason: Reason.min(1, 'validation:required'),
  version: Version,
});
export type SealActionRequest = z.infer<typeof SealActionRequest>;

export const ApplicationHistoryEntry = z.object({
  at: z.string(),
  actor: z.string().nullable(),
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  reason: z.string().nullable(),
  fileType: z.number().int().nullable(),
});
export type ApplicationHistoryEntry = z.infer<typeof ApplicationHistoryEntry>;

/** One published result line (public list and reports). */
export const DistinguishedCompany = z.object({
  companyName: z.string(),
  nif: z.string(),
  island: LocalizedText.nullable(),
  city: LocalizedText.nullable(),
  section: z.object({ code: z.string(), description: LocalizedText }).nullable(),
  sealCode: z.string(),
  validUntil: z.string(),
  status: z.enum(SEAL_STATUSES),
  ...SealRenaming,
  /** The company held a seal issued by an earlier edition (a lower number): a renewal. */
  isRenewal: z.boolean(),
});
export type DistinguishedCompany = z.infer<typeof DistinguishedCompany>;

export const CountRow = z.object({
  label: LocalizedText.nullable(),
  applicants: z.number().int(),
  distinguished: z.number().int(),
});

export const EditionResults = z.object({
  edition: z.object({
    id: z.uuid(),
    number: z.number().int(),
    year: z.number().int(),
    resultsPublishedAt: z.string().nullable(),
  }),
  applicants: z.number().int(),
  distinguished: z.number().int(),
  unqualified: z.number().int(),
  byIsland: z.array(CountRow),
  bySection: z.array(CountRow),
  companies: z.array(DistinguishedCompany),
});
export type EditionResults = z.infer<typeof EditionResults>;

/** An application publishing the results will close: a draft never submitted, with how far it got. */
export const ApplicationToClose = z.object({
  id: z.uuid(),
  companyName: z.string(),
  nif: z.string(),
  /** Documents uploaded (of 8). */
  files: z.number().int(),
  complete: z.boolean(),
});
export type ApplicationToClose = z.infer<typeof ApplicationToClose>;

/** Whether results can be published now, what is still open, and the drafts publishing would close. */
export const PublishReadiness = z.object({
  ready: z.boolean(),
  undecided: z.number().int(),
  unconfirmed: z.number().int(),
  published: z.boolean(),
  /** The drafts (complete or not) never submitted: publishing closes them and tells their companies. */
  toClose: z.array(ApplicationToClose),
});
export type PublishReadiness = z.infer<typeof PublishReadiness>;

/**
 * GET public/seals/{code}: the contract's fields (status, companyName, nif, editionYear,
 * validUntil), with `companyName` and `nif` as issued, and beside them what the check adds. `status` may also be
 * 'withdrawn' (docs/adr/0009-applications-lifecycle.md).
 */
export const SealVerification = z.object({
  status: z.enum(SEAL_STATUSES),
  companyName: z.string(),
  nif: z.string(),
  editionYear: z.number().int(),
  editionNumber: z.number().int(),
  validUntil: z.string(),
  issuedAt: z.string(),
  statusSince: z.string(),
  ...SealRenaming,
});
export type SealVerification = z.infer<typeof SealVerification>;

type SealState = 'active' | 'suspended' | 'withdrawn';
const time = (value: string | Date) => (typeof value === 'string' ? Date.parse(value) : value.getTime());

/** The status of a seal at `now`: suspended or withdrawn as set, else valid until validUntil, then expired. */
export function sealStatusAt(seal: { state: SealState; validUntil: string | Date }, now: Date): SealStatus {
  if (seal.state !== 'active') return seal.state;
  return now.getTime() <= time(seal.validUntil) ? 'valid' : 'expired';
}

/**
 * When the status a seal has at `now` began: the expiry for an expired one, else its last change of state
 * (suspension, withdrawal, reinstatement), else its issue.
 */
export function sealStatusSince(
  seal: { state: SealState; validUntil: Date; issuedAt: Date; stateChangedAt: Date | null },
  now: Date,
): Date {
  if (sealStatusAt(seal, now) === 'expired') return seal.validUntil;
  return seal.stateChangedAt ?? seal.issuedAt;
}

/**
 * Whether the company holds the distinction through this seal at `now`: a valid seal, or a suspended one not yet
 * expired (a suspension may be lifted). Its name then changes only through an admin's approval, its NIF never.
 */
export function isSealHeld(seal: { state: SealState; validUntil: string | Date }, now: Date): boolean {
  return seal.state !== 'withdrawn' && now.getTime() <= time(seal.validUntil);
}

/** A certificate is downloadable unless the seal is suspended or withdrawn (an expired one shows its dates). */
export function isCertificateAvailable(status: SealStatus): boolean {
  return status === 'valid' || status === 'expired';
}

/** Status validity: at most one year from publication (docs/adr/0009). */
export function sealValidUntil(publishedAt: Date): Date {
  const until = new Date(publishedAt);
  until.setUTCFullYear(until.getUTCFullYear() + 1);
  return until;
}
