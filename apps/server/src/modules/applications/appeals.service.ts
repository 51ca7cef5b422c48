import {
  type AdminAppealQuery,
  type Appeal,
  type AppealConfirmationRequest,
  type AppealDecisionRequest,
  type AppealRequest,
  type ApplicationAppealState,
  type ApplicationFile,
  appealPeriod,
  type Language,
  sealValidUntil,
  translate,
  uniqueId,
} from '@excelencia/domain';
import type { AuthContext } from '../../auth/types.ts';
import { type Database, type Executor, readTogether } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, notFound, staleVersion } from '../../platform/errors.ts';
import { assertPdf } from '../../platform/files/pdf-upload.ts';
import { layoutMail } from '../../platform/mail/layout.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { FileOnDisk } from '../../platform/multipart-file.ts';
import { assertCompanyAccess } from '../../policies/company-access.ts';
import {
  type AppealRow,
  appealById,
  appealFilesOf,
  appealOfApplication,
  appealsWithApplications,
  confirmAtVersion,
  insertAppealUnlessMade,
  proposeAtVersion,
  qualifyOnAppeal,
  withdrawProposalAtVersion,
} from './appeals.repository.ts';
import { editionLabel, formatMailDate } from './application-mails.ts';
import {
  type ApplicationRow,
  accountName,
  companyNameAndNif,
  liveFilesOf,
  markFileRemoved,
} from './applications.repository.ts';
import {
  type ApplicationsService,
  applicationRow,
  auditApplication,
  companyApplicationRow,
} from './applications.service.ts';
import type { PendingAppealLine } from './applications-export.ts';
import { checkedIssueDate } from './document-validity.ts';
import { type EditionRow, editionRow } from './editions.service.ts';
import { evaluatorsToWrite } from './messages.repository.ts';
import { insertSeal } from './results.repository.ts';

/**
 * Appeals of refused applications (docs/adr/0031-appeals.md). A company's owner appeals a refusal within the
 * edition's appeal period (publication day + editions.appeal_days, Cabo Verde days); one admin proposes the
 * outcome and a second one confirms it, as with the application's decision. An upheld appeal qualifies the
 * application and issues its seal, valid to the same day as the edition's other seals. Every step is audited on
 * the application (its history, and the company's activity); both outcomes are mailed to the company's members.
 */

const notAppealable = () => new AppError(409, 'not_appealable', 'appeals:errors.notAppealable');
const appealExists = () => new AppError(409, 'appeal_exists', 'appeals:errors.exists');
const noAppeal = () => new AppError(404, 'not_found', 'appeals:errors.noAppeal');
/** The codes of the application's four eyes (applications.service.ts), with the appeal's texts. */
const alreadyDecided = () => new AppError(409, 'already_evaluated', 'appeals:errors.alreadyDecided');
const notProposed = () => new AppError(409, 'not_decided', 'appeals:errors.notProposed');
const alreadyConfirmed = () => new AppError(409, 'already_confirmed', 'appeals:errors.alreadyConfirmed');
const ownDecision = () => new AppError(403, 'own_decision', 'appeals:errors.ownDecision');

/** A refusal the company may appeal: decided unqualified, and the edition's results published. */
function isRefused(
  row: ApplicationRow,
  edition: EditionRow,
): edition is EditionRow & { resultsPublishedAt: Date } {
  return row.status === 'unqualified' && edition.resultsPublishedAt !== null;
}

/** 409 appeal_closed naming the last day of the period (its last instant, written as a date). */
function appealClosed(closesAt: Date): AppError {
  return new AppError(409, 'appeal_closed', 'appeals:errors.closed', {
    params: { date: new Date(closesAt.getTime() - 1) },
  });
}

type MailKind = 'upheld' | 'dismissed';

/** How much of the company's reason the admins' mail quotes (characters); the application page has all of it. */
const APPEAL_MAIL_REASON_LENGTH = 500;

/** The reason's first APPEAL_MAIL_REASON_LENGTH characters (never half a character), '…' when cut, by line. */
function quotedReason(reason: string): string[] {
  const characters = Array.from(reason);
  const quoted =
    characters.length > APPEAL_MAIL_REASON_LENGTH
      ? `${characters.slice(0, APPEAL_MAIL_REASON_LENGTH).join('')}…`
      : reason;
  return quoted.split(/\r\n|\r|\n/);
}

function appealMail(
  kind: MailKind,
  input: { to: string; name: string; language: Language; link: string; params: Record<string, string> },
) {
  const params: Record<string, string> = { ...input.params, name: input.name };
  const t = (key: string) => translate(input.language, `appealsMail:${kind}.${key}`, params);
  return layoutMail({
    to: input.to,
    language: input.language,
    subject: t('subject'),
    greeting: translate(input.language, 'appealsMail:greeting', params),
    lines: [t('intro'), ...(params.reason ? [t('reason')] : []), t('action')],
    link: input.link,
  });
}

export function createAppealsService(deps: {
  db: Database;
  applications: ApplicationsService;
  publicUrl: string;
  /** The clock (tests set it); the current time by default. */
  now?: () => Date;
}) {
  const { db, applications, publicUrl } = deps;
  const clock = deps.now ?? (() => new Date());

  async function nameOf(executor: Executor, accountId: string | null): Promise<string | null> {
    return accountId ? accountName(executor, accountId) : null;
  }

  /** An appeal as the API shows it: the company sees the outcome only once confirmed, never the proposal. */
  async function present(
    executor: Executor,
    appeal: AppealRow,
    application: ApplicationRow,
    edition: EditionRow,
    asAdmin: boolean,
  ): Promise<Appeal> {
    const [company, files, decidedBy, confirmedBy] = await readTogether(executor, [
      () => companyNameAndNif(executor, application.companyId),
      () => appealFilesOf(executor, appeal.id),
      () => (asAdmin ? nameOf(executor, appeal.decidedBy) : Promise.resolve(null)),
      () => (asAdmin ? nameOf(executor, appeal.confirmedBy) : Promise.resolve(null)),
    ]);
    const decided = appeal.status !== 'pending';
    const showDecision = asAdmin || decided;
    return {
      id: appeal.id,
      applicationId: application.id,
      editionId: application.editionId,
      companyId: application.companyId,
      companyName: company?.companyName ?? '',
      nif: company?.nif ?? '',
      reason: appeal.reason,
      status: appeal.status,
      proposedOutcome: asAdmin ? appeal.proposedOutcome : null,
      decisionReason: showDecision ? appeal.decisionReason : null,
      decidedBy,
      decidedAt: showDecision ? (appeal.decidedAt?.toISOString() ?? null) : null,
      confirmedBy,
      confirmedAt: appeal.confirmedAt?.toISOString() ?? null,
      createdAt: appeal.createdAt.toISOString(),
      files: files.map((file): ApplicationFile => applications.presentFile(file, edition)),
      version: appeal.version,
    };
  }

  async function stateOf(
    executor: Executor,
    application: ApplicationRow,
    asAdmin: boolean,
    now: Date,
  ): Promise<ApplicationAppealState> {
    const edition = await editionRow(executor, application.editionId);
    const appeal = await appealOfApplication(executor, application.id);
    const refused =
      isRefused(application, edition) || (appeal !== undefined && edition.resultsPublishedAt !== null);
    const period = edition.resultsPublishedAt
      ? appealPeriod(edition.resultsPublishedAt, edition.appealDays)
      : null;
    return {
      applicationId: application.id,
      appealable: refused,
      lastDay: refused && period ? period.lastDay : null,
      open:
        isRefused(application, edition) &&
        !appeal &&
        period !== null &&
        now.getTime() < period.closesAt.getTime(),
      appeal: appeal ? await present(executor, appeal, application, edition, asAdmin) : null,
    };
  }

  /**
   * The appeal and its application, both locked for an admin's change: the application first, then the appeal, the
   * order every change of an appeal takes (the company's documents too), so two of them never wait on each other.
   */
  async function lockedAppeal(tx: Executor, id: string) {
    const found = await appealById(tx, id);
    if (!found) throw notFound();
    const application = await applicationRow(tx, found.applicationId, true);
    const appeal = await appealById(tx, id, true);
    if (!appeal) throw notFound();
    return { appeal, application };
  }

  /** Mails the outcome to the company's members, each in their language. */
  async function mailOutcome(
    tx: Executor,
    kind: MailKind,
    application: ApplicationRow,
    edition: EditionRow,
    reason: string,
    validUntil: Date | null,
  ) {
    const company = await companyNameAndNif(tx, application.companyId);
    for (const member of await applications.membersOf(tx, application.companyId)) {
      await enqueueMail(
        tx,
        appealMail(kind, {
          to: member.email,
          name: member.name,
          language: member.language,
          link: `${publicUrl}/${member.language}/company/application`,
          params: {
            companyName: company?.companyName ?? '',
            edition: editionLabel(edition, member.language),
            reason,
            validUntil: validUntil ? formatMailDate(validUntil, member.language) : '',
          },
        }),
      );
    }
  }

  /**
   * A new appeal, in its transaction: every active admin (as a company's message reaches the evaluators) is told
   * which company and edition, with the reason's beginning (the layout escapes it) and the application's page; the
   * company's members get a receipt (the day, the four eyes, how the outcome will reach them). Each in their language.
   */
  async function mailReceived(
    tx: Executor,
    application: ApplicationRow,
    edition: EditionRow,
    reason: string,
    now: Date,
  ) {
    const [company, admins, members] = await readTogether(tx, [
      () => companyNameAndNif(tx, application.companyId),
      () => evaluatorsToWrite(tx),
      () => applications.membersOf(tx, application.companyId),
    ]);
    const quoted = quotedReason(reason);
    for (const admin of admins) {
      const { language } = admin;
      const params = {
        name: admin.name,
        companyName: company?.companyName ?? '',
        nif: company?.nif ?? '',
        edition: editionLabel(edition, language),
      };
      const t = (key: string) => translate(language, `appealsMail:${key}`, params);
      await enqueueMail(
        tx,
        layoutMail({
          to: admin.email,
          language,
          subject: t('toAdmins.subject'),
          greeting: t('greeting'),
          lines: [t('toAdmins.intro'), '', t('toAdmins.reason'), ...quoted, '', t('toAdmins.action')],
          link: `${publicUrl}/${language}/admin/application?application=${encodeURIComponent(application.id)}`,
        }),
      );
    }
    for (const member of members) {
      const { language } = member;
      const params = {
        name: member.name,
        companyName: company?.companyName ?? '',
        edition: editionLabel(edition, language),
        date: formatMailDate(now, language),
      };
      const t = (key: string) => translate(language, `appealsMail:${key}`, params);
      await enqueueMail(
        tx,
        layoutMail({
          to: member.email,
          language,
          subject: t('received.subject'),
          greeting: t('greeting'),
          lines: [t('received.intro'), t('received.next'), t('received.told'), t('received.action')],
          link: `${publicUrl}/${language}/company/application`,
        }),
      );
    }
  }

  /** The appeals of an edition, of a status, oldest first (admin). */
  async function adminList(query: AdminAppealQuery): Promise<Appeal[]> {
    const rows = await appealsWithApplications(db, query);
    const editions = new Map<string, EditionRow>();
    const out: Appeal[] = [];
    for (const { appeal, application } of rows) {
      let edition = editions.get(application.editionId);
      if (!edition) {
        edition = await editionRow(db, application.editionId);
        editions.set(edition.id, edition);
      }
      out.push(await present(db, appeal, application, edition, true));
    }
    return out;
  }

  return {
    /** Whether the company's application may be appealed, until when, and its appeal (any member). */
    async state(
      caller: AuthContext,
      companyId: string,
      id: string,
      now = clock(),
    ): Promise<ApplicationAppealState> {
      const asAdmin = await assertCompanyAccess(db, caller, companyId);
      return stateOf(db, await companyApplicationRow(db, companyId, id), asAdmin, now);
    },

    /**
     * The owner appeals a refusal: 409 not_appealable unless refused and published, appeal_exists the second
     * time (the unique index decides two at once), appeal_closed after the period's last day.
     */
    async appeal(
      caller: AuthContext,
      actor: Actor,
      companyId: string,
      id: string,
      body: AppealRequest,
      now = clock(),
    ): Promise<Appeal> {
      await assertCompanyAccess(db, caller, companyId, 'own');
      return db.transaction(async (tx) => {
        const application = await companyApplicationRow(tx, companyId, id, true);
        const edition = await editionRow(tx, application.editionId);
        if (!isRefused(application, edition)) throw notAppealable();
        if (await appealOfApplication(tx, application.id)) throw appealExists();
        const period = appealPeriod(edition.resultsPublishedAt, edition.appealDays);
        if (now.getTime() >= period.closesAt.getTime()) throw appealClosed(period.closesAt);
        const appeal = await insertAppealUnlessMade(tx, {
          applicationId: application.id,
          reason: body.reason,
          createdBy: actor.accountId,
          now,
        });
        if (!appeal) throw appealExists();
        // The reason is the company's words: the appeal row keeps it (blanked if its account is closed), not the log.
        await auditApplication(tx, actor, application.id, 'appeal', application, {
          status: application.status,
          appeal: 'pending',
        });
        await mailReceived(tx, application, edition, body.reason, now);
        return present(tx, appeal, application, edition, false);
      });
    },

    /**
     * A document for the pending appeal (before any proposal, within the period), through the application's
     * upload: it takes the place of the application's document of that type, marked as the appeal's.
     */
    async addFile(
      caller: AuthContext,
      actor: Actor,
      companyId: string,
      id: string,
      input: { fileType: number; file: FileOnDisk; issuedAt?: string },
      now = clock(),
    ): Promise<ApplicationFile> {
      await assertCompanyAccess(db, caller, companyId, 'own');
      assertPdf(input.file);
      // The rules, on a short read first and again in the recording transaction (the application locked).
      const allowed = async (executor: Executor, forUpdate: boolean) => {
        const application = await companyApplicationRow(executor, companyId, id, forUpdate);
        const appeal = await appealOfApplication(executor, application.id, forUpdate);
        if (!appeal) throw noAppeal();
        if (appeal.status !== 'pending' || appeal.proposedOutcome !== null) {
          throw new AppError(409, 'appeal_not_pending', 'appeals:errors.notPending');
        }
        const edition = await editionRow(executor, application.editionId);
        if (!edition.resultsPublishedAt) throw notAppealable();
        const period = appealPeriod(edition.resultsPublishedAt, edition.appealDays);
        if (now.getTime() >= period.closesAt.getTime()) throw appealClosed(period.closesAt);
        const issuedAt = checkedIssueDate(edition, input.fileType, input.issuedAt, now);
        return { application, appeal, edition, issuedAt };
      };
      return applications.withStoredDocument(
        actor,
        input.file,
        () => allowed(db, false),
        async (tx, document) => {
          const { application, appeal, edition, issuedAt } = await allowed(tx, true);
          const replaced = (await liveFilesOf(tx, application.id)).find((f) => f.fileType === input.fileType);
          if (replaced) await markFileRemoved(tx, replaced.id, now);
          const file = await applications.storeDocument(
            tx,
            actor,
            application,
            input.fileType,
            document,
            now,
            {
              issuedAt,
              appealId: appeal.id,
            },
          );
          await auditApplication(tx, actor, application.id, 'appealFile', application, {
            status: application.status,
            fileType: input.fileType,
            fileName: file.fileName,
            replaced: replaced?.fileName ?? null,
            issuedAt,
          });
          return applications.presentFile(file, edition);
        },
      );
    },

    adminList,

    /** The edition's appeals still pending, as the admin's results report lists them (oldest first). */
    async pendingReportLines(editionId: string): Promise<PendingAppealLine[]> {
      const pending = await adminList({ editionId, status: 'pending' });
      return pending.map((appeal) => ({
        companyName: appeal.companyName,
        nif: appeal.nif,
        createdAt: appeal.createdAt,
        proposed: appeal.proposedOutcome !== null,
      }));
    },

    /** An application's appeal state as the admin sees it (the proposal and who made it). */
    async adminState(applicationId: string, now = clock()): Promise<ApplicationAppealState> {
      const application = await applicationRow(db, applicationId);
      return stateOf(db, application, true, now);
    },

    /**
     * The first admin proposes the outcome. The appeal is locked and its version compared, so of two admins
     * proposing at once exactly one wins and the other gets 409 already_evaluated.
     */
    async decide(actor: Actor, id: string, body: AppealDecisionRequest, now = clock()): Promise<Appeal> {
      return db.transaction(async (tx) => {
        const { appeal, application } = await lockedAppeal(tx, id);
        if (
          appeal.status !== 'pending' ||
          appeal.proposedOutcome !== null ||
          appeal.version !== body.version
        ) {
          throw alreadyDecided();
        }
        const proposed = await proposeAtVersion(
          tx,
          appeal,
          { outcome: body.outcome, reason: body.reason, decidedBy: actor.accountId },
          now,
        );
        if (!proposed) throw alreadyDecided();
        await auditApplication(tx, actor, application.id, 'appealDecision', application, {
          status: application.status,
          appeal: 'pending',
          proposedOutcome: body.outcome,
          reason: body.reason,
        });
        const edition = await editionRow(tx, application.editionId);
        return present(tx, proposed, application, edition, true);
      });
    },

    /**
     * A second admin confirms the proposal (or sends it back, approve false). The proposer cannot (403
     * own_decision). Confirmed upheld: the application is qualified and its seal issued, valid to the same day as
     * the edition's other seals; either outcome is mailed to the company's members.
     */
    async confirm(actor: Actor, id: string, body: AppealConfirmationRequest, now = clock()): Promise<Appeal> {
      return db.transaction(async (tx) => {
        const { appeal, application } = await lockedAppeal(tx, id);
        if (appeal.status === 'pending' && appeal.proposedOutcome === null) throw notProposed();
        if (appeal.version !== body.version) throw staleVersion();
        if (appeal.status !== 'pending') throw alreadyConfirmed();
        if (appeal.decidedBy === actor.accountId) throw ownDecision();
        const edition = await editionRow(tx, application.editionId);
        const outcome = appeal.proposedOutcome;
        if (!outcome) throw notProposed();
        if (body.approve === false) {
          const back = await withdrawProposalAtVersion(tx, appeal, now);
          if (!back) throw staleVersion();
          await auditApplication(tx, actor, application.id, 'appealRejectDecision', application, {
            status: application.status,
            appeal: 'pending',
            reason: body.reason ?? null,
          });
          return present(tx, back, application, edition, true);
        }
        const confirmed = await confirmAtVersion(
          tx,
          { ...appeal, proposedOutcome: outcome },
          actor.accountId,
          now,
        );
        if (!confirmed) throw staleVersion();
        let validUntil: Date | null = null;
        let status = application.status;
        if (outcome === 'upheld') {
          if (!edition.resultsPublishedAt) throw notAppealable();
          const qualified = await qualifyOnAppeal(tx, application, confirmed, now);
          if (!qualified) throw notAppealable();
          status = qualified.status;
          validUntil = sealValidUntil(edition.resultsPublishedAt);
          const company = await companyNameAndNif(tx, application.companyId);
          if (!company) throw notFound();
          // Issued now, valid to the day the edition's seals issued at publication are.
          await insertSeal(tx, {
            code: uniqueId(),
            applicationId: application.id,
            companyId: application.companyId,
            editionId: application.editionId,
            companyName: company.companyName,
            nif: company.nif,
            issuedAt: now,
            validUntil,
          });
        }
        await auditApplication(tx, actor, application.id, 'appealConfirm', application, {
          status,
          appeal: outcome,
          distinguished: outcome === 'upheld',
          reason: confirmed.decisionReason,
        });
        await mailOutcome(tx, outcome, application, edition, confirmed.decisionReason ?? '', validUntil);
        return present(tx, confirmed, application, edition, true);
      });
    },
  };
}

export type AppealsService = ReturnType<typeof createAppealsService>;
