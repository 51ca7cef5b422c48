import { type Language, type LocalizedText, localized, type PublicOption } from '@excelencia/domain';
import type { Executor } from '../../db/client.ts';
import { AppError, type ErrorDetail } from '../../platform/errors.ts';
import {
  activeCaeDivision,
  activeCaeDivisions,
  activeCaeSectionExists,
  activeCaeSections,
  activeCities,
  activeCity,
  activeCompanyTypes,
  activeIslandExists,
  activeIslands,
} from './registration.repository.ts';

/** The active choices of the registration form's selects, labelled in the caller's language. */
export function createPublicOptions(db: Executor) {
  const toOption =
    (language: Language) => (row: { id: string; code: string; description: LocalizedText }) => ({
      id: row.id,
      code: row.code,
      label: localized(row.description, language),
    });
  const byLabel = (a: PublicOption, b: PublicOption) => a.label.localeCompare(b.label, 'pt');
  return {
    async caeSections(language: Language): Promise<PublicOption[]> {
      const rows = await activeCaeSections(db);
      return rows.map(toOption(language));
    },
    async caeDivisions(language: Language, sectionId: string | undefined): Promise<PublicOption[]> {
      const rows = await activeCaeDivisions(db, sectionId);
      return rows.map(toOption(language));
    },
    async islands(language: Language): Promise<PublicOption[]> {
      const rows = await activeIslands(db);
      return rows.map(toOption(language)).sort(byLabel);
    },
    async cities(language: Language, islandId: string | undefined): Promise<PublicOption[]> {
      const rows = await activeCities(db, islandId);
      return rows.map(toOption(language)).sort(byLabel);
    },
    async companyTypes(language: Language): Promise<PublicOption[]> {
      const rows = await activeCompanyTypes(db);
      return rows.map(toOption(language)).sort(byLabel);
    },
  };
}

/**
 * Checks the chosen CAE division and city: they exist, are active, and (when the section or island is given)
 * belong to it. Throws 400 with a detail on each wrong field.
 */
export async function checkPlaces(
  db: Executor,
  input: { caeSectionId?: string; caeDivisionId?: string; islandId?: string; cityId?: string },
): Promise<void> {
  const details: ErrorDetail[] = [];
  if (input.caeSectionId) {
    const section = await activeCaeSectionExists(db, input.caeSectionId);
    if (!section) details.push({ path: 'caeSectionId', message: 'validation:selectOne' });
  }
  if (input.caeDivisionId) {
    const division = await activeCaeDivision(db, input.caeDivisionId);
    if (!division || (input.caeSectionId && division.sectionId !== input.caeSectionId)) {
      details.push({ path: 'caeDivisionId', message: 'validation:selectOne' });
    }
  }
  if (input.islandId) {
    const island = await activeIslandExists(db, input.islandId);
    if (!island) details.push({ path: 'islandId', message: 'validation:selectOne' });
  }
  if (input.cityId) {
    const city = await activeCity(db, input.cityId);
    if (!city || (input.islandId && city.islandId !== input.islandId)) {
      details.push({ path: 'cityId', message: 'validation:selectOne' });
    }
  }
  if (details.length > 0) throw new AppError(400, 'validation', 'errors:validation', { details });
}
