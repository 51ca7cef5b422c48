import { type Seal, sealStatusAt, sealStatusSince } from '@excelencia/domain';
import type { seals } from '../../db/schema/index.ts';
import type { EditionRow } from './editions.service.ts';

export type SealRow = typeof seals.$inferSelect;

interface SealCompany {
  currentName: string;
  renamedAt: Date | null;
}

/**
 * The renaming a seal shows beside its issued name: the company's name today when it differs from the issued one,
 * with the date of the approved change (null when the names are the same).
 */
export function sealRenaming(
  seal: Pick<SealRow, 'companyName'>,
  company: SealCompany,
): Pick<Seal, 'currentName' | 'renamedAt'> {
  if (company.currentName === seal.companyName) return { currentName: null, renamedAt: null };
  return { currentName: company.currentName, renamedAt: company.renamedAt?.toISOString() ?? null };
}

/** A seal as the API shows it: the name and NIF it was issued to, the company's name today, its status at `now`. */
export function presentSeal(
  seal: SealRow,
  edition: Pick<EditionRow, 'number' | 'year'>,
  company: SealCompany,
  now: Date,
): Seal {
  return {
    id: seal.id,
    code: seal.code,
    editionId: seal.editionId,
    editionNumber: edition.number,
    editionYear: edition.year,
    companyId: seal.companyId,
    companyName: seal.companyName,
    nif: seal.nif,
    ...sealRenaming(seal, company),
    issuedAt: seal.issuedAt.toISOString(),
    validUntil: seal.validUntil.toISOString(),
    status: sealStatusAt(seal, now),
    statusSince: sealStatusSince(seal, now).toISOString(),
    reason: seal.reason,
    version: seal.version,
  };
}
