import { portalDay } from '@excelencia/domain';

/**
 * The multipart fields of an application document's upload: its type and an issue date of today (Cabo Verde's),
 * valid under any validity the edition sets (docs/adr/0030-document-validity.md).
 */
export function documentFields(fileType: number | string): Record<string, string> {
  return { fileType: String(fileType), issuedAt: portalDay(new Date()) };
}
