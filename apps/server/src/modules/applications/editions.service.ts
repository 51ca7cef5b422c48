import type { Readable } from 'node:stream';
import {
  type Edition,
  type EditionInput,
  type EditionUpdate,
  nextYearEdition,
  validityDaysFromStored,
  validityDaysToStored,
} from '@excelencia/domain';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { AppError, notFound, staleVersion } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { assertPdf } from '../../platform/files/pdf-upload.ts';
import type { FileOnDisk } from '../../platform/multipart-file.ts';
import {
  type EditionRow,
  editionById,
  editionOverlappingWindow,
  editionsNewestNumberFirst,
  editionWithLatestResultsDate,
  editionWithNumber,
  highestEditionNumber,
  insertEdition,
  lockEditionWindows,
  nextEditionWithoutResults,
  publishedEditionsNewestFirst,
  setEditionRegulation,
  updateEditionAtVersion,
} from './editions.repository.ts';

export const EDITION_ENTITY = 'editions';

export type { EditionRow };

export function toEdition(row: EditionRow): Edition {
  return {
    id: row.id,
    number: row.number,
    year: row.year,
    indicatorYear: row.indicatorYear,
    registrationOpensAt: row.registrationOpensAt.toISOString(),
    registrationClosesAt: row.registrationClosesAt.toISOString(),
    applicationOpensAt: row.applicationOpensAt.toISOString(),
    applicationClosesAt: row.applicationClosesAt.toISOString(),
    evaluationStartsAt: row.evaluationStartsAt.toISOString(),
    evaluationEndsAt: row.evaluationEndsAt.toISOString(),
    resultsAt: row.resultsAt.toISOString(),
    resultsPublishedAt: row.resultsPublishedAt?.toISOString() ?? null,
    applicationsClosedAt: row.applicationsClosedAt?.toISOString() ?? null,
    regulationFileName: row.regulationFileName,
    appealDays: row.appealDays,
    documentValidityDays: validityDaysFromStored(row.documentValidityDays),
    version: row.version,
  };
}

function values(input: EditionInput) {
  return {
    number: input.number,
    year: input.year,
    indicatorYear: input.indicatorYear,
    registrationOpensAt: new Date(input.registrationOpensAt),
    registrationClosesAt: new Date(input.registrationClosesAt),
    applicationOpensAt: new Date(input.applicationOpensAt),
    applicationClosesAt: new Date(input.applicationClosesAt),
    evaluationStartsAt: new Date(input.evaluationStartsAt),
    evaluationEndsAt: new Date(input.evaluationEndsAt),
    resultsAt: new Date(input.resultsAt),
    // Left out when not sent: a new edition takes the columns' defaults, an update keeps what is stored.
    ...(input.appealDays === undefined ? {} : { appealDays: input.appealDays }),
    ...(input.documentValidityDays === undefined
      ? {}
      : { documentValidityDays: validityDaysToStored(input.documentValidityDays) }),
  };
}

export const editionNotFound = () => notFound('errors:notFound');
export async function editionRow(db: Executor, id: string): Promise<EditionRow> {
  const row = await editionById(db, id);
  if (!row) throw editionNotFound();
  return row;
}

/**
 * Editions: at most one takes applications at a time (their application windows may not overlap, a published
 * edition's judged as it ran: closed at publication), checked under a transaction lock so two simultaneous
 * writes cannot both pass. Dates are fixed once results are out.
 */
export function createEditionsService(deps: {
  db: Database;
  fileStore: FileStore;
  /** Told of next year's copy in its transaction: the automations give it the source's switches (app.ts). */
  onCopied?: (tx: Executor, fromId: string, toId: string) => Promise<void>;
}) {
  const { db, fileStore } = deps;

  async function assertWindowFree(tx: Executor, input: EditionInput, exceptId: string | null): Promise<void> {
    await lockEditionWindows(tx);
    const sameNumber = await editionWithNumber(tx, input.number, exceptId);
    if (sameNumber) {
      throw new AppError(409, 'edition_number_taken', 'applications:editions.numberTaken', {
        details: [{ path: 'number', message: 'applications:editions.numberTaken' }],
      });
    }
    // Another edition's window as it ran: one whose results were published closed its applications then.
    const overlapping = await editionOverlappingWindow(
      tx,
      new Date(input.applicationOpensAt),
      new Date(input.applicationClosesAt),
      exceptId,
    );
    if (overlapping) {
      throw new AppError(409, 'edition_overlap', 'applications:editions.overlap', {
        details: [{ path: 'applicationOpensAt', message: 'applications:editions.overlap' }],
      });
    }
  }

  async function insertAudited(
    tx: Executor,
    actor: Actor,
    input: EditionInput,
    action: 'create' | 'copy',
    extra: Record<string, string> = {},
  ): Promise<Edition> {
    const row = await insertEdition(tx, values(input));
    const edition = toEdition(row);
    await writeAudit(tx, {
      actorAccountId: actor.accountId,
      action,
      entity: EDITION_ENTITY,
      entityId: row.id,
      after: { ...edition, ...extra },
      requestId: actor.requestId ?? null,
    });
    return edition;
  }

  return {
    async list(): Promise<Edition[]> {
      const rows = await editionsNewestNumberFirst(db);
      return rows.map(toEdition);
    },

    async get(id: string): Promise<Edition> {
      return toEdition(await editionRow(db, id));
    },

    /**
     * The edition the public site speaks of: the first whose results date has not passed and whose results are
     * not out (by application window), else the latest one; null when there is none. So an edition published
     * early stays current until the next one is announced.
     */
    async current(now = new Date()): Promise<Edition | null> {
      const upcoming = await nextEditionWithoutResults(db, now);
      if (upcoming) return toEdition(upcoming);
      const latest = await editionWithLatestResultsDate(db);
      return latest ? toEdition(latest) : null;
    },

    /** Editions whose results are published, newest first (the public results page). */
    async published(): Promise<Edition[]> {
      const rows = await publishedEditionsNewestFirst(db);
      return rows.map(toEdition);
    },

    async create(actor: Actor, input: EditionInput): Promise<Edition> {
      return db.transaction(async (tx) => {
        await assertWindowFree(tx, input, null);
        return insertAudited(tx, actor, input, 'create');
      });
    },

    /**
     * Next year's edition from this one: numbered after the highest, every date one calendar year later, no
     * applications and no regulation (each year's is uploaded anew), the same automations switched on and off
     * (onCopied). The window rules are create's.
     */
    async copy(actor: Actor, id: string): Promise<Edition> {
      return db.transaction(async (tx) => {
        const source = toEdition(await editionRow(tx, id));
        await lockEditionWindows(tx);
        const input = nextYearEdition(source, (await highestEditionNumber(tx)) + 1);
        await assertWindowFree(tx, input, null);
        const copy = await insertAudited(tx, actor, input, 'copy', { copiedFrom: id });
        await deps.onCopied?.(tx, id, copy.id);
        return copy;
      });
    },

    async update(actor: Actor, id: string, input: EditionUpdate): Promise<Edition> {
      return db.transaction(async (tx) => {
        const before = await editionRow(tx, id);
        if (before.version !== input.version) throw staleVersion();
        if (before.resultsPublishedAt) {
          throw new AppError(409, 'results_already_published', 'applications:editions.publishedLocked');
        }
        await assertWindowFree(tx, input, id);
        const row = await updateEditionAtVersion(tx, id, input.version, values(input), new Date());
        if (!row) throw staleVersion();
        const edition = toEdition(row);
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'update',
          entity: EDITION_ENTITY,
          entityId: id,
          before: toEdition(before),
          after: edition,
          requestId: actor.requestId ?? null,
        });
        return edition;
      });
    },

    async setRegulation(actor: Actor, id: string, file: FileOnDisk): Promise<Edition> {
      assertPdf(file);
      return db.transaction(async (tx) => {
        const before = await editionRow(tx, id);
        const stored = await fileStore.put(tx, {
          file,
          originalName: file.filename || 'regulation.pdf',
          mime: 'application/pdf',
          kind: 'regulation',
          ownerAccountId: actor.accountId,
        });
        const name = `regulamento-${before.number}-${before.year}.pdf`;
        const row = await setEditionRegulation(tx, before, { fileId: stored.id, fileName: name }, new Date());
        if (!row) throw editionNotFound();
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'uploadRegulation',
          entity: EDITION_ENTITY,
          entityId: id,
          before: { regulationFileId: before.regulationFileId },
          after: { regulationFileId: stored.id, size: stored.size },
          requestId: actor.requestId ?? null,
        });
        return toEdition(row);
      });
    },

    /** The regulation PDF, streamed. */
    async regulation(id: string): Promise<{ stream: Readable; size: number; name: string }> {
      const row = await editionRow(db, id);
      if (!row.regulationFileId) throw notFound();
      const stored = await fileStore.open(db, row.regulationFileId);
      if (!stored) throw notFound();
      return {
        stream: stored.stream,
        size: stored.file.size,
        name: row.regulationFileName ?? 'regulation.pdf',
      };
    },
  };
}

export type EditionsService = ReturnType<typeof createEditionsService>;
