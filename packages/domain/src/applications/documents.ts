/**
 * The eight application documents (SPEC §3, §9): PDF only, one per typed slot. The type travels in the stored
 * name as its second underscore-separated part (`{NIF}_{type}_{name}.pdf`), and the type shown is read back
 * from there, so a file keeps its slot wherever it is copied.
 */

/** SPEC §9 order: 0 INPS debt proof … 7 Model 1B. The index is the file type. */
export const APPLICATION_DOCUMENTS = [
  'inpsDebtProof',
  'financeDebtProof',
  'commercialCertificate',
  'model1bReceipt',
  'accountsReport',
  'daicf',
  'daicfReceipt',
  'model1b',
] as const;
export type ApplicationDocument = (typeof APPLICATION_DOCUMENTS)[number];

export const APPLICATION_FILE_TYPE_COUNT = APPLICATION_DOCUMENTS.length;

/** One application document is at most 10 MiB. */
export const APPLICATION_PDF_MAX_BYTES = 10 * 1024 * 1024;

export function isApplicationFileType(value: unknown): value is number {
  return (
    typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < APPLICATION_FILE_TYPE_COUNT
  );
}

/** The catalog key naming a document slot ('applications:documents.daicf'). */
export function documentLabelKey(fileType: number): string {
  return `applications:documents.${APPLICATION_DOCUMENTS[fileType] ?? 'unknown'}`;
}

const UNSAFE = /[^\p{L}\p{N}.-]+/gu;

/**
 * The stored name of an uploaded document: `{NIF}_{type}_{name}.pdf`, where name is the uploaded name without
 * its extension, with every run of other characters than letters, digits, dot and hyphen (underscores
 * included, so the type stays the second part) made one hyphen, at most 80 characters.
 */
export function applicationFileName(nif: string, fileType: number, originalName: string): string {
  const base = originalName
    .replace(/\.pdf$/i, '')
    .normalize('NFC')
    .replace(UNSAFE, '-');
  const trimmed = base.replace(/^-+|-+$/g, '').slice(0, 80) || 'document';
  return `${nif}_${fileType}_${trimmed}.pdf`;
}

/** The file type a stored name carries (its second underscore-separated part), or null when it has none. */
export function fileTypeOfName(fileName: string): number | null {
  const part = fileName.split('_')[1];
  if (part === undefined || !/^\d$/.test(part)) return null;
  const type = Number(part);
  return isApplicationFileType(type) ? type : null;
}

/** Whether the bytes are a PDF: the `%PDF-` signature within the first 1 024 bytes (as readers accept it). */
export function looksLikePdf(head: Uint8Array): boolean {
  const limit = Math.min(head.length, 1024) - 5;
  for (let i = 0; i <= limit; i += 1) {
    if (
      head[i] === 0x25 &&
      head[i + 1] === 0x50 &&
      head[i + 2] === 0x44 &&
      head[i + 3] === 0x46 &&
      head[i + 4] === 0x2d
    ) {
      return true;
    }
  }
  return false;
}
