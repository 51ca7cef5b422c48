import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type DataExport, EXPORT_LINK_DAYS, type Language, translate } from '@excelencia/domain';
import archiver from 'archiver';
import { API_PREFIX } from '../../auth/guard.ts';
import type { AuthContext } from '../../auth/types.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { isUniqueViolation } from '../../platform/database-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { enqueueJob, type JobHandler, type RecurringJob } from '../../platform/jobs/jobs.ts';
import { layoutMail } from '../../platform/mail/layout.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { hashLinkToken, newLinkToken } from '../../platform/tokens.ts';
import { assertCompanyAccess } from '../../policies/company-access.ts';
import {
  accountContact,
  activeExport,
  applicationFilesOf,
  applicationsOf,
  auditRowsOf,
  companyNameAndNif,
  companyRow,
  diagnosesOf,
  type ExportRow,
  esgResponsesOf,
  expireExports,
  exportById,
  exportByTokenHash,
  exportsOfCompany,
  exportsSince,
  insertExport,
  invitationsOf,
  membersOf,
  nameChangesOf,
  partnerReadsOf,
  partnerRelationsOf,
  sealsOf,
  sheetLines,
  sheetsOf,
  sheetValues,
  updateExport,
} from './exports.repository.ts';

/** The job that builds an export's zip (payload: { exportId }). */
export const COMPANY_EXPORT_JOB = 'company-data.export';
/** The recurring job that ends the links of exports older than EXPORT_LINK_DAYS and lets go of their zips. */
export const EXPORTS_EXPIRY_JOB = 'company-data.exports-expiry';
export const EXPORTS_EXPIRY_EVERY_MS = 60 * 60 * 1000;
/** Exports a company may ask for in 24 hours (each one reads all its records and files). */
export const EXPORTS_PER_DAY = 3;
export const EXPORT_FILE_KIND = 'company-export';
export const EXPORTS_ENTITY = 'company_exports';
const DAY_MS = 24 * 60 * 60 * 1000;
const ZIP_MIME = 'application/zip';

export const exportRunning = () => new AppError(409, 'export_running', 'companyData:exports.running');
export const tooManyExports = () =>
  new AppError(429, 'export_limit', 'companyData:exports.tooMany', { params: { max: EXPORTS_PER_DAY } });
export const exportLinkExpired = () => new AppError(410, 'export_expired', 'companyData:exports.linkExpired');

/** An export's state as the API answers it: a ready one whose link ended is 'expired' before the sweep runs. */
function stateAt(row: ExportRow, now: Date): DataExport['state'] {
  if (row.state === 'ready' && (row.expiresAt === null || row.expiresAt <= now)) return 'expired';
  return row.state;
}

/** A zip being downloaded: its name, length and content. */
export interface ExportDownload {
  name: string;
  size: number;
  stream: Readable;
}

/** A zip entry: its bytes, or a function that opens its stored content when the zip comes to it (null: gone). */
type Entry = { name: string; data: Buffer | string } | { name: string; open: () => Promise<Readable | null> };

/** A stream that calls `open` only when first read, then passes the opened stream's content on. */
function lazyStream(open: () => Promise<Readable | null>): Readable {
  return Readable.from(
    (async function* () {
      const stream = await open();
      if (stream) yield* stream;
    })(),
    { objectMode: false },
  );
}

/**
 * The entries in one zip (JSON compressed) written to `path`, hashed on the way: stored files are read one at a
 * time as the zip comes to them, so neither they nor the zip are ever held whole in memory.
 */
async function zipToFile(entries: readonly Entry[], path: string): Promise<{ sha256: string; size: number }> {
  const archive = archiver('zip', { zlib: { level: 6 } });
  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  archive.on('warning', (error) => archive.destroy(error));
  for (const entry of entries) {
    archive.append('open' in entry ? lazyStream(entry.open) : entry.data, { name: entry.name });
  }
  const written = pipeline(archive, counter, createWriteStream(path));
  void archive.finalize().catch((error: unknown) => archive.destroy(error as Error));
  await written;
  return { sha256: hash.digest('hex'), size };
}

/** A name safe in a zip (no folders, no control characters), unique among `taken` (ignoring case). */
function uniqueName(raw: string, taken: Set<string>): string {
  const clean = raw.replace(/[/\\\p{Cc}]/gu, '_').trim() || 'file';
  const dot = clean.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [clean.slice(0, dot), clean.slice(dot)] : [clean, ''];
  let name = clean;
  for (let suffix = 2; taken.has(name.toLowerCase()); suffix += 1) name = `${stem}-${suffix}${extension}`;
  taken.add(name.toLowerCase());
  return name;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * A company's data exports (docs/adr/0028-company-teams.md): its owner asks (202; one at a time, EXPORTS_PER_DAY a
 * day), a job builds one zip of every record the portal keeps of the company (JSON) and its uploaded files, stores
 * it and mails the owner a link that opens that zip only, for EXPORT_LINK_DAYS days; then the link answers 410 and
 * the zip goes. The owner and admins list them; the owner downloads while signed in too.
 */
export function createExportsService(deps: {
  db: Database;
  fileStore: FileStore;
  publicUrl: string;
  now?: () => Date;
}) {
  const { db, fileStore, publicUrl } = deps;
  const now = deps.now ?? (() => new Date());

  function present(row: ExportRow, requestedByName: string | null, at: Date, withLink: boolean): DataExport {
    const state = stateAt(row, at);
    return {
      id: row.id,
      state,
      progress: row.progress,
      requestedByName,
      createdAt: row.createdAt.toISOString(),
      readyAt: row.readyAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      sizeBytes: row.sizeBytes,
      downloadUrl:
        withLink && state === 'ready'
          ? `${API_PREFIX}/companies/${row.companyId}/exports/${row.id}/file`
          : null,
    };
  }

  async function fileName(row: ExportRow): Promise<string> {
    const company = await companyNameAndNif(db, row.companyId);
    const date = (row.readyAt ?? row.createdAt).toISOString().slice(0, 10);
    return translate(row.language, 'companyData:exports.fileName', { nif: company?.nif ?? '', date });
  }

  /** The zip of a ready export whose link still works at `at`: 410 after it ended, 404 before it is ready. */
  async function download(row: ExportRow, at: Date): Promise<ExportDownload> {
    const state = stateAt(row, at);
    if (state === 'expired') throw exportLinkExpired();
    if (state !== 'ready' || !row.fileId) throw notFound();
    const opened = await fileStore.open(db, row.fileId);
    if (!opened) throw exportLinkExpired();
    return { name: await fileName(row), size: opened.file.size, stream: opened.stream };
  }

  /** Every record the portal keeps of the company and its uploaded files, as zip entries; progress as it goes. */
  async function entriesOf(row: ExportRow): Promise<Entry[]> {
    const { companyId } = row;
    const progress = (value: number) => updateExport(db, row.id, { progress: value });
    const entries: Entry[] = [];
    const taken = new Set<string>();

    entries.push({ name: 'company.json', data: json(await companyRow(db, companyId)) });
    const members = await membersOf(db, companyId);
    entries.push({
      name: 'members.json',
      data: json({ members, invitations: await invitationsOf(db, companyId) }),
    });
    entries.push({ name: 'name-changes.json', data: json(await nameChangesOf(db, companyId)) });
    await progress(10);

    const sheets = await sheetsOf(db, companyId);
    const sheetsWithLines = [];
    for (const sheet of sheets) {
      sheetsWithLines.push({
        ...sheet,
        lines: await sheetLines(db, sheet.id),
        values: await sheetValues(db, sheet.id),
      });
    }
    entries.push({ name: 'balance-sheets.json', data: json(sheetsWithLines) });
    entries.push({ name: 'diagnoses.json', data: json(await diagnosesOf(db, companyId)) });
    await progress(30);

    const applications = [];
    const documents: { fileId: string; name: string; folder: string }[] = [];
    for (const { application, editionNumber } of await applicationsOf(db, companyId)) {
      const appFiles = await applicationFilesOf(db, application.id);
      applications.push({ ...application, editionNumber, files: appFiles });
      for (const file of appFiles) {
        documents.push({
          fileId: file.fileId,
          name: file.fileName,
          folder: `files/applications/edition-${editionNumber}${file.removedAt ? '/removed' : ''}`,
        });
      }
    }
    entries.push({ name: 'applications.json', data: json(applications) });
    entries.push({ name: 'seals.json', data: json(await sealsOf(db, companyId)) });
    entries.push({ name: 'esg-responses.json', data: json(await esgResponsesOf(db, companyId)) });
    entries.push({ name: 'partners.json', data: json(await partnerRelationsOf(db, companyId)) });
    entries.push({
      name: 'partner-reads.json',
      data: json(
        (await partnerReadsOf(db, companyId)).map((r) => ({ ...r.read, partnerEntityName: r.entityName })),
      ),
    });
    entries.push({
      name: 'activity.json',
      data: json((await auditRowsOf(db, companyId)).map((r) => ({ ...r.row, actorName: r.actorName }))),
    });
    await progress(50);

    const uploads: { fileId: string; name: string | null; folder: string }[] = [
      ...sheets.flatMap((sheet) =>
        sheet.fileId ? [{ fileId: sheet.fileId, name: sheet.fileName, folder: 'files/balance-sheets' }] : [],
      ),
      ...documents,
      ...members.flatMap((member) =>
        member.profilePictureFileId
          ? [{ fileId: member.profilePictureFileId, name: null, folder: `files/members/${member.accountId}` }]
          : [],
      ),
    ];
    // Each file is opened when the zip comes to it; the progress goes from 50 to 95 as they are read.
    for (const [index, upload] of uploads.entries()) {
      const meta = await fileStore.meta(db, upload.fileId);
      if (!meta) continue;
      entries.push({
        name: `${upload.folder}/${uniqueName(upload.name ?? meta.originalName, taken)}`,
        open: async () => {
          if (index % 10 === 0) await progress(50 + Math.floor((45 * index) / uploads.length));
          return (await fileStore.open(db, upload.fileId))?.stream ?? null;
        },
      });
    }
    return entries;
  }

  /** The mail with the link, to the owner who asked, in the export's language. */
  async function mailLink(tx: Executor, row: ExportRow, token: string): Promise<void> {
    if (!row.requestedBy) return;
    const [owner, company] = await Promise.all([
      accountContact(tx, row.requestedBy),
      companyNameAndNif(tx, row.companyId),
    ]);
    if (!owner || !company) return;
    const language = row.language as Language;
    const params = { name: owner.name, companyName: company.companyName, days: EXPORT_LINK_DAYS };
    const t = (key: string) => translate(language, `companyData:exports.mail.${key}`, params);
    await enqueueMail(
      tx,
      layoutMail({
        to: owner.email,
        language,
        subject: t('subject'),
        greeting: t('greeting'),
        lines: [t('intro'), t('action')],
        link: `${publicUrl}${API_PREFIX}/data-exports/${token}`,
        after: [t('expiry')],
      }),
    );
  }

  return {
    async request(
      caller: AuthContext,
      actor: Actor,
      companyId: string,
      language: Language,
    ): Promise<DataExport> {
      await assertCompanyAccess(db, caller, companyId, 'own');
      const at = now();
      try {
        return await db.transaction(async (tx) => {
          if (await activeExport(tx, companyId)) throw exportRunning();
          if ((await exportsSince(tx, companyId, new Date(at.getTime() - DAY_MS))) >= EXPORTS_PER_DAY)
            throw tooManyExports();
          const owner = await accountContact(tx, caller.accountId);
          const row = await insertExport(tx, {
            companyId,
            requestedBy: caller.accountId,
            language: owner?.language ?? language,
            createdAt: at,
          });
          await enqueueJobFor(tx, row.id);
          await writeAudit(tx, {
            actorAccountId: actor.accountId,
            action: 'create',
            entity: EXPORTS_ENTITY,
            entityId: row.id,
            companyId,
            after: { state: row.state },
            requestId: actor.requestId ?? null,
          });
          return present(row, owner?.name ?? null, at, true);
        });
      } catch (error) {
        // Two requests at once: the second meets the first at the unique index of a company's active export.
        if (isUniqueViolation(error)) throw exportRunning();
        throw error;
      }
    },

    async list(caller: AuthContext, companyId: string): Promise<DataExport[]> {
      const asAdmin = await assertCompanyAccess(db, caller, companyId, 'own');
      const at = now();
      return (await exportsOfCompany(db, companyId)).map((r) =>
        present(r.row, r.requestedByName, at, !asAdmin),
      );
    },

    /** The zip of one of the company's exports, for its signed-in owner. */
    async ownerFile(caller: AuthContext, companyId: string, id: string): Promise<ExportDownload> {
      await assertCompanyAccess(db, caller, companyId, 'own');
      const row = await exportById(db, id);
      if (!row || row.companyId !== companyId) throw notFound();
      return download(row, now());
    },

    /** The zip the mailed link names (its token opens that one export only). */
    async linkFile(token: string): Promise<ExportDownload> {
      const row = await exportByTokenHash(db, hashLinkToken(token));
      if (!row) throw notFound();
      return download(row, now());
    },

    /** Builds the export's zip (the job's work): stores it, records it ready and mails its owner the link. */
    async build(exportId: string, at: Date, lastAttempt: boolean): Promise<void> {
      const row = await exportById(db, exportId);
      if (!row || (row.state !== 'queued' && row.state !== 'running')) return;
      await updateExport(db, row.id, { state: 'running', progress: 1, lastError: null });
      const folder = await mkdtemp(join(tmpdir(), 'company-export-'));
      try {
        const path = join(folder, 'export.zip');
        const zip = await zipToFile(await entriesOf(row), path);
        const name = await fileName({ ...row, readyAt: at });
        await db.transaction(async (tx) => {
          const stored = await fileStore.put(tx, {
            file: { path, ...zip },
            originalName: name,
            mime: ZIP_MIME,
            kind: EXPORT_FILE_KIND,
            ownerAccountId: row.requestedBy,
          });
          const { token, hash } = newLinkToken();
          const ready = await updateExport(tx, row.id, {
            state: 'ready',
            progress: 100,
            fileId: stored.id,
            sizeBytes: zip.size,
            tokenHash: hash,
            readyAt: at,
            expiresAt: new Date(at.getTime() + EXPORT_LINK_DAYS * DAY_MS),
          });
          if (ready) await mailLink(tx, ready, token);
        });
      } catch (error) {
        await updateExport(db, row.id, {
          state: lastAttempt ? 'failed' : 'queued',
          lastError: error instanceof Error ? error.message : String(error),
        });
        throw error;
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },

    /** Ends the links of the exports due by `at`; their zips are left to the file sweep. */
    expire: (at: Date) => expireExports(db, at),
  };
}

async function enqueueJobFor(tx: Executor, exportId: string): Promise<void> {
  await enqueueJob(tx, COMPANY_EXPORT_JOB, { exportId }, { maxAttempts: 3 });
}

export type ExportsService = ReturnType<typeof createExportsService>;

/** The export job and the hourly expiry of their links, for the job worker (jobs.ts). */
export function exportJobs(exports: ExportsService): {
  handlers: Record<string, JobHandler>;
  recurring: RecurringJob;
} {
  return {
    handlers: {
      async [COMPANY_EXPORT_JOB](payload, { now, job }) {
        if (typeof payload.exportId !== 'string') return;
        await exports.build(payload.exportId, now, job.attempts + 1 >= job.maxAttempts);
      },
      async [EXPORTS_EXPIRY_JOB](_payload, { now, logger }) {
        const expired = await exports.expire(now);
        if (expired > 0) logger.info({ expired }, 'company exports: links ended');
      },
    },
    recurring: { kind: EXPORTS_EXPIRY_JOB, everyMs: EXPORTS_EXPIRY_EVERY_MS },
  };
}
