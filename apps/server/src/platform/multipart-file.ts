import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Reads a multipart request holding text fields and one file part named `file`, the file kept in memory (the
 * route's multipart limits cap its size). Fields sent after the file are read too. A file over the limit
 * answers 413 file_too_large; a request that is not multipart or carries no file answers `missing()`.
 */
export async function receiveFile(
  request: FastifyRequest,
  missing: () => AppError,
): Promise<{ fields: Record<string, string>; data: Buffer; filename: string }> {
  const fields: Record<string, string> = {};
  let data: Buffer | null = null;
  let filename = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || data !== null) {
        part.file.resume();
        continue;
      }
      filename = part.filename;
      data = await part.toBuffer();
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
  if (data === null || data.length === 0) throw missing();
  return { fields, data, filename };
}

function tooLarge(): AppError {
  return new AppError(413, 'file_too_large', 'errors:payloadTooLarge', {
    details: [{ path: 'file', message: 'errors:payloadTooLarge' }],
  });
}
