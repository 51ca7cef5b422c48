import { type Seal, sealStatusAt } from '@excelencia/domain';
import type { seals } from '../../db/schema/index.ts';
import type { EditionRow } from './editions.service.ts';

export type SealRow = typeof seals.$inferSelect;

/** A seal as the API shows it, with its live status at `now`. */
export function presentSeal(
  seal: SealRow,
  edition: Pick<EditionRow, 'number' | 'year'>,
  company: { companyName: string; nif: string },
  now: Date,
): Seal {
  return {
    id: seal.id,
    code: seal.code,
    editionId: seal.editionId,
    editionNumber: edition.number,
    editionYear: edition.year,
    companyId: seal.companyId,
    companyName: company.companyName,
    nif: company.nif,
    issuedAt: seal.issuedAt.toISOString(),
    validUntil: seal.validUntil.toISOString(),
    status: sealStatusAt({ state: seal.state, validUntil: seal.validUntil }, now),
    reason: seal.reason,
    version: seal.version,
  };
}
