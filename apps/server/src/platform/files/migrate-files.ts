import { createHash } from 'node:crypto';
import { asc, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { files } from '../../db/schema/platform.ts';
import type { BlobDriver } from './file-store.ts';

export interface MigrationSummary {
  /** Rows of the files table. */
  rows: number;
  /** Distinct contents (sha256) those rows name. */
  blobs: number;
  /** Uploaded now, then read back from the target with the right sha256. */
  copied: number;
  /** In the target already, read back with the right sha256 (a second run finds them all here). */
  alreadyThere: number;
  /** Named by a row, absent from the source and the target. */
  missing: string[];
  /** Content whose sha256 is not its name: in the source (not copied) or read back from the target. */
  mismatched: string[];
}

export type MigrationProgress = (event: {
  sha256: string;
  outcome: 'copied' | 'already-there' | 'missing' | 'mismatched';
  where?: string;
}) => void;

const PAGE = 500;
const CONCURRENCY = 4;

/** The sha256 (hex) of a blob as the driver streams it; null when it is absent. */
async function storedHash(driver: BlobDriver, sha256: string): Promise<string | null> {
  const stream = await driver.stream(sha256);
  if (!stream) return null;
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Copies the content of every row of the files table from one blob driver to another (disk to a bucket) and
 * verifies it there by reading it back and comparing its sha256. Idempotent: content the target holds already
 * is verified, not uploaded again. The source is only read.
 */
export async function migrateFiles(options: {
  db: Executor;
  from: BlobDriver;
  to: BlobDriver;
  onFile?: MigrationProgress;
}): Promise<MigrationSummary> {
  const { db, from, to } = options;
  const [counted] = await db
    .select({ rows: sql<number>`count(*)::int`, blobs: sql<number>`count(distinct ${files.sha256})::int` })
    .from(files);
  const summary: MigrationSummary = {
    rows: counted?.rows ?? 0,
    blobs: counted?.blobs ?? 0,
    copied: 0,
    alreadyThere: 0,
    missing: [],
    mismatched: [],
  };

  const migrateOne = async (sha256: string) => {
    const report = (outcome: 'copied' | 'already-there' | 'missing' | 'mismatched', where?: string) =>
      options.onFile?.({ sha256, outcome, ...(where ? { where } : {}) });
    if (await to.exists(sha256)) {
      if ((await storedHash(to, sha256)) === sha256) {
        summary.alreadyThere += 1;
        report('already-there');
      } else {
        summary.mismatched.push(sha256);
        report('mismatched', 'target');
      }
      return;
    }
    const data = await from.read(sha256);
    if (!data) {
      summary.missing.push(sha256);
      report('missing');
      return;
    }
    if (createHash('sha256').update(data).digest('hex') !== sha256) {
      summary.mismatched.push(sha256);
      report('mismatched', 'source');
      return;
    }
    await to.write(sha256, data);
    if ((await storedHash(to, sha256)) === sha256) {
      summary.copied += 1;
      report('copied');
    } else {
      summary.mismatched.push(sha256);
      report('mismatched', 'target');
    }
  };

  // Distinct hashes a page at a time (keyset on sha256), each page a few at a time.
  let after = '';
  for (;;) {
    const page = await db
      .selectDistinct({ sha256: files.sha256 })
      .from(files)
      .where(gt(files.sha256, after))
      .orderBy(asc(files.sha256))
      .limit(PAGE);
    if (page.length === 0) break;
    for (let i = 0; i < page.length; i += CONCURRENCY) {
      await Promise.all(page.slice(i, i + CONCURRENCY).map((row) => migrateOne(row.sha256)));
    }
    after = page[page.length - 1]?.sha256 ?? after;
    if (page.length < PAGE) break;
  }
  summary.missing.sort();
  summary.mismatched.sort();
  return summary;
}
