import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, copyFile, link, mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import { files } from '../../db/schema/platform.ts';
import { removeUnusedBlobs } from './file-gc.ts';

/**
 * Where file contents live, addressed by their sha256 (hex): local disk (below) or an S3-compatible bucket
 * (s3-driver.ts). Every method refuses a name that is not a lowercase hex sha256.
 */
export interface BlobDriver {
  /** Stores the content under its hash; storing the same hash again is a no-op. */
  write(sha256: string, data: Buffer): Promise<void>;
  /**
   * Stores the content of a local file (an upload received to disk, hashed on the way) under its hash, streamed,
   * never held whole in memory; the file is left where it is. Storing the same hash again is a no-op.
   */
  writeFile(sha256: string, file: LocalFile): Promise<void>;
  /** The whole content in memory, or null when no blob has that hash: for code that needs the bytes. */
  read(sha256: string): Promise<Buffer | null>;
  /** The content as a stream (downloads: never held whole in memory), or null when no blob has that hash. */
  stream(sha256: string): Promise<Readable | null>;
  exists(sha256: string): Promise<boolean>;
  /** Removes the content; removing a hash that is not stored is a no-op. */
  delete(sha256: string): Promise<void>;
}

/** A complete file on local disk and its size in bytes. */
interface LocalFile {
  path: string;
  size: number;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function assertSha256(sha256: string): void {
  if (!SHA256_HEX.test(sha256)) throw new Error('Not a lowercase hex sha256');
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/**
 * Blobs on local disk at root/ab/cd/<sha256>. A write goes to a temporary file in the same folder and is
 * renamed into place, so a reader never sees half a file and a crash leaves no partial blob behind. A local file
 * (an upload received under $DATA_DIR/tmp) is hard-linked into place, a whole file at once, or copied to a
 * temporary file and renamed where it cannot be linked (another file system).
 */
export function localDiskDriver(root: string): BlobDriver {
  const pathOf = (sha256: string) => {
    assertSha256(sha256);
    return join(root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  };
  const exists = async (sha256: string) => {
    try {
      await access(pathOf(sha256));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  };
  /** Writes the content to a temporary file beside the blob's place, then renames it there. */
  const writeThenRename = async (sha256: string, fill: (temporary: string) => Promise<void>) => {
    const folder = join(root, sha256.slice(0, 2), sha256.slice(2, 4));
    const temporary = join(folder, `.${sha256}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await fill(temporary);
      // Two writers of the same content both rename onto the same name: the last one wins, same bytes.
      await rename(temporary, pathOf(sha256));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  };
  return {
    exists,
    async write(sha256, data) {
      if (await exists(sha256)) return;
      await mkdir(join(root, sha256.slice(0, 2), sha256.slice(2, 4)), { recursive: true });
      await writeThenRename(sha256, (temporary) => writeFile(temporary, data, { flag: 'wx' }));
    },
    async writeFile(sha256, file) {
      const target = pathOf(sha256);
      if (await exists(sha256)) return;
      await mkdir(join(root, sha256.slice(0, 2), sha256.slice(2, 4)), { recursive: true });
      try {
        await link(file.path, target);
        return;
      } catch (error) {
        // Another writer of the same content linked it first: stored.
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
      }
      await writeThenRename(sha256, (temporary) => copyFile(file.path, temporary, constants.COPYFILE_EXCL));
    },
    async delete(sha256) {
      await rm(pathOf(sha256), { force: true });
    },
    async read(sha256) {
      try {
        return await readFile(pathOf(sha256));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async stream(sha256) {
      // Opened first, so a missing blob is null here rather than an error in the middle of a response.
      try {
        const handle = await open(pathOf(sha256), 'r');
        return handle.createReadStream({ autoClose: true });
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
  };
}

/**
 * The first `bytes` bytes of a stream (fewer when it is shorter), and a stream of the whole content, head
 * included: to sniff a file's type before sending it without reading all of it.
 */
export async function peekStream(
  source: Readable,
  bytes: number,
): Promise<{ head: Buffer; stream: Readable }> {
  const iterator: AsyncIterator<Buffer> = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* whole() {
    try {
      if (head.length > 0) yield head;
      if (ended) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      // A consumer that stops early (client gone) closes the source too.
      await iterator.return?.();
    }
  }
  return { head: head.subarray(0, bytes), stream: Readable.from(whole(), { objectMode: false }) };
}

export interface StoredFile {
  id: string;
  sha256: string;
  size: number;
  mime: string;
  originalName: string;
  kind: string;
  ownerAccountId: string | null;
  createdAt: Date;
}

function toStoredFile(row: typeof files.$inferSelect): StoredFile {
  return {
    id: row.id,
    sha256: row.sha256,
    size: row.size,
    mime: row.mime,
    originalName: row.originalName,
    kind: row.kind,
    ownerAccountId: row.ownerAccountId,
    createdAt: row.createdAt,
  };
}

/** What a file row records besides its content. */
interface FileDetails {
  originalName: string;
  mime: string;
  kind: string;
  ownerAccountId?: string | null;
}

/**
 * Uploaded files: the content goes to the blob driver once per distinct sha256, each upload gets its own
 * metadata row. The row is written through the given executor, so it joins the caller's transaction; a
 * rolled-back upload may leave an unreferenced blob (removed by the sweep), never a row without its blob.
 */
export function createFileStore(driver: BlobDriver) {
  const meta = async (db: Executor, id: string): Promise<StoredFile | null> => {
    if (!UUID.test(id)) return null;
    const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
    return row ? toStoredFile(row) : null;
  };

  /**
   * Inserts the row, then runs `write` in the same transaction (the caller's, or one of its own). The insert
   * holds the files table against the sweep's SHARE lock (file-gc.ts): the sweep's removal of a blob with this
   * content either came before, and `write` puts the blob back, or waits for this transaction to end and then
   * sees the row. A failed write rolls the row back, so no row is left without its blob.
   */
  const insertThen = (
    db: Executor,
    values: FileDetails & { sha256: string; size: number },
    write: () => Promise<void>,
  ): Promise<StoredFile> => {
    const store = async (tx: Executor) => {
      const [row] = await tx
        .insert(files)
        .values({ ...values, ownerAccountId: values.ownerAccountId ?? null })
        .returning();
      if (!row) throw new Error('Inserting the file row returned nothing');
      await write();
      return toStoredFile(row);
    };
    return db instanceof PgTransaction ? store(db) : db.transaction(store);
  };

  return {
    /**
     * Stores a content given in memory (`data`) or received to a local file with its sha256 computed on the way
     * (`file`: streamed to the driver, never held whole in memory), in the caller's transaction: for small files.
     * An application document goes through storeAhead instead, so that no transaction is open while its bytes
     * travel (docs/adr/0036).
     */
    async put(
      db: Executor,
      input: ({ data: Buffer } | { file: LocalFile & { sha256: string } }) & FileDetails,
    ): Promise<StoredFile> {
      const { originalName, mime, kind, ownerAccountId } = input;
      if ('file' in input) {
        const { file } = input;
        const { sha256, size } = file;
        return insertThen(db, { originalName, mime, kind, ownerAccountId, sha256, size }, () =>
          driver.writeFile(file.sha256, file),
        );
      }
      const sha256 = createHash('sha256').update(input.data).digest('hex');
      return insertThen(
        db,
        { originalName, mime, kind, ownerAccountId, sha256, size: input.data.length },
        () => driver.write(sha256, input.data),
      );
    },

    /**
     * Stores a file received to local disk with no transaction open while its bytes travel to the driver
     * (docs/adr/0036), then runs `record` with its row: the caller's short transaction, which checks its rules
     * again and refers to the row. The row is written first, on its own: referenced by nothing yet, it keeps the
     * content from a removal (removeUnusedBlobs sees it) and the sweep leaves it alone for FILE_GRACE_MS (its
     * upload may be in flight); the blob is then written as put writes it (a no-op when the content is there).
     * When the write or `record` fails (a rule now refuses, the transaction fails), the row is deleted and the blob
     * removed unless another row has that content, so a refused upload leaves nothing behind; the error is thrown.
     */
    async storeAhead<T>(
      db: Database,
      input: { file: LocalFile & { sha256: string } } & FileDetails,
      record: (stored: StoredFile) => Promise<T>,
    ): Promise<T> {
      const { file, originalName, mime, kind, ownerAccountId } = input;
      const [row] = await db
        .insert(files)
        .values({
          sha256: file.sha256,
          size: file.size,
          originalName,
          mime,
          kind,
          ownerAccountId: ownerAccountId ?? null,
        })
        .returning();
      if (!row) throw new Error('Inserting the file row returned nothing');
      try {
        await driver.writeFile(file.sha256, file);
        return await record(toStoredFile(row));
      } catch (error) {
        // Left behind if this fails: an unreferenced row (the sweep's) and maybe its blob, nothing anyone reads.
        await db
          .delete(files)
          .where(eq(files.id, row.id))
          .then(() => removeUnusedBlobs(db, driver, [file.sha256]))
          .catch(() => undefined);
        throw error;
      }
    },

    /** The metadata and the whole content in memory: for code that needs the bytes (re-encoding, PDFs). */
    async get(db: Executor, id: string): Promise<{ file: StoredFile; data: Buffer } | null> {
      const file = await meta(db, id);
      if (!file) return null;
      const data = await driver.read(file.sha256);
      return data ? { file, data } : null;
    },

    /** The metadata and a stream of the content: for downloads, so a file is never held whole in memory. */
    async open(db: Executor, id: string): Promise<{ file: StoredFile; stream: Readable } | null> {
      const file = await meta(db, id);
      if (!file) return null;
      const stream = await driver.stream(file.sha256);
      return stream ? { file, stream } : null;
    },

    meta,
    driver,
  };
}

export type FileStore = ReturnType<typeof createFileStore>;

/** The store of `npm start` without FILES_URL: blobs on local disk under $DATA_DIR/files. */
export function dataDirFileStore(dataDir: string): FileStore {
  return createFileStore(localDiskDriver(join(dataDir, 'files')));
}
