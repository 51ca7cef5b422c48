import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';
import { EmailAddress } from '../schemas/email.ts';
import { FIELD_LENGTHS } from '../schemas/field-lengths.ts';
import { COMPANY_ROLES } from './roles.ts';

/** A person's name that may be left empty (an empty field counts as none). */
export const OptionalPersonName = z
  .string()
  .trim()
  .max(FIELD_LENGTHS.name, 'validation:tooLong')
  .optional()
  .transform((name) => (name ? name : undefined));

/**
 * `GET companies/{companyId}/members`: the team, then the pending invitations. A member has its `accountId` and
 * `status: 'active'`; an invitation not yet accepted has `accountId: null`, `status: 'invited'`, its id and when
 * it expires. `since` is when the member joined or was invited.
 */
export const CompanyMember = z.object({
  accountId: z.uuid().nullable(),
  name: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  since: z.string(),
  status: z.enum(['active', 'invited']),
  invitationId: z.uuid().nullable(),
  expiresAt: z.string().nullable(),
});
export type CompanyMember = z.infer<typeof CompanyMember>;
export const CompanyMembersResponse = z.array(CompanyMember);
export type CompanyMembersResponse = z.infer<typeof CompanyMembersResponse>;

/** `POST companies/{companyId}/members` (owner): invites someone by e-mail; 201 with the invitation's row. */
export const InviteMemberRequest = z.object({
  email: EmailAddress,
  /** The person's name as the owner knows it (optional: they confirm or type it when they accept). */
  name: OptionalPersonName,
  role: z.enum(COMPANY_ROLES, 'validation:required'),
  /** The language of the invitation mail (the invited person may not have an account yet). */
  language: z.enum(LANGUAGES, 'validation:required'),
});
export type InviteMemberRequest = z.infer<typeof InviteMemberRequest>;
/** The invitations (sent or sent again) one company may send in TEAM_INVITATION_WINDOW_MINUTES (429 past it). */
export const TEAM_INVITATIONS_PER_WINDOW = 20;
export const TEAM_INVITATION_WINDOW_MINUTES = 60;

/** `PUT companies/{companyId}/members/{accountId}` (owner). */
export const UpdateMemberRequest = z.object({ role: z.enum(COMPANY_ROLES, 'validation:required') });
export type UpdateMemberRequest = z.infer<typeof UpdateMemberRequest>;

/**
 * `GET me/companies/overview`: the companies the caller acts for, with its role and each one's latest state,
 * for an accountant's table of clients.
 */
export const MyCompanyOverview = z.object({
  companyId: z.uuid(),
  companyName: z.string(),
  nif: z.string(),
  role: z.enum(COMPANY_ROLES),
  latestSheet: z
    .object({
      id: z.uuid(),
      frequency: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      createdAt: z.string(),
    })
    .nullable(),
  latestDiagnosis: z
    .object({ id: z.uuid(), frequency: z.string(), endDate: z.string(), createdAt: z.string() })
    .nullable(),
  latestApplication: z
    .object({ id: z.uuid(), editionId: z.uuid(), editionNumber: z.number().int(), status: z.string() })
    .nullable(),
});
export type MyCompanyOverview = z.infer<typeof MyCompanyOverview>;
export const MyCompaniesOverviewResponse = z.array(MyCompanyOverview);

/**
 * `GET companies/{companyId}/activity?cursor=&limit=`: who did what and when, newest first, from the audit log
 * and the partners' reads. `nextCursor` is null on the last page.
 */
export const ActivityQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional(),
});
export type ActivityQuery = z.infer<typeof ActivityQuery>;

export const ACTIVITY_ACTOR_KINDS = ['member', 'admin', 'partner', 'system'] as const;
export const ActivityItem = z.object({
  id: z.string(),
  at: z.string(),
  actorKind: z.enum(ACTIVITY_ACTOR_KINDS),
  /** The person's name (a partner read: the reader and the entity); null for the portal itself. */
  actorName: z.string().nullable(),
  /** The audit log's entity ('balance_sheets', 'diagnoses', 'company_members', 'partner_reads', …). */
  entity: z.string(),
  /** The audit log's action ('create', 'delete', 'submit', 'invite', 'read', …). */
  action: z.string(),
  entityId: z.string().nullable(),
  /** A short description in the caller's language (the sheet's period, the member's e-mail…); may be null. */
  summary: z.string().nullable(),
});
export type ActivityItem = z.infer<typeof ActivityItem>;
export const ActivityPage = z.object({ items: z.array(ActivityItem), nextCursor: z.string().nullable() });
export type ActivityPage = z.infer<typeof ActivityPage>;

/**
 * `POST companies/{companyId}/exports` (owner) → 202 with the export; `GET companies/{companyId}/exports` lists
 * them, newest first. A job builds the zip (`progress` 0–100); when ready the owner is mailed a link that works
 * for EXPORT_LINK_DAYS days (`expiresAt`). `downloadUrl` is the signed-in owner's link while it is ready.
 */
export const EXPORT_LINK_DAYS = 7;
export const DataExport = z.object({
  id: z.uuid(),
  state: z.enum(['queued', 'running', 'ready', 'failed', 'expired']),
  progress: z.number().int().min(0).max(100),
  requestedByName: z.string().nullable(),
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  downloadUrl: z.string().nullable(),
});
export type DataExport = z.infer<typeof DataExport>;
export const DataExportsResponse = z.array(DataExport);

/**
 * Closing the company's account: `POST companies/{companyId}/closure {reason}` (owner) asks,
 * `DELETE companies/{companyId}/closure` withdraws a pending request, `GET companies/{companyId}/closure` shows the
 * latest request (or null). Admins: `GET closure-requests?status=`, `POST closure-requests/{id}/approve` erases the
 * company's personal data and files, keeping what the programme must keep; `POST closure-requests/{id}/refuse
 * {reason}`.
 */
export const CLOSURE_STATES = ['pending', 'approved', 'refused', 'withdrawn'] as const;
export const RequestClosureRequest = z.object({
  reason: z.string().trim().max(2000, 'validation:tooLong').default(''),
});
export type RequestClosureRequest = z.infer<typeof RequestClosureRequest>;
export const RefuseClosureRequest = z.object({
  reason: z
    .string('validation:required')
    .trim()
    .min(1, 'validation:required')
    .max(2000, 'validation:tooLong'),
});
export type RefuseClosureRequest = z.infer<typeof RefuseClosureRequest>;
export const ClosureRequest = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  nif: z.string(),
  status: z.enum(CLOSURE_STATES),
  reason: z.string(),
  requestedByName: z.string().nullable(),
  requestedAt: z.string(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
});
export type ClosureRequest = z.infer<typeof ClosureRequest>;
export const ClosureRequestsQuery = z.object({ status: z.enum(CLOSURE_STATES).optional() });
export const ClosureRequestsResponse = z.array(ClosureRequest);

/**
 * `GET me/data-export` (any signed-in user): a JSON download of what the portal keeps of the caller as a person:
 * the account row without secrets, the companies they act for and in which role, the partner entity they belong
 * to, the invitations sent to their address (without their link tokens), and the audit rows they made (the last
 * PERSONAL_EXPORT_AUDIT_ROWS, newest first), as the portal keeps them.
 */
export const PERSONAL_EXPORT_AUDIT_ROWS = 1000;
const Row = z.record(z.string(), z.unknown());
export const PersonalDataExport = z.object({
  exportedAt: z.string(),
  profile: Row,
  memberships: z.array(
    z.object({
      companyId: z.uuid(),
      companyName: z.string(),
      nif: z.string(),
      role: z.enum(COMPANY_ROLES),
      since: z.string(),
    }),
  ),
  partnerEntity: z.object({ id: z.uuid(), code: z.string(), name: z.string() }).nullable(),
  invitations: z.array(Row),
  auditRows: z.array(Row),
});
export type PersonalDataExport = z.infer<typeof PersonalDataExport>;
