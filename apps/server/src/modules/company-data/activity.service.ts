import {
  type ActivityItem,
  type ActivityPage,
  type ActivityQuery,
  formatDisplayDate,
  formatDisplayPeriod,
  hasRole,
  type Language,
  translate,
} from '@excelencia/domain';
import { z } from 'zod';
import type { AuthContext } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { assertCompanyAccess } from '../../policies/company-access.ts';
import {
  type ActivityPosition,
  type CompanyAuditRow,
  type CompanyPartnerRead,
  companyAuditRows,
  companyPartnerReads,
} from './activity.repository.ts';

/** The entity of a partner's read in the activity (ActivityItem.entity). */
export const PARTNER_READS_ENTITY = 'partner_reads';

export const badActivityCursor = () => new AppError(400, 'bad_cursor', 'companyData:activity.badCursor');

/** The cursor's content: the last audit row id and the last partner read (exact time, id) already shown. */
const CursorShape = z.strictObject({
  a: z.number().int().positive().nullable(),
  p: z.tuple([z.string().min(1).max(64), z.uuid()]).nullable(),
});

/** A timestamptz as PostgreSQL writes it as text ("2026-11-29 02:42:40.123456+00"). */
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

/** The ISO 8601 form of PostgreSQL's text ('+00' becomes '+00:00'), for Date.parse. */
const isoOf = (text: string) => text.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');

export function encodeActivityCursor(position: ActivityPosition): string {
  const body = { a: position.auditId, p: position.read ? [position.read.at, position.read.id] : null };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

/** The position an opaque cursor holds; a malformed one is a 400. */
export function decodeActivityCursor(cursor: string): ActivityPosition {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badActivityCursor();
  }
  const result = CursorShape.safeParse(parsed);
  if (!result.success) throw badActivityCursor();
  const [at, id] = result.data.p ?? [];
  // Checked here, so the database never meets an impossible time ('2026-13-45') in the query.
  if (at !== undefined && (!TIMESTAMP_TEXT.test(at) || Number.isNaN(Date.parse(isoOf(at)))))
    throw badActivityCursor();
  return { auditId: result.data.a, read: at !== undefined && id !== undefined ? { at, id } : null };
}

/**
 * The summary key (companyData:activity.summary.*) of the common actions, by `entity:action`; an entity alone
 * covers all its actions.
 */
const SUMMARY_KEYS: Record<string, string> = {
  'balance-sheets:upload': 'sheetUploaded',
  'balance-sheets:create': 'sheetEntered',
  'balance-sheets:update': 'sheetChanged',
  'balance-sheets:delete': 'sheetDeleted',
  'diagnoses:create': 'diagnosisCreated',
  'diagnoses:delete': 'diagnosisDeleted',
  'applications:create': 'applicationCreated',
  'applications:uploadFile': 'documentUploaded',
  'applications:replaceFile': 'documentReplaced',
  'applications:removeFile': 'documentRemoved',
  'applications:submit': 'applicationSubmitted',
  'applications:evaluate': 'applicationDecided',
  'applications:confirm': 'applicationConfirmed',
  'applications:rejectDecision': 'applicationReturned',
  'applications:return': 'applicationReturned',
  'applications:close': 'applicationClosed',
  'applications:publish': 'applicationPublished',
  'applications:appeal': 'appealMade',
  'applications:appealFile': 'appealDocument',
  'applications:appealDecision': 'appealProposed',
  'applications:appealRejectDecision': 'appealReturned',
  'applications:appealConfirm': 'appealDecided',
  'applications:messageFromCompany': 'messageFromCompany',
  'applications:messageFromEvaluator': 'messageFromEvaluator',
  seals: 'sealChanged',
  'companies:update': 'profileChanged',
  'companies:situation': 'situationChanged',
  'companies:statisticsWithdrawn': 'statisticsWithdrawn',
  'companies:statisticsGranted': 'statisticsGranted',
  'companies:create': 'companyCreated',
  'companies:approveNameChange': 'nameChanged',
  'company_name_changes:request': 'nameChangeRequested',
  'company_name_changes:rename': 'nameChanged',
  'company_name_changes:cancel': 'nameChangeCancelled',
  company_name_changes: 'nameChangeDecided',
  'partners/consents': 'consentChanged',
  'partners/follow-requests:create': 'followRequested',
  'partners/follow-requests': 'followDecided',
  'partners/assisted-companies': 'assisted',
  'esg_responses:submit': 'esgSubmitted',
  esg_responses: 'esgDraftSaved',
  'companies/pre-registrations:accept': 'invitationAccepted',
  'companies/pre-registrations': 'invitationSent',
  'company_members:update': 'memberRoleChanged',
  'company_members:remove': 'memberRemoved',
  'company_members:leave': 'memberLeft',
  company_members: 'teamChanged',
  'company_invitations:invite': 'invitationSent',
  'company_invitations:resend': 'invitationSent',
  'company_invitations:cancel': 'invitationCancelled',
  'company_invitations:accept': 'invitationAccepted',
  company_invitations: 'teamChanged',
  'company_closure_requests:request': 'closureRequested',
  'company_closure_requests:withdraw': 'closureWithdrawn',
  'company_closure_requests:refuse': 'closureRefused',
  'company_closure_requests:approve': 'closureApproved',
  company_exports: 'exportRequested',
};

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** The period a sheet or a diagnosis row of the audit names, written as the site writes dates, or ''. */
function periodOf(values: Record<string, unknown>, language: Language): string {
  const sheet = record(values.balanceSheet);
  const source = typeof values.startDate === 'string' ? values : sheet;
  const { startDate, endDate } = source;
  if (typeof startDate === 'string' && typeof endDate === 'string') {
    return formatDisplayPeriod(startDate, endDate, language);
  }
  return typeof endDate === 'string' ? formatDisplayDate(endDate, language) : '';
}

function summaryOf(row: CompanyAuditRow, language: Language): string | null {
  const key = SUMMARY_KEYS[`${row.entity}:${row.action}`] ?? SUMMARY_KEYS[row.entity];
  if (!key) return null;
  const values = { ...record(row.before), ...record(row.after) };
  const email = typeof values.email === 'string' ? values.email : '';
  return translate(language, `companyData:activity.summary.${key}`, {
    period: periodOf(values, language),
    email,
  });
}

/** The audit action of an evaluator's message on an application's thread. */
const MESSAGE_FROM_EVALUATORS = 'messageFromEvaluator';

function auditItem(row: CompanyAuditRow, language: Language): ActivityItem {
  const roles = row.actorRoles ?? [];
  const actorKind =
    row.actorAccountId === null
      ? 'system'
      : row.actorIsMember
        ? 'member'
        : hasRole(roles, 'admin')
          ? 'admin'
          : hasRole(roles, 'partner')
            ? 'partner'
            : 'member';
  return {
    id: `a${row.id}`,
    at: row.at.toISOString(),
    actorKind,
    // An evaluator's message is the evaluation team's to the company, as its thread signs it (docs/architecture.md).
    actorName:
      row.action === MESSAGE_FROM_EVALUATORS && row.entity === 'applications'
        ? null
        : (row.actorName ?? null),
    entity: row.entity,
    action: row.action,
    entityId: row.entityId,
    summary: summaryOf(row, language),
  };
}

function readItem(row: CompanyPartnerRead, language: Language): ActivityItem {
  return {
    id: `p${row.id}`,
    at: row.at.toISOString(),
    actorKind: 'partner',
    actorName: `${row.readerName} (${row.entityName})`,
    entity: PARTNER_READS_ENTITY,
    action: 'read',
    entityId: row.partnerEntityId,
    summary: translate(language, `companyData:activity.partnerRead.${row.level}`),
  };
}

type Merged = { kind: 'audit'; row: CompanyAuditRow } | { kind: 'read'; row: CompanyPartnerRead };

/**
 * One page of the company's activity after `position`: its audit rows and its partners' reads merged newest first
 * (an audit row before a read of the same instant), and the position after the page's last item. Each source is
 * read by its own key (audit id, read time and id), so a page never repeats or skips a row whatever is written
 * meanwhile.
 */
export async function activityPage(
  db: Database,
  companyId: string,
  position: ActivityPosition,
  limit: number,
): Promise<{ items: Merged[]; next: ActivityPosition | null }> {
  const [audits, reads] = await Promise.all([
    companyAuditRows(db, companyId, position.auditId, limit + 1),
    companyPartnerReads(db, companyId, position.read, limit + 1),
  ]);
  const items: Merged[] = [];
  let a = 0;
  let p = 0;
  while (items.length < limit && (a < audits.length || p < reads.length)) {
    const audit = audits[a];
    const read = reads[p];
    if (audit && (!read || audit.at.getTime() >= read.at.getTime())) {
      items.push({ kind: 'audit', row: audit });
      a += 1;
    } else if (read) {
      items.push({ kind: 'read', row: read });
      p += 1;
    }
  }
  const more = a < audits.length || p < reads.length;
  if (!more) return { items, next: null };
  const lastAudit = audits[a - 1];
  const lastRead = reads[p - 1];
  return {
    items,
    next: {
      auditId: lastAudit ? lastAudit.id : position.auditId,
      read: lastRead ? { at: lastRead.atText, id: lastRead.id } : position.read,
    },
  };
}

/** Present merged rows as the API answers them, in `language`. */
export function activityItems(items: readonly Merged[], language: Language): ActivityItem[] {
  return items.map((item) =>
    item.kind === 'audit' ? auditItem(item.row, language) : readItem(item.row, language),
  );
}

/**
 * The company's activity (docs/adr/0028-company-teams.md): who did what and when, from the audit rows that name
 * the company and the partners' reads of it. Any member and admins read it; anyone else gets 404.
 */
export function createActivityService(deps: { db: Database }) {
  const { db } = deps;
  return {
    async list(
      caller: AuthContext,
      companyId: string,
      query: ActivityQuery,
      language: Language,
    ): Promise<ActivityPage> {
      await assertCompanyAccess(db, caller, companyId, 'read');
      const position =
        query.cursor === undefined || query.cursor === ''
          ? { auditId: null, read: null }
          : decodeActivityCursor(query.cursor);
      const page = await activityPage(db, companyId, position, query.limit);
      return {
        items: activityItems(page.items, language),
        nextCursor: page.next ? encodeActivityCursor(page.next) : null,
      };
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
