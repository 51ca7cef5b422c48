import { APPLICATION_PDF_MAX_BYTES, looksLikePdf, megabytes } from '@excelencia/domain';
import { AppError } from '../errors.ts';
import type { FileOnDisk } from '../multipart-file.ts';

/** No file in a PDF upload's form (the same message as a file that is not a PDF, with its own code). */
export const noPdf = () =>
  new AppError(400, 'no_file', 'applications:selectPdf', {
    details: [{ path: 'file', message: 'applications:selectPdf' }],
  });
const notPdf = () =>
  new AppError(400, 'not_pdf', 'applications:selectPdf', {
    details: [{ path: 'file', message: 'applications:selectPdf' }],
  });
const pdfTooLarge = () => {
  const params = { max: megabytes(APPLICATION_PDF_MAX_BYTES) };
  return new AppError(413, 'file_too_large', 'applications:pdfTooLarge', {
    params,
    details: [{ path: 'file', message: 'applications:pdfTooLarge', params }],
  });
};

/**
 * A PDF upload received to disk: at most APPLICATION_PDF_MAX_BYTES and a whole PDF, else its message.
 * looksLikePdf reads the `%PDF-` header and the last 1 024 bytes, which the upload's ends hold (multipart-file.ts),
 * so the file is never read whole.
 */
export function assertPdf(file: Pick<FileOnDisk, 'size' | 'ends'>): void {
  if (file.size > APPLICATION_PDF_MAX_BYTES) throw pdfTooLarge();
  if (!looksLikePdf(file.ends)) throw notPdf();
}
