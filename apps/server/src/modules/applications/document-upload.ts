import { FileType } from '@excelencia/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { noPdf } from '../../platform/files/pdf-upload.ts';
import { type FileOnDisk, withRequiredFileOnDisk } from '../../platform/multipart-file.ts';

/** A document upload's parts: its type (0-7), its issue date as given (checked by the service), its PDF on disk. */
export interface DocumentUpload {
  fileType: number;
  issuedAt: string | undefined;
  file: FileOnDisk;
}

const fileTypeInvalid = () =>
  new AppError(400, 'validation', 'applications:fileTypeInvalid', {
    details: [{ path: 'fileType', message: 'applications:fileTypeInvalid' }],
  });

/**
 * Reads a typed document's multipart upload (`fileType`, `issuedAt`, file `file`: a PDF) into `uploadsDir`, runs
 * `use` on it and removes it: the one reading of the application's documents and of its appeal's. 400 for a
 * `fileType` out of 0-7, noPdf without a file.
 */
export function withDocumentUpload<T>(
  request: FastifyRequest,
  uploadsDir: string,
  use: (upload: DocumentUpload) => Promise<T>,
): Promise<T> {
  return withRequiredFileOnDisk(
    request,
    { missing: noPdf, name: 'upload.pdf', root: uploadsDir },
    async ({ fields, file }) => {
      const fileType = FileType.safeParse(fields.fileType);
      if (!fileType.success) throw fileTypeInvalid();
      return use({ fileType: fileType.data, issuedAt: fields.issuedAt, file });
    },
  );
}
