import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { APPLICATION_PDF_MAX_BYTES } from '@excelencia/domain';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Multipart requests holding text fields and one file part named `file` (fields sent after the file are read
 * too; other file parts are skipped). The route's multipart limits cap the sizes: a file over the limit answers
 * `tooLarge()` (413 file_too_large unless the route names its own); a request that is not multipart, is malformed
 * multipart or breaks the part limits answers the route's `missing()`.
 */

/**
 * What the multipart parser (@fastify/busboy) throws for a body that is not the multipart its content type
 * announces (no boundary, cut short): plain errors without a code, told apart by their message.
 */
const MALFORMED_MULTIPART = /^Multipart: Boundary not found$|unexpected end of multipart data$/i;

/** Reads every part, handing the first `file` part to `take`; answers the fields and whether a file came. */
async function readParts(
  request: FastifyRequest,
  errors: { missing: () => AppError; tooLarge: () => AppError },
  take: (part: MultipartFile) => Promise<void>,
): Promise<{ fields: Record<string, string>; hasFile: boolean }> {
  const { missing, tooLarge } = errors;
  const fields: Record<string, string> = {};
  let hasFile = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || hasFile) {
        part.file.resume();
        continue;
      }
      hasFile = true;
      await take(part);
      if (part.file.truncated) throw tooLarge();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (
      code === 'FST_FILES_LIMIT' ||
      code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' ||
      code === 'FST_PARTS_LIMIT' ||
      code === 'FST_FIELDS_LIMIT' ||
      (error instanceof Error && code === undefined && MALFORMED_MULTIPART.test(error.message))
    ) {
      throw missing();
    }
    throw error;
  }
  return { fields, hasFile };
}

/**
 * The fields and the file kept in memory, for small files a route needs whole (images re-encoded by sharp); no
 * file, or an empty one, answers `missing()`. A PDF goes through withRequiredFileOnDisk instead.
 */
export async function receiveFile(
  request: FastifyRequest,
  missing: () => AppError,
  tooLarge: () => AppError = fileTooLarge,
): Promise<{ fields: Record<string, string>; data: Buffer; filename: string }> {
  const file: { data: Buffer; filename: string } = { data: Buffer.alloc(0), filename: '' };
  const { fields } = await readParts(request, { missing, tooLarge }, async (part) => {
    file.filename = part.filename;
    file.data = await part.toBuffer();
  });
  if (file.data.length === 0) throw missing();
  return { fields, ...file };
}

/** How many bytes of a file's start and of its end an upload keeps for the type checks (looksLikePdf's 1 024). */
const FILE_END_BYTES = 1024;

/** A file received to a temporary file, with what was computed on the way. */
export interface FileOnDisk {
  path: string;
  filename: string;
  size: number;
  /** Lowercase hex, of the whole content. */
  sha256: string;
  /**
   * The first FILE_END_BYTES bytes followed by the last FILE_END_BYTES (the whole file when it is shorter than
   * twice that): what a type check reads of a file's start (magic number) and end (PDF's %%EOF trailer).
   */
  ends: Buffer;
}

/** An upload streamed to disk: the fields, and the file unless the request carried none. */
export interface UploadOnDisk {
  fields: Record<string, string>;
  file: FileOnDisk | null;
}

/**
 * Passes the chunks through, counting them, hashing them (sha256) and keeping the file's first and last
 * FILE_END_BYTES bytes: so a file is never held whole in memory to be hashed or checked.
 */
function measure(into: { size: number; sha256: string; ends: Buffer }) {
  return async function* (source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    const hash = createHash('sha256');
    let head = Buffer.alloc(0);
    let tail = Buffer.alloc(0);
    for await (const chunk of source) {
      hash.update(chunk);
      into.size += chunk.length;
      let rest = chunk;
      if (head.length < FILE_END_BYTES) {
        const taken = Math.min(FILE_END_BYTES - head.length, rest.length);
        head = Buffer.concat([head, rest.subarray(0, taken)]);
        rest = rest.subarray(taken);
      }
      if (rest.length > 0) {
        // A copy of at most FILE_END_BYTES bytes, never a view that would keep the whole chunk alive.
        const joined = rest.length >= FILE_END_BYTES ? rest : Buffer.concat([tail, rest]);
        tail = Buffer.from(joined.subarray(Math.max(0, joined.length - FILE_END_BYTES)));
      }
      yield chunk;
    }
    into.sha256 = hash.digest('hex');
    into.ends = Buffer.concat([head, tail]);
  };
}

/**
 * Streams the file into a new temporary folder under `root` (never held in memory), computing its size, sha256
 * and ends on the way, runs `use` on it, then removes the folder whatever happened: an upload cut midway (client
 * gone, size limit) leaves nothing. `file` is null without a file part, so that the caller can check the fields
 * first. The folder is named after this process (`<pid>-…`), so that a start after a crash (kill -9 in the
 * middle of an upload) can tell its leftovers from the uploads of a running instance: see removeUploadLeftovers.
 */
export async function withFileOnDisk<T>(
  request: FastifyRequest,
  options: { missing: () => AppError; name: string; root: string; tooLarge?: () => AppError },
  use: (upload: UploadOnDisk) => Promise<T>,
): Promise<T> {
  await mkdir(options.root, { recursive: true });
  const folder = await mkdtemp(join(options.root, `${process.pid}-`));
  try {
    const path = join(folder, options.name);
    let filename = '';
    const measured = { size: 0, sha256: '', ends: Buffer.alloc(0) };
    const errors = { missing: options.missing, tooLarge: options.tooLarge ?? fileTooLarge };
    const { fields, hasFile } = await readParts(request, errors, async (part) => {
      filename = part.filename;
      await pipeline(part.file, measure(measured), createWriteStream(path, { flags: 'wx' }));
    });
    return await use({ fields, file: hasFile ? { path, filename, ...measured } : null });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * withFileOnDisk for a route that needs its file (a PDF): no file, or an empty one, answers `missing()` as
 * receiveFile does, before `use` runs.
 */
export async function withRequiredFileOnDisk<T>(
  request: FastifyRequest,
  options: { missing: () => AppError; name: string; root: string; tooLarge?: () => AppError },
  use: (upload: { fields: Record<string, string>; file: FileOnDisk }) => Promise<T>,
): Promise<T> {
  return withFileOnDisk(request, options, async ({ fields, file }) => {
    if (!file || file.size === 0) throw options.missing();
    return use({ fields, file });
  });
}

/** A leftover of a living process older than this is removed all the same (its pid was reused). */
const LEFTOVER_MAX_AGE_MS = 24 * 3_600_000;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the upload folders under `root` that no running process is using: those of a process that is gone (a
 * portal killed during an upload), and any older than a day. Run at start; answers how many it removed.
 */
export async function removeUploadLeftovers(root: string, now = Date.now()): Promise<number> {
  const entries = await readdir(root).catch(() => [] as string[]);
  let removed = 0;
  for (const name of entries) {
    const pid = Number(/^(\d+)-/.exec(name)?.[1] ?? Number.NaN);
    const path = join(root, name);
    const age = now - ((await stat(path).catch(() => null))?.mtimeMs ?? 0);
    if (pid === process.pid && age < LEFTOVER_MAX_AGE_MS) continue;
    if (Number.isInteger(pid) && pid !== process.pid && isRunning(pid) && age < LEFTOVER_MAX_AGE_MS) continue;
    await rm(path, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

function fileTooLarge(): AppError {
  return new AppError(413, 'file_too_large', 'errors:payloadTooLarge', {
    details: [{ path: 'file', message: 'errors:payloadTooLarge' }],
  });
}

/** Multipart limits of a one-PDF upload with a few fields (application documents, regulations). */
export const PDF_UPLOAD_LIMITS = {
  files: 1,
  fileSize: APPLICATION_PDF_MAX_BYTES,
  fields: 5,
  parts: 6,
  fieldSize: 200,
} as const;
