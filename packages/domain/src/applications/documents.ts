/**
 * The eight application documents: PDF only, one per typed slot. The type travels in the stored
 * name as its second underscore-separated part (`{NIF}_{type}_{name}.pdf`), and the type shown is read back
 * from there, so a file keeps its slot wherever it is copied.
 */

/** In their fixed order: 0 INPS debt proof … 7 Model 1B. The index is the file type. */
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

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const EOF_MARKER = [0x25, 0x25, 0x45, 0x4f, 0x46]; // %%EOF

function hasAt(bytes: Uint8Array, at: number, marker: readonly number[]): boolean {
  return marker.every((byte, i) => bytes[at + i] === byte);
}

/**
 * Whether the bytes are a whole PDF: they start with the `%PDF-` header and carry the `%%EOF` marker in their
 * last 1 024 bytes. An HTML page or an image renamed .pdf, or a file cut short in transfer, is refused.
 */
export function looksLikePdf(bytes: Uint8Array): boolean {
  if (!hasAt(bytes, 0, PDF_SIGNATURE)) return false;
  for (let i = bytes.length - EOF_MARKER.length; i >= Math.max(0, bytes.length - 1024); i -= 1) {
    if (hasAt(bytes, i, EOF_MARKER)) return true;
  }
  return false;
}

/** The browser's first check before uploading: the file starts with the `%PDF-` header (the server checks all). */
export function hasPdfHeader(head: Uint8Array): boolean {
  return hasAt(head, 0, PDF_SIGNATURE);
}
