import { and, eq, inArray, lt, not, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  accounts,
  applicationFiles,
  balanceSheets,
  companyExports,
  contentDocuments,
  contentImages,
  editions,
  files,
} from '../../db/schema/index.ts';
import type { JobHandler, RecurringJob } from '../jobs/jobs.ts';
import type { BlobDriver } from './file-store.ts';

/** The job that removes files nothing refers to any more (a replaced profile picture, a deleted sheet). */
export const FILES_SWEEP_JOB = 'files.sweep';
/** An unreferenced file row is removed only once it is older than this (its upload may still be in flight). */
export const FILE_GRACE_MS = 24 * 60 * 60 * 1000;
/** How often the sweep runs. */
export const FILES_SWEEP_EVERY_MS = 60 * 60 * 1000;
/** Rows removed per transaction. */
const BATCH = 200;

/**
 * Every column that keeps a files.id. A test compares this list with the database's foreign keys to files, so
 * a new one cannot be forgotten here. content_images.variants (jsonb: [{width, height, fileId}]) has no
 * foreign key and is checked apart.
 */
export const FILE_REFERENCES: readonly PgColumn[] = [
  accounts.profilePictureFileId,
  editions.regulationFileId,
  applicationFiles.fileId,
  balanceSheets.fileId,
  contentDocuments.fileId,
  companyExports.fileId,
];

/** True (as SQL) when some row refers to the file row `files.id`. */
function referenced(): SQL {
  const checks = FILE_REFERENCES.map(
    (column) => sql`exists (select 1 from ${column.table} where ${column} = ${files.id})`,
  );
  checks.push(
    sql`exists (select 1 from ${contentImages} where ${contentImages.variants} @> jsonb_build_array(jsonb_build_object('fileId', ${files.id}::text)))`,
  );
  // Parenthesised: not() and and() put none around a raw fragment.
  return sql`(${sql.join(checks, sql` or `)})`;
}

/**
 * Removes the file rows nothing refers to that are older than the grace period, and each removed row's blob
 * when no other row has the same content (sha256). Rows go first, in batches; a row that becomes referenced
 * meanwhile is kept by its foreign key (the batch fails and is tried on the next run). A blob goes in its own
 * short transaction that holds the files table in SHARE mode: uploads in flight finish first (so their row is
 * seen) and new rows wait until the blob is gone. The store's put writes its row before its blob, so an upload of
 * the same content either waits for this removal and then writes the blob again, or holds the sweep until its
 * transaction ends. The store's storeAhead commits its row before it writes its blob (docs/adr/0036): a removal
 * either came before and the blob is written after it, or sees the row.
 */
export async function sweepUnreferencedFiles(
  db: Database,
  blobs: Pick<BlobDriver, 'delete'>,
  options: { now: Date; graceMs?: number },
): Promise<{ rows: number; blobs: number }> {
  const cutoff = new Date(options.now.getTime() - (options.graceMs ?? FILE_GRACE_MS));
  const result = { rows: 0, blobs: 0 };
  const hashes = new Set<string>();
  for (;;) {
    const removed = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: files.id })
        .from(files)
        .where(and(lt(files.createdAt, cutoff), not(referenced())))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .delete(files)
        .where(
          inArray(
            files.id,
            due.map((row) => row.id),
          ),
        )
        .returning({ sha256: files.sha256 });
    });
    for (const row of removed) hashes.add(row.sha256);
    result.rows += removed.length;
    if (removed.length < BATCH) break;
  }
  result.blobs = await removeUnusedBlobs(db, blobs, hashes);
  return result;
}

/**
 * Removes the blobs of these contents that no file row has any more (their rows were deleted), each in its own
 * short transaction holding the files table in SHARE mode (see sweepUnreferencedFiles); answers how many went.
 * A company's closure calls it after its commit, so the erased files' bytes go at once, and the store's
 * storeAhead after a refused upload, so that its file goes unless another row has the same content.
 */
export async function removeUnusedBlobs(
  db: Database,
  blobs: Pick<BlobDriver, 'delete'>,
  hashes: Iterable<string>,
): Promise<number> {
  let removed = 0;
  for (const sha256 of new Set(hashes)) {
    const gone = await db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${files} in share mode`);
      const [other] = await tx.select({ id: files.id }).from(files).where(eq(files.sha256, sha256)).limit(1);
      if (other) return false;
      await blobs.delete(sha256);
      return true;
    });
    if (gone) removed += 1;
  }
  return removed;
}

/** The sweep as a recurring job of the job worker. */
export function fileSweepJob(
  blobs: Pick<BlobDriver, 'delete'>,
  options: { graceMs?: number; everyMs?: number } = {},
): { handlers: Record<string, JobHandler>; recurring: RecurringJob } {
  return {
    handlers: {
      async [FILES_SWEEP_JOB](_payload, { db, now, logger }) {
        const removed = await sweepUnreferencedFiles(db, blobs, {
          now,
          ...(options.graceMs === undefined ? {} : { graceMs: options.graceMs }),
        });
        if (removed.rows > 0) logger.info(removed, 'files: unreferenced files removed');
      },
    },
    recurring: { kind: FILES_SWEEP_JOB, everyMs: options.everyMs ?? FILES_SWEEP_EVERY_MS },
  };
}
