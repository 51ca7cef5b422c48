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
 * `tooLarge()` (413 file_too_large unless the route names its own); a request that is not multipart or breaks
 * the part limits answers the route's `missing()`.
 */

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
      code === 'FST_FIELDS_LIMIT'
    ) {
      throw missing();
    }
    throw error;
  }
  return { fields, hasFile };
}

/** The fields and the file kept in memory; no file, or an empty one, answers `missing()`. */
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

/** An upload streamed to disk: the fields, and the file's temporary path unless the request carried none. */
export interface UploadOnDisk {
  fields: Record<string, string>;
  file: { path: string; filename: string } | null;
}

/**
 * Streams the file into a new temporary folder under `root` (never held in memory), runs `use` on it, then removes
 * the folder whatever happened. `file` is null without a file part, so that the caller can check the fields first.
 * The folder is named after this process (`<pid>-…`), so that a start after a crash (kill -9 in the middle of an
 * upload) can tell its leftovers from the uploads of a running instance: see removeUploadLeftovers.
 */
export async function withFileOnDisk<T>(
  request: FastifyRequest,
  options: { missing: () => AppError; name: string; root: string },
  use: (upload: UploadOnDisk) => Promise<T>,
): Promise<T> {
  await mkdir(options.root, { recursive: true });
  const folder = await mkdtemp(join(options.root, `${process.pid}-`));
  try {
    const path = join(folder, options.name);
    let filename = '';
    const errors = { missing: options.missing, tooLarge: fileTooLarge };
    const { fields, hasFile } = await readParts(request, errors, async (part) => {
      filename = part.filename;
      await pipeline(part.file, createWriteStream(path, { flags: 'wx' }));
    });
    return await use({ fields, file: hasFile ? { path, filename } : null });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
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
