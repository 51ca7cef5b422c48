import type { Readable } from 'node:stream';
import {
  type AdminApplicationQuery,
  APPLICATION_FILE_TYPE_COUNT,
  type Application,
  type ApplicationFile,
  type ApplicationHistoryEntry,
  type ApplicationStatus,
  type ApplicationSummary,
  applicationFileName,
  applicationsCloseAt,
  type ConfirmationRequest,
  documentLabelKey,
  type Eligibility,
  type EvaluationRequest,
  fileTypeOfName,
  isApplicationOpen,
  isClosedEarly,
  type Language,
  MAX_EXPORT_ROWS,
  type Page,
  type ReturnRequest,
  translate,
} from '@excelencia/domain';
import type { AuthContext } from '../../auth/types.ts';
import { type Database, type Executor, readTogether } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { AppError, notFound, staleVersion } from '../../platform/errors.ts';
import type { FileStore, StoredFile } from '../../platform/files/file-store.ts';
import { assertPdf } from '../../platform/files/pdf-upload.ts';
import { orderBy, pageWindow } from '../../platform/listing.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { FileOnDisk } from '../../platform/multipart-file.ts';
import { assertCompanyAccess } from '../../policies/company-access.ts';
import { applicationMail, editionLabel, formatMailDate } from './application-mails.ts';
import {
  ADMIN_LIST_SORTABLE,
  ADMIN_LIST_TIE_BREAKER,
  type AdminListRow,
  type ApplicationFileRow,
  type ApplicationRow,
  accountName,
  adminListFirstRows,
  adminListPage,
  adminListWhere,
  applicationById,
  applicationOfCompany,
  applicationsOfCompany,
  applicationToEdition,
  auditTrail,
  companyNameAndNif,
  confirmDecision,
  countAdminList,
  fileOfApplication,
  insertApplicationFile,
  insertApplicationUnlessOpened,
  isRenewalApplication,
  liveFilesOf,
  markApplicationSubmitted,
  markFileRemoved,
  membersToWrite,
  moveApplicationVersionOn,
  recordDecisionAtVersion,
  reopenDocumentSlot,
  sealOfApplication,
  sendDecisionBack,
} from './applications.repository.ts';
import { checkedIssueDate, validityOf } from './document-validity.ts';
import { editionById } from './editions.repository.ts';
import { type EditionRow, editionRow } from './editions.service.ts';
import { computeEligibility, latestAnnualYear, withRecommendations } from './eligibility.ts';
import { presentSeal, type SealRow } from './seals.ts';

export const APPLICATION_ENTITY = 'applications';

/**
 * Outside the application window: before it, its dates; after it, the day applications actually closed (the
 * publication of the results when that came first), never a range the date is still inside.
 */
function windowClosed(edition: EditionRow, now: Date): AppError {
  if (now.getTime() < edition.applicationOpensAt.getTime()) {
    return new AppError(409, 'application_window_closed', 'applications:outsideWindow', {
      params: { opens: edition.applicationOpensAt, closes: edition.applicationClosesAt },
    });
  }
  return new AppError(
    409,
    'application_window_closed',
    isClosedEarly(edition) ? 'applications:closedByResults' : 'applications:closedOn',
    { params: { date: new Date(applicationsCloseAt(edition)) } },
  );
}
const locked = () => new AppError(409, 'application_locked', 'applications:locked');
const alreadyEvaluated = () => new AppError(409, 'already_evaluated', 'applications:alreadyEvaluated');

/** Whether an application's decision is visible to the company: only once its edition's results are out. */
function decisionVisible(edition: EditionRow, asAdmin: boolean): boolean {
  return asAdmin || edition.resultsPublishedAt !== null;
}

function toFile(row: ApplicationFileRow, edition: EditionRow): ApplicationFile {
  const fileType = fileTypeOfName(row.fileName) ?? row.fileType;
  return {
    id: row.id,
    fileName: row.fileName,
    fileType,
    dateInsert: row.createdAt.toISOString(),
    size: row.size,
    ...validityOf(edition, { fileType, issuedAt: row.issuedAt }),
  };
}

/**
 * A company's application to an edition, from opening to the evaluator's confirmed decision. Every change of
 * state writes an audit row (who, when, before, after), which is the application's history.
 */
/** The company's application (locked `forUpdate`), or 404: the one lookup of the area's services (as editionRow). */
export async function companyApplicationRow(
  executor: Executor,
  companyId: string,
  id: string,
  forUpdate = false,
): Promise<ApplicationRow> {
  const row = await applicationOfCompany(executor, companyId, id, forUpdate);
  if (!row) throw notFound();
  return row;
}

/** Any company's application (an admin's view), locked `forUpdate`, or 404. */
export async function applicationRow(
  executor: Executor,
  id: string,
  forUpdate = false,
): Promise<ApplicationRow> {
  const row = await applicationById(executor, id, forUpdate);
  if (!row) throw notFound();
  return row;
}

/**
 * The audit row of a change to an application (its history, and the company's activity): its status and version
 * before, what the change wrote after. The appeals of an application write theirs with it too.
 */
export async function auditApplication(
  tx: Executor,
  actor: Actor,
  id: string,
  action: string,
  before: Partial<ApplicationRow> | null,
  after: Record<string, unknown>,
  companyId = before?.companyId ?? null,
) {
  await writeAudit(tx, {
    actorAccountId: actor.accountId,
    action,
    entity: APPLICATION_ENTITY,
    entityId: id,
    companyId,
    before: before ? { status: before.status, version: before.version } : null,
    after,
    requestId: actor.requestId ?? null,
  });
}

export function createApplicationsService(deps: { db: Database; fileStore: FileStore; publicUrl: string }) {
  const { db, fileStore, publicUrl } = deps;

  async function companyOf(executor: Executor, companyId: string) {
    const company = await companyNameAndNif(executor, companyId);
    if (!company) throw notFound();
    return company;
  }

  async function nameOf(executor: Executor, accountId: string | null): Promise<string | null> {
    if (!accountId) return null;
    return accountName(executor, accountId);
  }

  async function present(executor: Executor, row: ApplicationRow, asAdmin: boolean): Promise<Application> {
    const [edition, company, files, decidedBy, confirmedBy, [seal], isRenewal] = await readTogether(
      executor,
      [
        () => editionRow(executor, row.editionId),
        () => companyOf(executor, row.companyId),
        () => liveFilesOf(executor, row.id),
        () => nameOf(executor, row.decidedBy),
        () => nameOf(executor, row.confirmedBy),
        () => sealOfApplication(executor, row.id),
        () => isRenewalApplication(executor, row.id),
      ],
    );
    // A draft's figures follow the company's sheets until it is submitted; then the snapshot is what was judged.
    const eligibility =
      row.status === 'draft'
        ? await computeEligibility(executor, row.companyId, edition.indicatorYear)
        : (row.eligibility as Eligibility);
    const indicators = (await withRecommendations(executor))(eligibility.applicationFinancialIndicators);
    const visible = decisionVisible(edition, asAdmin);
    const decided = row.status === 'evaluated' || row.status === 'unqualified';
    const status: ApplicationStatus = decided && !visible ? 'pending' : row.status;
    return {
      id: row.id,
      editionId: row.editionId,
      companyId: row.companyId,
      companyName: company.companyName,
      nif: company.nif,
      status,
      complete: files.length === APPLICATION_FILE_TYPE_COUNT,
      eligible: eligibility.eligible,
      indicatorYear: edition.indicatorYear,
      applicationFinancialIndicators: indicators,
      missingYears: eligibility.missingYears,
      files: files.map((file) => toFile(file, edition)),
      reopenedFileType: row.reopenedFileType,
      returnReason: row.returnReason,
      submittedAt: row.submittedAt?.toISOString() ?? null,
      decision:
        decided && visible && row.decidedAt
          ? {
              decision: row.status as 'evaluated' | 'unqualified',
              reason: row.decisionReason,
              decidedBy: asAdmin ? decidedBy : null,
              decidedAt: row.decidedAt.toISOString(),
              confirmedBy: asAdmin ? confirmedBy : null,
              confirmedAt: row.confirmedAt?.toISOString() ?? null,
            }
          : null,
      resultsPublished: edition.resultsPublishedAt !== null,
      applicationsClosedAt: edition.applicationsClosedAt?.toISOString() ?? null,
      seal: seal && visible ? presentSeal(seal.seal as SealRow, edition, seal, new Date()) : null,
      isRenewal,
      version: row.version,
    };
  }

  /**
   * Records a document already stored (withStoredDocument: `stored`, its file row) in its slot as
   * `{NIF}_{type}_{name}.pdf` with its issue date (already checked: checkedIssueDate) and, for an appeal's
   * document, the appeal it came with; moves the application's version on.
   */
  async function storeDocument(
    tx: Executor,
    actor: Actor,
    row: ApplicationRow,
    fileType: number,
    input: { filename: string; stored: StoredFile },
    now: Date,
    extra: { issuedAt: string | null; appealId?: string | null },
  ): Promise<ApplicationFileRow> {
    const company = await companyOf(tx, row.companyId);
    const file = await insertApplicationFile(tx, {
      applicationId: row.id,
      fileType,
      fileId: input.stored.id,
      fileName: applicationFileName(company.nif, fileType, input.filename),
      size: input.stored.size,
      createdBy: actor.accountId,
      issuedAt: extra.issuedAt,
      appealId: extra.appealId ?? null,
    });
    await moveApplicationVersionOn(tx, row, now);
    return file;
  }

  /**
   * A document upload in three steps, so that no database connection is held while its bytes travel to the
   * store (docs/adr/0036): `check` runs the upload's rules on a short read (a refused upload stores nothing),
   * the file is stored (its row, then its bytes: fileStore.storeAhead), then `record` runs the short transaction
   * that checks the same rules again (the application may have changed meanwhile) and records the document
   * (storeDocument). A refusal or a failure there removes what was stored.
   */
  async function withStoredDocument<T>(
    actor: Actor,
    file: FileOnDisk,
    check: () => Promise<unknown>,
    record: (tx: Executor, document: { filename: string; stored: StoredFile }) => Promise<T>,
  ): Promise<T> {
    await check();
    const details = {
      originalName: file.filename || 'document.pdf',
      mime: 'application/pdf',
      kind: 'application-document',
      ownerAccountId: actor.accountId,
    };
    return fileStore.storeAhead(db, { file, ...details }, (stored) =>
      db.transaction((tx) => record(tx, { filename: file.filename, stored })),
    );
  }

  /**
   * Document changes: a draft within the application window may change any slot; an application the evaluator
   * sent back may change only the reopened slot, whatever the date.
   */
  function assertSlotEditable(row: ApplicationRow, edition: EditionRow, fileType: number, now: Date) {
    if (row.status === 'closed') throw windowClosed(edition, now);
    if (row.status !== 'draft') throw locked();
    if (row.reopenedFileType !== null) {
      if (row.reopenedFileType !== fileType)
        throw new AppError(409, 'application_locked', 'applications:slotLocked');
      return;
    }
    if (!isApplicationOpen(edition, now)) throw windowClosed(edition, now);
  }

  /** The admin list's filter and its order (400 on a sort it does not allow). */
  function adminListQuery(query: AdminApplicationQuery, language: Language) {
    const where = adminListWhere(query);
    const ordered = orderBy(ADMIN_LIST_SORTABLE, query, language, {
      defaultSort: ['companyName'],
      tieBreaker: ADMIN_LIST_TIE_BREAKER,
    });
    return { where, ordered };
  }

  function toSummary(r: AdminListRow): ApplicationSummary {
    return {
      id: r.application.id,
      editionId: r.application.editionId,
      companyId: r.application.companyId,
      companyName: r.companyName,
      nif: r.nif,
      island: r.island ?? null,
      section: r.sectionCode && r.section ? { code: r.sectionCode, description: r.section } : null,
      status: r.application.status,
      complete: r.files === APPLICATION_FILE_TYPE_COUNT,
      eligible: r.application.eligible,
      files: r.files,
      submittedAt: r.application.submittedAt?.toISOString() ?? null,
      decidedAt: r.application.decidedAt?.toISOString() ?? null,
      confirmed: r.application.confirmedAt !== null,
      isRenewal: r.isRenewal,
      version: r.application.version,
    };
  }

  const applicationLink = (language: Language) => `${publicUrl}/${language}/company/application`;

  return {
    /** The early warning: the criteria on the latest annual sheets (or last year's, to say which to upload). */
    async eligibility(
      caller: AuthContext,
      companyId: string,
      year: number | undefined,
      now = new Date(),
    ): Promise<Eligibility> {
      await assertCompanyAccess(db, caller, companyId);
      const indicatorYear = year ?? (await latestAnnualYear(db, companyId)) ?? now.getUTCFullYear() - 1;
      return computeEligibility(db, companyId, indicatorYear);
    },

    async list(caller: AuthContext, companyId: string): Promise<Application[]> {
      const asAdmin = await assertCompanyAccess(db, caller, companyId);
      const rows = await applicationsOfCompany(db, companyId);
      return Promise.all(rows.map((application) => present(db, application, asAdmin)));
    },

    async get(caller: AuthContext, companyId: string, id: string): Promise<Application> {
      const asAdmin = await assertCompanyAccess(db, caller, companyId);
      return present(db, await companyApplicationRow(db, companyId, id), asAdmin);
    },

    /**
     * Opens the company's application to an edition. Applying twice (a double click, two tabs) answers the
     * application already opened, `created` false: one row per company and edition, the unique index deciding
     * between two requests at once.
     */
    async create(
      caller: AuthContext,
      actor: Actor,
      companyId: string,
      editionId: string,
      now = new Date(),
    ): Promise<{ application: Application; created: boolean }> {
      const asAdmin = await assertCompanyAccess(db, caller, companyId, 'prepare');
      const existing = (executor: Executor) => applicationToEdition(executor, editionId, companyId);
      const opened = await existing(db);
      if (opened) return { application: await present(db, opened, asAdmin), created: false };
      const inserted = await db.transaction(async (tx) => {
        const edition = await editionById(tx, editionId);
        if (!edition) {
          throw new AppError(400, 'validation', 'errors:parentNotFound', {
            details: [{ path: 'editionId', message: 'applications:chooseEdition' }],
          });
        }
        if (!isApplicationOpen(edition, now)) throw windowClosed(edition, now);
        const eligibility = await computeEligibility(tx, companyId, edition.indicatorYear);
        const row = await insertApplicationUnlessOpened(tx, {
          editionId,
          companyId,
          eligibility,
          eligible: eligibility.eligible,
          createdBy: actor.accountId,
        });
        if (!row) return null;
        await auditApplication(tx, actor, row.id, 'create', null, { status: row.status }, row.companyId);
        return present(tx, row, asAdmin);
      });
      if (inserted) return { application: inserted, created: true };
      // The other request of a pair opened it meanwhile (committed: the unique index waited for it).
      const other = await existing(db);
      if (!other) throw new AppError(409, 'already_applied', 'applications:alreadyApplied');
      return { application: await present(db, other, asAdmin), created: false };
    },

    async addFile(
      caller: AuthContext,
      actor: Actor,
      companyId: string,
      id: string,
      input: { fileType: number; file: FileOnDisk; issuedAt?: string },
      now = new Date(),
    ): Promise<ApplicationFile> {
      await assertCompanyAccess(db, caller, companyId, 'prepare');
      assertPdf(input.file);
      // The rules, on a short read first and again in the recording transaction (the application locked).
      const allowed = async (executor: Executor, forUpdate: boolean) => {
        const row = await companyApplicationRow(executor, companyId, id, forUpdate);
        const edition = await editionRow(executor, row.editionId);
        const files = await liveFilesOf(executor, id);
        if (row.status === 'draft' && files.length >= APPLICATION_FILE_TYPE_COUNT) {
          throw new AppError(409, 'application_files_full', 'applications:allDocumentsUploaded');
        }
        assertSlotEditable(row, edition, input.fileType, now);
        if (files.some((f) => f.fileType === input.fileType)) {
          throw new AppError(409, 'slot_taken', 'applications:slotTaken', {
            details: [{ path: 'fileType', message: 'applications:slotTaken' }],
          });
        }
        const issuedAt = checkedIssueDate(edition, input.fileType, input.issuedAt, now);
        return { row, edition, issuedAt };
      };
      return withStoredDocument(
        actor,
        input.file,
        () => allowed(db, false),
        async (tx, document) => {
          const { row, edition, issuedAt } = await allowed(tx, true);
          const file = await storeDocument(tx, actor, row, input.fileType, document, now, { issuedAt });
          await auditApplication(tx, actor, id, 'uploadFile', row, {
            status: row.status,
            fileType: input.fileType,
            fileName: file.fileName,
            issuedAt,
          });
          return toFile(file, edition);
        },
      );
    },

    async replaceFile(
      caller: AuthContext,
      actor: Actor,
      companyId: string,
      id: string,
      fileId: string,
      input: { file: FileOnDisk; issuedAt?: string },
      now = new Date(),
    ): Promise<ApplicationFile> {
      await assertCompanyAccess(db, caller, companyId, 'prepare');
      assertPdf(input.file);
      // The rules, on a short read first and again in the recording transaction (the application locked).
      const allowed = async (executor: Executor, forUpdate: boolean) => {
        const row = await companyApplicationRow(executor, companyId, id, forUpdate);
        const edition = await editionRow(executor, row.editionId);
        const old = (await liveFilesOf(executor, id)).find((f) => f.id === fileId);
        if (!old) throw notFound();
        assertSlotEditable(row, edition, old.fileType, now);
        const issuedAt = checkedIssueDate(edition, old.fileType, input.issuedAt, now);
        return { row, edition, old, issuedAt };
      };
      return withStoredDocument(
        actor,
        input.file,
        () => allowed(db, false),
        async (tx, document) => {
          const { row, edition, old, issuedAt } = await allowed(tx, true);
          await markFileRemoved(tx, old.id, now);
          const file = await storeDocument(tx, actor, row, old.fileType, document, now, { issuedAt });
          await auditApplication(tx, actor, id, 'replaceFile', row, {
            status: row.status,
            fileType: old.fileType,
            fileName: file.fileName,
            replaced: old.fileName,
            issuedAt,
          });
          return toFile(file, edition);
        },
      );
    },

    async removeFile(
      caller: AuthContext,
      actor: Actor,
      companyId: string,
      id: string,
      fileId: string,
      now = new Date(),
    ) {
      await assertCompanyAccess(db, caller, companyId, 'prepare');
      await db.transaction(async (tx) => {
        const row = await companyApplicationRow(tx, companyId, id, true);
        const edition = await editionRow(tx, row.editionId);
        const old = (await liveFilesOf(tx, id)).find((f) => f.id === fileId);
        if (!old) throw notFound();
        assertSlotEditable(row, edition, old.fileType, now);
        await markFileRemoved(tx, old.id, now);
        await moveApplicationVersionOn(tx, row, now);
        await auditApplication(tx, actor, id, 'removeFile', row, {
          status: row.status,
          fileType: old.fileType,
          fileName: old.fileName,
        });
      });
    },

    /** One document of an application (company members and admins). */
    async file(caller: AuthContext, companyId: string, id: string, fileId: string) {
      await assertCompanyAccess(db, caller, companyId);
      await companyApplicationRow(db, companyId, id);
      return documentOf(db, id, fileId);
    },

    async submit(
      caller: AuthContext,
      actor: Actor,
      companyId: string,
      id: string,
      now = new Date(),
    ): Promise<Application> {
      const asAdmin = await assertCompanyAccess(db, caller, companyId, 'own');
      return db.transaction(async (tx) => {
        const row = await companyApplicationRow(tx, companyId, id, true);
        const edition = await editionRow(tx, row.editionId);
        if (row.status === 'closed') throw windowClosed(edition, now);
        if (row.status !== 'draft') throw locked();
        if (row.reopenedFileType === null && !isApplicationOpen(edition, now)) {
          throw windowClosed(edition, now);
        }
        const files = await liveFilesOf(tx, id);
        if (files.length < APPLICATION_FILE_TYPE_COUNT) {
          throw new AppError(409, 'application_incomplete', 'applications:incomplete', {
            params: { count: APPLICATION_FILE_TYPE_COUNT - files.length },
          });
        }
        const eligibility = await computeEligibility(tx, companyId, edition.indicatorYear);
        if (eligibility.missingYears.length > 0) {
          throw new AppError(409, 'not_eligible', 'applications:missingSheets', {
            params: { years: eligibility.missingYears.join(', ') },
          });
        }
        if (!eligibility.eligible) throw new AppError(409, 'not_eligible', 'applications:notEligible');
        const updated = await markApplicationSubmitted(
          tx,
          row,
          { eligibility, submittedBy: actor.accountId },
          now,
        );
        if (!updated) throw notFound();
        await auditApplication(tx, actor, id, 'submit', row, { status: 'pending' });
        const company = await companyOf(tx, companyId);
        const language = caller.language;
        await enqueueMail(
          tx,
          applicationMail('receipt', {
            to: caller.email,
            name: caller.name,
            language,
            link: applicationLink(language),
            params: {
              companyName: company.companyName,
              edition: editionLabel(edition, language),
              date: formatMailDate(now, language),
              count: files.length,
            },
          }),
        );
        return present(tx, updated, asAdmin);
      });
    },

    // ---- admin ----------------------------------------------------------------------------------------------

    async adminList(query: AdminApplicationQuery, language: Language): Promise<Page<ApplicationSummary>> {
      const { where, ordered } = adminListQuery(query, language);
      const { limit, offset } = pageWindow(query);
      const [rows, total] = await Promise.all([
        adminListPage(db, where, ordered, limit, offset),
        countAdminList(db, where),
      ]);
      return {
        items: rows.map(toSummary),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /**
     * The list as filtered and sorted, every page of it (at most MAX_EXPORT_ROWS + 1, so the export can say it
     * stopped), for the XLSX export.
     */
    adminExportRows(query: AdminApplicationQuery, language: Language): AsyncIterable<ApplicationSummary> {
      const { where, ordered } = adminListQuery(query, language);
      return (async function* () {
        const rows = await adminListFirstRows(db, where, ordered, MAX_EXPORT_ROWS + 1);
        for (const row of rows) yield toSummary(row);
      })();
    },

    async adminGet(id: string): Promise<Application> {
      return present(db, await applicationRow(db, id), true);
    },

    async adminFile(id: string, fileId: string) {
      await applicationRow(db, id);
      return documentOf(db, id, fileId);
    },

    /**
     * Every live document of an application whose content is stored, for the evaluator's zip: each is opened
     * only when the zip comes to it, so one file at a time is read and none is held whole in memory.
     */
    async adminDocuments(id: string): Promise<{ name: string; open: () => Promise<Readable> }[]> {
      const row = await applicationRow(db, id);
      const out: { name: string; open: () => Promise<Readable> }[] = [];
      for (const file of await liveFilesOf(db, row.id)) {
        const meta = await fileStore.meta(db, file.fileId);
        if (!meta || !(await fileStore.driver.exists(meta.sha256))) continue;
        out.push({
          name: file.fileName,
          open: async () => {
            const stream = await fileStore.driver.stream(meta.sha256);
            if (!stream) throw new Error(`The content of file ${meta.id} is gone`);
            return stream;
          },
        });
      }
      return out;
    },

    async history(id: string): Promise<ApplicationHistoryEntry[]> {
      await applicationRow(db, id);
      const rows = await auditTrail(db, APPLICATION_ENTITY, id);
      return rows.map(({ entry, actor }) => {
        const before = (entry.before ?? {}) as { status?: string };
        const after = (entry.after ?? {}) as { status?: string; reason?: string; fileType?: number };
        return {
          at: entry.at.toISOString(),
          actor: actor ?? null,
          action: entry.action,
          fromStatus: before.status ?? null,
          toStatus: after.status ?? null,
          reason: after.reason ?? null,
          fileType: typeof after.fileType === 'number' ? after.fileType : null,
        };
      });
    },

    /**
     * The evaluator's decision on a pending application. The row is locked and its version compared, so of two
     * admins deciding at once exactly one wins and the other gets 409 already_evaluated.
     */
    async evaluate(
      actor: Actor,
      id: string,
      body: EvaluationRequest,
      now = new Date(),
    ): Promise<Application> {
      return db.transaction(async (tx) => {
        const row = await applicationRow(tx, id, true);
        if (row.status !== 'pending' || row.version !== body.version) {
          if (row.status === 'draft') throw new AppError(409, 'not_submitted', 'applications:notSubmitted');
          throw alreadyEvaluated();
        }
        const edition = await editionRow(tx, row.editionId);
        if (edition.resultsPublishedAt)
          throw new AppError(409, 'results_already_published', 'applications:resultsPublished');
        const updated = await recordDecisionAtVersion(
          tx,
          row,
          { status: body.decision, reason: body.reason?.trim() || null, decidedBy: actor.accountId },
          now,
        );
        if (!updated) throw alreadyEvaluated();
        await auditApplication(tx, actor, id, 'evaluate', row, {
          status: body.decision,
          reason: body.reason ?? null,
        });
        return present(tx, updated, true);
      });
    },

    /** Four eyes: a second admin confirms (or sends back) the decision before results can be published. */
    async confirm(
      actor: Actor,
      id: string,
      body: ConfirmationRequest,
      now = new Date(),
    ): Promise<Application> {
      return db.transaction(async (tx) => {
        const row = await applicationRow(tx, id, true);
        if (row.status !== 'evaluated' && row.status !== 'unqualified') {
          throw new AppError(409, 'not_decided', 'applications:notDecided');
        }
        if (row.version !== body.version) throw staleVersion();
        if (row.confirmedAt) throw new AppError(409, 'already_confirmed', 'applications:alreadyConfirmed');
        if (row.decidedBy === actor.accountId) {
          throw new AppError(403, 'own_decision', 'applications:ownDecision');
        }
        const edition = await editionRow(tx, row.editionId);
        if (edition.resultsPublishedAt)
          throw new AppError(409, 'results_already_published', 'applications:resultsPublished');
        const approve = body.approve ?? true;
        const updated = approve
          ? await confirmDecision(tx, row, actor.accountId, now)
          : await sendDecisionBack(tx, row, now);
        if (!updated) throw notFound();
        await auditApplication(tx, actor, id, approve ? 'confirm' : 'rejectDecision', row, {
          status: updated.status,
          reason: body.reason ?? null,
        });
        return present(tx, updated, true);
      });
    },

    /** Sends a submitted application back to the company for one named document: only that slot reopens. */
    async returnDocument(
      actor: Actor,
      id: string,
      body: ReturnRequest,
      now = new Date(),
    ): Promise<Application> {
      return db.transaction(async (tx) => {
        const row = await applicationRow(tx, id, true);
        if (row.version !== body.version) throw staleVersion();
        if (row.status !== 'pending') {
          if (row.status === 'draft') throw new AppError(409, 'not_submitted', 'applications:notSubmitted');
          throw alreadyEvaluated();
        }
        const updated = await reopenDocumentSlot(
          tx,
          row,
          { fileType: body.fileType, reason: body.reason },
          now,
        );
        if (!updated) throw notFound();
        await auditApplication(tx, actor, id, 'return', row, {
          status: 'draft',
          reason: body.reason,
          fileType: body.fileType,
        });
        const [edition, company, members] = await readTogether(tx, [
          () => editionRow(tx, row.editionId),
          () => companyOf(tx, row.companyId),
          () => membersToWrite(tx, row.companyId),
        ]);
        for (const member of members) {
          await enqueueMail(
            tx,
            applicationMail('returned', {
              to: member.email,
              name: member.name,
              language: member.language,
              link: applicationLink(member.language),
              params: {
                companyName: company.companyName,
                edition: editionLabel(edition, member.language),
                document: translate(member.language, documentLabelKey(body.fileType)),
                reason: body.reason,
              },
            }),
          );
        }
        return present(tx, updated, true);
      });
    },

    /** The company's members, for the results mail. */
    membersOf: membersToWrite,
    present,
    /** The one document upload (an appeal's documents too: docs/adr/0031-appeals.md), and how a file is answered. */
    storeDocument,
    withStoredDocument,
    presentFile: toFile,
  };

  async function documentOf(executor: Executor, applicationId: string, fileId: string) {
    const file = await fileOfApplication(executor, applicationId, fileId);
    if (!file) throw notFound();
    const stored = await fileStore.open(executor, file.fileId);
    if (!stored) throw notFound();
    return { stream: stored.stream, size: stored.file.size, name: file.fileName };
  }
}

export type ApplicationsService = ReturnType<typeof createApplicationsService>;
