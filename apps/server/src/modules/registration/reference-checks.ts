import { type Language, type LocalizedText, localized, type PublicOption } from '@excelencia/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { caeDivisions, caeSections, cities, companyTypes, islands } from '../../db/schema/index.ts';
import { AppError, type ErrorDetail } from '../../platform/errors.ts';

/** The active choices of the registration form's selects, labelled in the caller's language. */
export function createPublicOptions(db: Executor) {
  const toOption =
    (language: Language) => (row: { id: string; code: string; description: LocalizedText }) => ({
      id: row.id,
      code: row.code,
      label: localized(row.description, language),
    });
  const byLabel = (a: PublicOption, b: PublicOption) => a.label.localeCompare(b.label, 'pt');
  const columns = <
    T extends typeof caeSections | typeof islands | typeof caeDivisions | typeof cities | typeof companyTypes,
  >(
    table: T,
  ) => ({ id: table.id, code: table.code, description: table.description });

  return {
    async caeSections(language: Language): Promise<PublicOption[]> {
      const rows = await db
        .select(columns(caeSections))
        .from(caeSections)
        .where(eq(caeSections.isActive, true))
        .orderBy(asc(caeSections.code));
      return rows.map(toOption(language));
    },
    async caeDivisions(language: Language, sectionId: string | undefined): Promise<PublicOption[]> {
      const rows = await db
        .select(columns(caeDivisions))
        .from(caeDivisions)
        .where(
          and(eq(caeDivisions.isActive, true), sectionId ? eq(caeDivisions.sectionId, sectionId) : undefined),
        )
        .orderBy(asc(caeDivisions.code));
      return rows.map(toOption(language));
    },
    async islands(language: Language): Promise<PublicOption[]> {
      const rows = await db.select(columns(islands)).from(islands).where(eq(islands.isActive, true));
      return rows.map(toOption(language)).sort(byLabel);
    },
    async cities(language: Language, islandId: string | undefined): Promise<PublicOption[]> {
      const rows = await db
        .select(columns(cities))
        .from(cities)
        .where(and(eq(cities.isActive, true), islandId ? eq(cities.islandId, islandId) : undefined));
      return rows.map(toOption(language)).sort(byLabel);
    },
    async companyTypes(language: Language): Promise<PublicOption[]> {
      const rows = await db
        .select(columns(companyTypes))
        .from(companyTypes)
        .where(eq(companyTypes.isActive, true));
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
    const [section] = await db
      .select({ id: caeSections.id })
      .from(caeSections)
      .where(and(eq(caeSections.id, input.caeSectionId), eq(caeSections.isActive, true)));
    if (!section) details.push({ path: 'caeSectionId', message: 'validation:selectOne' });
  }
  if (input.caeDivisionId) {
    const [division] = await db
      .select({ sectionId: caeDivisions.sectionId })
      .from(caeDivisions)
      .where(and(eq(caeDivisions.id, input.caeDivisionId), eq(caeDivisions.isActive, true)));
    if (!division || (input.caeSectionId && division.sectionId !== input.caeSectionId)) {
      details.push({ path: 'caeDivisionId', message: 'validation:selectOne' });
    }
  }
  if (input.islandId) {
    const [island] = await db
      .select({ id: islands.id })
      .from(islands)
      .where(and(eq(islands.id, input.islandId), eq(islands.isActive, true)));
    if (!island) details.push({ path: 'islandId', message: 'validation:selectOne' });
  }
  if (input.cityId) {
    const [city] = await db
      .select({ islandId: cities.islandId })
      .from(cities)
      .where(and(eq(cities.id, input.cityId), eq(cities.isActive, true)));
    if (!city || (input.islandId && city.islandId !== input.islandId)) {
      details.push({ path: 'cityId', message: 'validation:selectOne' });
    }
  }
  if (details.length > 0) throw new AppError(400, 'validation', 'errors:validation', { details });
}
