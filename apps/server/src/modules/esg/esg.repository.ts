import type { LocalizedText } from '@excelencia/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { caeDivisions, caeSections, cities, companies, islands } from '../../db/schema/index.ts';

/** Who answered, as the export names them beside the company's name. */
export interface EsgRespondent {
  nif: string;
  island: LocalizedText | null;
  section: { code: string; description: LocalizedText } | null;
}

/** Who answered, by company id: NIF, island and CAE section (the exports name them beside the company). */
export async function respondentsOf(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, EsgRespondent>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: companies.id,
      nif: companies.nif,
      island: islands.description,
      sectionCode: caeSections.code,
      section: caeSections.description,
    })
    .from(companies)
    .leftJoin(cities, eq(cities.id, companies.cityId))
    .leftJoin(islands, eq(islands.id, cities.islandId))
    .leftJoin(caeDivisions, eq(caeDivisions.id, companies.caeDivisionId))
    .leftJoin(caeSections, eq(caeSections.id, caeDivisions.sectionId))
    .where(inArray(companies.id, [...ids]));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        nif: r.nif,
        island: (r.island as LocalizedText | null) ?? null,
        section:
          r.sectionCode && r.section
            ? { code: r.sectionCode, description: r.section as LocalizedText }
            : null,
      },
    ]),
  );
}
