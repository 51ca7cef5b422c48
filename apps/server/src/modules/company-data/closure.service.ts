import {
  type ClosureRequest,
  ClosureRequestsQuery,
  formatDisplayDate,
  type RefuseClosureRequest,
  type RequestClosureRequest,
  translate,
} from '@excelencia/domain';
import type { z } from 'zod';
import {
  IDENTITY_DELETE_USER_JOB,
  keepProviderInStep,
  type ProviderDeps,
  providerIdOf,
  storedRoles,
  withRole,
} from '../../auth/provisioning.ts';
import type { AuthContext } from '../../auth/types.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { removeUnusedBlobs } from '../../platform/files/file-gc.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { enqueueJob } from '../../platform/jobs/jobs.ts';
import { layoutMail } from '../../platform/mail/layout.ts';
import { enqueueMail, type OutgoingMail } from '../../platform/mail/outbox.ts';
import { assertCompanyAccess, memberRole } from '../../policies/company-access.ts';
import { erasedEmail } from '../retention/index.ts';
import {
  activeAdmins,
  anonymiseAccount,
  blankAppealReasonsOf,
  type ClosureRow,
  type ClosureWithNames,
  cancelPendingNameChangesOf,
  closeCompanyRow,
  decidePendingRequest,
  deleteApplicationDocumentsOf,
  deleteApplicationMessagesOf,
  deleteDiagnosesOf,
  deleteEsgResponsesOf,
  deleteExportsOf,
  deleteFileRows,
  deleteInvitationsOf,
  deletePartnerTiesOf,
  deleteSubscriptionsOf,
  emptySheetsOf,
  findRequest,
  insertPendingRequest,
  latestRequestOf,
  lockCompany,
  lockPendingRequestOf,
  lockRequest,
  ownersOf,
  type Recipient,
  removeMembers,
  requestsByStatus,
} from './closure.repository.ts';

/**
 * Closing a company's account (docs/adr/0028-company-teams.md): an owner asks, an owner withdraws, an admin
 * approves (the erasure, below) or refuses. Each step is audited (entity company_closure_requests, with the
 * company) and mailed in each recipient's language.
 *
 * A closed company keeps its row with its name and NIF, marked closed (closed_at): the published results, the
 * seals (their public check works as before), the applications with their decisions and the indicator values the
 * anonymised statistics read stay. Everything else that names a person or holds the company's own documents is
 * erased in the approval's transaction; the files' contents are removed from the store right after it commits.
 * It has no members any more, so its routes answer 404 to everyone but admins, who may read it and get 410
 * `company_closed` on any change (policies/company-access.ts).
 */

/** The audit entity of the requests: the table. */
const CLOSURE_ENTITY = 'company_closure_requests';
/** The audit entity of the company row (as the companies area writes it). */
const COMPANIES_ENTITY = 'companies';
/** The company row's fields a closure empties (closeCompanyRow), named in its audit row. */
const ERASED_COMPANY_FIELDS = [
  'email',
  'phone',
  'contactPhone',
  'contactEmail',
  'website',
  'responsibleName',
  'ownerName',
  'managerName',
] as const;
/** The most requests one admin list answers. */
const LIST_LIMIT = 500;

const alreadyPending = () => new AppError(409, 'closure_pending', 'companyData:closure.errors.pending');
const alreadyDecided = () => new AppError(409, 'closure_decided', 'companyData:closure.errors.decided');
const nonePending = () => notFound('companyData:closure.errors.noPending');

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * Asking and withdrawing are the company's owners' own acts: its other members get the role error, anyone else
 * 404, and an admin who is not one of its owners 403 (admins decide, they do not ask).
 */
async function assertOwner(executor: Executor, caller: AuthContext, companyId: string): Promise<void> {
  const admin = await assertCompanyAccess(executor, caller, companyId, 'own');
  if (admin && (await memberRole(executor, companyId, caller.accountId)) !== 'owner') throw forbidden();
}

function present(row: ClosureWithNames): ClosureRequest {
  const r = row.request;
  return {
    id: r.id,
    companyId: r.companyId,
    companyName: row.companyName,
    nif: row.nif,
    status: r.status,
    reason: r.reason,
    requestedByName: row.requestedByName || null,
    requestedAt: r.requestedAt.toISOString(),
    decidedByName: row.decidedByName || null,
    decidedAt: iso(r.decidedAt),
    decisionReason: r.decisionReason,
  };
}

type MailKind = 'requested' | 'requestedAdmin' | 'withdrawn' | 'approved' | 'refused';

const SUBJECT: Record<MailKind, string> = {
  requested: 'requestedSubject',
  requestedAdmin: 'requestedSubject',
  withdrawn: 'withdrawnSubject',
  approved: 'approvedSubject',
  refused: 'refusedSubject',
};

const ACTION: Record<MailKind, string> = {
  requested: 'requestedAction',
  requestedAdmin: 'requestedAction',
  withdrawn: 'action',
  approved: 'approvedAction',
  refused: 'action',
};

/** Where each mail's link leads, in the recipient's language. */
const LINK: Record<MailKind, string> = {
  requested: 'company/data',
  requestedAdmin: 'admin/company',
  withdrawn: 'company/data',
  approved: 'public/privacy',
  refused: 'company/data',
};

/** One closure mail in the recipient's language, text and HTML from the same catalog texts. */
function closureMail(
  kind: MailKind,
  input: { to: Recipient; publicUrl: string; params: Record<string, string>; now: Date },
): OutgoingMail {
  const { language } = input.to;
  const params: Record<string, string> = {
    ...input.params,
    name: input.to.name,
    date: formatDisplayDate(input.now, language),
  };
  const t = (key: string) => translate(language, `companyData:closure.mails.${key}`, params);
  const reason = kind === 'refused' || kind === 'requestedAdmin' ? params.reason : '';
  return layoutMail({
    to: input.to.email,
    language,
    subject: t(SUBJECT[kind]),
    greeting: t('greeting'),
    lines: [t(kind), ...(reason ? [t('reason')] : []), t(ACTION[kind])],
    link: `${input.publicUrl}/${language}/${LINK[kind]}`,
  });
}

async function mailAll(
  executor: Executor,
  kind: MailKind,
  recipients: readonly Recipient[],
  input: { publicUrl: string; params: Record<string, string>; now: Date },
): Promise<void> {
  const seen = new Set<string>();
  for (const to of recipients) {
    if (seen.has(to.email)) continue;
    seen.add(to.email);
    await enqueueMail(executor, closureMail(kind, { ...input, to }));
  }
}

async function audit(
  executor: Executor,
  actor: Actor,
  action: string,
  row: ClosureRow,
  before: unknown,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await writeAudit(executor, {
    actorAccountId: actor.accountId,
    action,
    entity: CLOSURE_ENTITY,
    entityId: row.id,
    before,
    after: {
      companyId: row.companyId,
      status: row.status,
      reason: row.reason,
      decisionReason: row.decisionReason,
      ...extra,
    },
    requestId: actor.requestId ?? null,
    companyId: row.companyId,
  });
}

export function createClosureService(
  deps: ProviderDeps & { fileStore: Pick<FileStore, 'driver'>; publicUrl: string },
) {
  const { db, identity, logger, fileStore, publicUrl } = deps;

  async function presentById(executor: Executor, id: string): Promise<ClosureRequest> {
    const row = await findRequest(executor, id);
    if (!row) throw notFound();
    return present(row);
  }

  /** The name a mail gives the person who acted: its name, else its e-mail. */
  const nameOf = (who: { name: string; email: string }) => who.name || who.email;

  return {
    /** The company's latest request, or null (any member, admins). */
    async latest(caller: AuthContext, companyId: string): Promise<ClosureRequest | null> {
      await assertCompanyAccess(db, caller, companyId, 'read');
      const row = await latestRequestOf(db, companyId);
      return row ? present(row) : null;
    },

    /** An owner asks to close the company's account: mailed to the owners and the admins. */
    async request(
      caller: AuthContext,
      actor: Actor,
      companyId: string,
      body: RequestClosureRequest,
      now = new Date(),
    ): Promise<ClosureRequest> {
      return db.transaction(async (tx) => {
        await assertOwner(tx, caller, companyId);
        const company = await lockCompany(tx, companyId);
        if (!company) throw notFound();
        if (await lockPendingRequestOf(tx, companyId)) throw alreadyPending();
        const created = await insertPendingRequest(tx, {
          companyId,
          status: 'pending',
          reason: body.reason ?? '',
          requestedBy: caller.accountId,
          requestedAt: now,
        });
        if (!created) throw alreadyPending();
        await audit(tx, actor, 'request', created, null);
        const mail = {
          publicUrl,
          now,
          params: {
            companyName: company.companyName,
            nif: company.nif,
            requester: nameOf(caller),
            reason: created.reason,
          },
        };
        await mailAll(tx, 'requested', await ownersOf(tx, companyId), mail);
        await mailAll(tx, 'requestedAdmin', await activeAdmins(tx), mail);
        return presentById(tx, created.id);
      });
    },

    /** An owner withdraws the pending request: mailed to the owners. */
    async withdraw(caller: AuthContext, actor: Actor, companyId: string, now = new Date()): Promise<void> {
      await db.transaction(async (tx) => {
        await assertOwner(tx, caller, companyId);
        const company = await lockCompany(tx, companyId);
        if (!company) throw notFound();
        const pending = await lockPendingRequestOf(tx, companyId);
        if (!pending) throw nonePending();
        const withdrawn = await decidePendingRequest(tx, pending.id, {
          status: 'withdrawn',
          decidedBy: caller.accountId,
          decidedAt: now,
          decisionReason: null,
        });
        if (!withdrawn) throw alreadyDecided();
        await audit(tx, actor, 'withdraw', withdrawn, { status: pending.status });
        await mailAll(tx, 'withdrawn', await ownersOf(tx, companyId), {
          publicUrl,
          now,
          params: { companyName: company.companyName, actor: nameOf(caller) },
        });
      });
    },

    /** The admins' list: one state, or every request (newest first). */
    async list(query: z.input<typeof ClosureRequestsQuery>): Promise<ClosureRequest[]> {
      const { status } = ClosureRequestsQuery.parse(query);
      return (await requestsByStatus(db, status, LIST_LIMIT)).map(present);
    },

    /** An admin refuses a pending request with a reason: mailed to the owners. */
    async refuse(
      actor: Actor,
      id: string,
      body: RefuseClosureRequest,
      now = new Date(),
    ): Promise<ClosureRequest> {
      return db.transaction(async (tx) => {
        const pending = await lockRequest(tx, id);
        if (!pending) throw notFound();
        if (pending.status !== 'pending') throw alreadyDecided();
        const company = await lockCompany(tx, pending.companyId);
        if (!company) throw notFound();
        const refused = await decidePendingRequest(tx, id, {
          status: 'refused',
          decidedBy: actor.accountId,
          decidedAt: now,
          decisionReason: body.reason,
        });
        if (!refused) throw alreadyDecided();
        await audit(tx, actor, 'refuse', refused, { status: pending.status });
        await mailAll(tx, 'refused', await ownersOf(tx, pending.companyId), {
          publicUrl,
          now,
          params: { companyName: company.companyName, reason: body.reason },
        });
        return presentById(tx, id);
      });
    },

    /**
     * An admin approves a pending request: the erasure, in one transaction whose last step disables at the
     * identity provider the accounts left with nothing (keepProviderInStep puts them back if the commit fails).
     * The owners are mailed at the addresses read before the erasure; the files' contents go after the commit.
     */
    async approve(actor: Actor, id: string, now = new Date()): Promise<ClosureRequest> {
      const erasedContents: string[] = [];
      const answer = await keepProviderInStep(deps, (atProviderSteps) =>
        db.transaction(async (tx) => {
          const pending = await lockRequest(tx, id);
          if (!pending) throw notFound();
          if (pending.status !== 'pending') throw alreadyDecided();
          const companyId = pending.companyId;
          const company = await lockCompany(tx, companyId);
          if (!company) throw notFound();
          const owners = await ownersOf(tx, companyId);
          const approved = await decidePendingRequest(tx, id, {
            status: 'approved',
            decidedBy: actor.accountId,
            decidedAt: now,
            decisionReason: null,
          });
          if (!approved) throw alreadyDecided();

          const fileIds: string[] = [];
          const sheets = await emptySheetsOf(tx, companyId, now);
          fileIds.push(...sheets.fileIds);
          const documents = await deleteApplicationDocumentsOf(tx, companyId);
          fileIds.push(...documents.fileIds);
          const applicationMessages = await deleteApplicationMessagesOf(tx, companyId);
          const appealReasons = await blankAppealReasonsOf(tx, companyId, now);
          const exports = await deleteExportsOf(tx, companyId);
          fileIds.push(...exports.fileIds);
          const diagnoses = await deleteDiagnosesOf(tx, companyId);
          const esgResponses = await deleteEsgResponsesOf(tx, companyId);
          const partnerTies = await deletePartnerTiesOf(tx, companyId);
          const invitations = await deleteInvitationsOf(tx, companyId);
          const nameChanges = await cancelPendingNameChangesOf(tx, companyId, {
            accountId: actor.accountId,
            now,
          });
          const subscriptions = await deleteSubscriptionsOf(
            tx,
            [company.email, company.contactEmail ?? ''].filter(Boolean),
          );
          const members = await removeMembers(tx, companyId);
          const erasedAccounts: { id: string; providerId: string | null }[] = [];
          for (const member of members) {
            if (member.keeps) continue;
            const account = member.account;
            if (account.profilePictureFileId) fileIds.push(account.profilePictureFileId);
            erasedAccounts.push({ id: account.id, providerId: await providerIdOf(identity, account) });
            await writeAudit(tx, {
              actorAccountId: actor.accountId,
              action: 'erase',
              entity: 'users',
              entityId: account.id,
              before: { isActive: account.isActive },
              after: { isActive: false, erased: true, closureRequestId: id },
              requestId: actor.requestId ?? null,
              companyId,
            });
            await anonymiseAccount(tx, account.id, {
              email: erasedEmail(account.id),
              roles: storedRoles(withRole(account.roles, 'company', false)),
              now,
            });
          }
          await closeCompanyRow(tx, companyId, now);
          erasedContents.push(...(await deleteFileRows(tx, fileIds)));

          const counts = {
            balanceSheets: sheets.sheets,
            applicationDocuments: documents.documents,
            applicationMessages,
            appealReasons,
            exports: exports.exports,
            diagnoses,
            esgResponses,
            ...partnerTies,
            invitations,
            cancelledNameChanges: nameChanges,
            newsletterSubscriptions: subscriptions,
            members: members.length,
            erasedAccounts: erasedAccounts.length,
            files: fileIds.length,
          };
          await audit(tx, actor, 'approve', approved, { status: pending.status }, { erased: counts });
          await writeAudit(tx, {
            actorAccountId: actor.accountId,
            action: 'close',
            entity: COMPANIES_ENTITY,
            entityId: companyId,
            // Which fields were erased, not their values: the log would otherwise keep what the closure erases.
            before: { isListed: company.isListed, closedAt: null, version: company.version },
            after: {
              isListed: false,
              closedAt: now.toISOString(),
              erasedFields: ERASED_COMPANY_FIELDS,
              closureRequestId: id,
              version: company.version + 1,
            },
            requestId: actor.requestId ?? null,
          });
          await mailAll(tx, 'approved', owners, {
            publicUrl,
            now,
            params: { companyName: company.companyName },
          });
          // The provider users of the erased accounts go too (the job checks no account signs in with them).
          for (const account of erasedAccounts) {
            if (!account.providerId) continue;
            await enqueueJob(
              tx,
              IDENTITY_DELETE_USER_JOB,
              { providerUserId: account.providerId },
              { key: `${IDENTITY_DELETE_USER_JOB}:${account.providerId}` },
            );
          }
          for (const account of erasedAccounts) {
            const providerId = account.providerId;
            if (!providerId) continue;
            await atProviderSteps(account.id, [
              {
                apply: () => identity.setEnabled(providerId, false),
                undo: () => identity.setEnabled(providerId, true),
              },
            ]);
          }
          return presentById(tx, id);
        }),
      );
      try {
        await removeUnusedBlobs(db, fileStore.driver, erasedContents);
      } catch (error) {
        logger.error(
          {
            closureRequestId: id,
            contents: erasedContents,
            err: error instanceof Error ? error.message : error,
          },
          'company closure: removing the erased files from the store failed; their rows are gone',
        );
      }
      return answer;
    },
  };
}

export type ClosureService = ReturnType<typeof createClosureService>;
