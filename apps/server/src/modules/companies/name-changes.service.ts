import {
  formatDisplayDate,
  type Language,
  type NameChange,
  type NameChangeDecision,
  type NameChangeQuery,
  NameChangeQuery as NameChangeQuerySchema,
  translate,
} from '@excelencia/domain';
import type { AuthContext } from '../../auth/types.ts';
import { type Database, type Executor, readTogether } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { AppError, notFound, staleVersion } from '../../platform/errors.ts';
import { layoutMail } from '../../platform/mail/layout.ts';
import { enqueueMail, type OutgoingMail } from '../../platform/mail/outbox.ts';
import { assertCompanyAccess } from '../../policies/company-access.ts';
import {
  changesByStatus,
  changesOfCompany,
  findChange,
  holdsSeal,
  insertChange,
  lockChange,
  lockCompanyNames,
  membersOf,
  type NameChangeRow,
  type NameChangeWithNames,
  pendingChangeOf,
  renameCompany,
  updateChange,
} from './name-changes.repository.ts';

/** The audit entity of name changes: the table. */
const NAME_CHANGES_ENTITY = 'company_name_changes';
/** The audit entity of company changes (as companies.service writes it). */
const COMPANIES_ENTITY = 'companies';

/** The most requests one list answers (pending ones are a short queue; decided ones the latest). */
const LIST_LIMIT = 500;

export const nifLockedBySeal = () =>
  new AppError(409, 'nif_locked_by_seal', 'companies:errors.nifLockedBySeal', {
    details: [{ path: 'nif', message: 'companies:errors.nifLockedBySeal' }],
  });

const alreadyDecided = () => new AppError(409, 'name_change_decided', 'companies:errors.nameChangeDecided');

interface CompanyNames {
  companyName: string;
  legalName: string | null;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function presentNameChange(row: NameChangeWithNames): NameChange {
  const c = row.change;
  return {
    id: c.id,
    companyId: c.companyId,
    nif: row.nif,
    fromCompanyName: c.fromCompanyName,
    fromLegalName: c.fromLegalName,
    toCompanyName: c.toCompanyName,
    toLegalName: c.toLegalName,
    status: c.status,
    requestedAt: c.requestedAt.toISOString(),
    requestedBy: row.requestedBy,
    decidedAt: iso(c.decidedAt),
    decidedBy: row.decidedBy,
    reason: c.reason,
    version: c.version,
  };
}

/** Whether a profile edit changes the company's names (its name or its legal name). */
export function namesDiffer(before: CompanyNames, after: CompanyNames): boolean {
  return before.companyName !== after.companyName || (before.legalName ?? null) !== (after.legalName ?? null);
}

/** What the profile shows of the status and of a name change waiting for approval. */
export async function nameChangeState(
  executor: Executor,
  companyId: string,
  now: Date,
): Promise<{ holdsSeal: boolean; pendingNameChange: NameChange | null }> {
  const [held, pending] = await readTogether(executor, [
    () => holdsSeal(executor, companyId, now),
    () => pendingChangeOf(executor, companyId),
  ]);
  return { holdsSeal: held, pendingNameChange: pending ? presentNameChange(pending) : null };
}

async function audit(
  executor: Executor,
  actor: Actor,
  action: string,
  row: NameChangeRow,
  before: unknown,
): Promise<void> {
  await writeAudit(executor, {
    actorAccountId: actor.accountId,
    action,
    entity: NAME_CHANGES_ENTITY,
    entityId: row.id,
    before,
    after: {
      companyId: row.companyId,
      status: row.status,
      toCompanyName: row.toCompanyName,
      toLegalName: row.toLegalName,
      reason: row.reason,
    },
    requestId: actor.requestId ?? null,
  });
}

/**
 * A profile edit that changes the company's names, inside the edit's transaction. A company holding the status
 * (docs/adr/0017-seal-keeps-issued-names.md) asks: its request waits for an admin (a newer request replaces the
 * pending one) and the names stay; answers 'requested'. An admin's edit, or a company without the status,
 * renames at once ('applied'), recorded as an approved change so the seals' public check can date it; a
 * company's request left pending from when it held the status is then cancelled.
 */
export async function recordNameChange(
  tx: Executor,
  input: {
    actor: Actor;
    companyId: string;
    admin: boolean;
    held: boolean;
    from: CompanyNames;
    to: CompanyNames;
    now: Date;
  },
): Promise<'requested' | 'applied'> {
  const { actor, companyId, from, to, now } = input;
  const pending = await pendingChangeOf(tx, companyId);
  const names = { toCompanyName: to.companyName, toLegalName: to.legalName ?? null };
  if (input.held && !input.admin) {
    if (pending) {
      const same =
        pending.change.toCompanyName === names.toCompanyName &&
        pending.change.toLegalName === names.toLegalName;
      if (same) return 'requested';
      const updated = await updateChange(tx, pending.change.id, pending.change.version, {
        ...names,
        requestedBy: actor.accountId,
        requestedAt: now,
        updatedAt: now,
      });
      if (!updated) throw staleVersion();
      await audit(tx, actor, 'request', updated, {
        toCompanyName: pending.change.toCompanyName,
        toLegalName: pending.change.toLegalName,
      });
      return 'requested';
    }
    const created = await insertChange(tx, {
      companyId,
      status: 'pending',
      fromCompanyName: from.companyName,
      fromLegalName: from.legalName ?? null,
      ...names,
      requestedBy: actor.accountId,
      requestedAt: now,
    });
    await audit(tx, actor, 'request', created, null);
    return 'requested';
  }
  if (pending && !input.held) {
    const cancelled = await updateChange(tx, pending.change.id, pending.change.version, {
      status: 'cancelled',
      decidedBy: actor.accountId,
      decidedAt: now,
      updatedAt: now,
    });
    if (!cancelled) throw staleVersion();
    await audit(tx, actor, 'cancel', cancelled, { status: 'pending' });
  }
  const applied = await insertChange(tx, {
    companyId,
    status: 'approved',
    fromCompanyName: from.companyName,
    fromLegalName: from.legalName ?? null,
    ...names,
    requestedBy: actor.accountId,
    requestedAt: now,
    decidedBy: actor.accountId,
    decidedAt: now,
  });
  await audit(tx, actor, 'rename', applied, null);
  return 'applied';
}

type MailKind = 'approved' | 'refused';

/** The decision's mail in the member's language, text and HTML from the same catalog texts (escaped). */
function decisionMail(
  kind: MailKind,
  input: { to: string; name: string; language: Language; link: string; params: Record<string, string> },
): OutgoingMail {
  const { language } = input;
  const params: Record<string, string> = { ...input.params, name: input.name };
  const t = (key: string) => translate(language, `companies:mails.nameChange.${key}`, params);
  return layoutMail({
    to: input.to,
    language,
    subject: t(`${kind}Subject`),
    greeting: t('greeting'),
    lines: [t(kind), ...(kind === 'refused' && params.reason ? [t('reason')] : []), t('action')],
    link: input.link,
  });
}

/**
 * Name changes of companies holding the status: the company's own requests, the admin's queue, and the admin's
 * decision (approve: the company is renamed; refuse: with a reason), mailed to the company's members.
 */
export function createNameChangesService(deps: { db: Database; publicUrl: string }) {
  const { db, publicUrl } = deps;

  async function present(executor: Executor, id: string): Promise<NameChange> {
    const row = await findChange(executor, id);
    if (!row) throw notFound();
    return presentNameChange(row);
  }

  return {
    /** The company's name changes, newest first (its members and admins; another company's id answers 404). */
    async ofCompany(caller: AuthContext, companyId: string): Promise<NameChange[]> {
      await assertCompanyAccess(db, caller, companyId);
      return (await changesOfCompany(db, companyId)).map(presentNameChange);
    },

    /** The admin's list: one status, pending by default (the queue, oldest first). */
    async list(query: NameChangeQuery): Promise<NameChange[]> {
      const { status } = NameChangeQuerySchema.parse(query);
      return (await changesByStatus(db, status, LIST_LIMIT)).map(presentNameChange);
    },

    /**
     * An admin approves (the company takes the names asked for) or refuses (with a reason) a pending request;
     * audited, and mailed to each member of the company in their language.
     */
    async decide(actor: Actor, id: string, body: NameChangeDecision, now = new Date()): Promise<NameChange> {
      return db.transaction(async (tx) => {
        const change = await lockChange(tx, id);
        if (!change) throw notFound();
        if (change.version !== body.version) throw staleVersion();
        if (change.status !== 'pending') throw alreadyDecided();
        const company = await lockCompanyNames(tx, change.companyId);
        if (!company) throw notFound();
        const reason = body.reason ? body.reason : null;
        const decided = await updateChange(tx, id, change.version, {
          status: body.approve ? 'approved' : 'refused',
          decidedBy: actor.accountId,
          decidedAt: now,
          reason,
          updatedAt: now,
        });
        if (!decided) throw staleVersion();
        await audit(tx, actor, body.approve ? 'approve' : 'refuse', decided, { status: change.status });
        if (body.approve) {
          const names = { companyName: change.toCompanyName, legalName: change.toLegalName };
          await renameCompany(tx, company.id, names, company.version, now);
          await writeAudit(tx, {
            actorAccountId: actor.accountId,
            action: 'approveNameChange',
            entity: COMPANIES_ENTITY,
            entityId: company.id,
            before: {
              companyName: company.companyName,
              legalName: company.legalName,
              version: company.version,
            },
            after: { ...names, version: company.version + 1, nameChangeId: id },
            requestId: actor.requestId ?? null,
          });
        }
        for (const member of await membersOf(tx, change.companyId)) {
          await enqueueMail(
            tx,
            decisionMail(body.approve ? 'approved' : 'refused', {
              to: member.email,
              name: member.name,
              language: member.language,
              link: `${publicUrl}/${member.language}/company/profile`,
              params: {
                from: company.companyName,
                to: change.toCompanyName,
                companyName: body.approve ? change.toCompanyName : company.companyName,
                date: formatDisplayDate(now, member.language),
                reason: reason ?? '',
              },
            }),
          );
        }
        return present(tx, id);
      });
    },
  };
}

export type NameChangesService = ReturnType<typeof createNameChangesService>;
