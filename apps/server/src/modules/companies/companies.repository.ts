import { type CompanyListQuery, isNifPrefix } from '@excelencia/domain';
import { and, asc, count, eq, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import {
  caeDivisions,
  caeSections,
  cities,
  companies,
  companySituations,
  companyTypes,
  islands,
} from '../../db/schema/index.ts';
import { foreignKeyFields } from '../../platform/database-errors.ts';
import { allOf, type KeysetPage, searchCondition } from '../../platform/listing.ts';

/** A company row with its reference data, as one query reads it. */
const joinedColumns = {
  company: companies,
  city: { id: cities.id, description: cities.description },
  island: { id: islands.id, description: islands.description },
  division: { id: caeDivisions.id, description: caeDivisions.description },
  section: { id: caeSections.id, description: caeSections.description },
  type: { id: companyTypes.id, description: companyTypes.description },
  situation: { id: companySituations.id, description: companySituations.description },
};

/** The company with its references, and `extra` columns (keyset paging's order keys). */
function joinedWith<TExtra extends Record<string, SQL>>(db: Executor, extra: TExtra) {
  return db
    .select({ ...joinedColumns, ...extra })
    .from(companies)
    .leftJoin(cities, eq(cities.id, companies.cityId))
    .leftJoin(islands, eq(islands.id, cities.islandId))
    .leftJoin(caeDivisions, eq(caeDivisions.id, companies.caeDivisionId))
    .leftJoin(caeSections, eq(caeSections.id, caeDivisions.sectionId))
    .leftJoin(companyTypes, eq(companyTypes.id, companies.companyTypeId))
    .leftJoin(companySituations, eq(companySituations.id, companies.companySituationId));
}

/** The company with its references. */
function joined(db: Executor) {
  return joinedWith(db, {});
}

/** A company with its city, island, CAE division and section, type and situation (id and description each). */
export type CompanyWithReferences = Awaited<ReturnType<ReturnType<typeof joined>['where']>>[number];

/** The company with its references; undefined when there is no such company. */
export async function companyWithReferences(
  db: Executor,
  id: string,
): Promise<CompanyWithReferences | undefined> {
  const [row] = await joined(db).where(eq(companies.id, id)).limit(1);
  return row;
}

/**
 * A name or NIF search: the accent- and case-insensitive name fragment (trigram index on search_text), or,
 * when the term is only digits, also a NIF prefix (text_pattern_ops index on nif).
 */
export function nameOrNifCondition(search: string | undefined): SQL | undefined {
  const term = (search ?? '').trim();
  if (!term) return undefined;
  const byName = searchCondition(companies.searchText, term);
  const digits = term.replace(/\s/g, '');
  if (isNifPrefix(digits)) {
    return or(byName, searchCondition(companies.nif, digits, { prefix: true }));
  }
  return byName;
}

/** The fields the admin's company list may be sorted by. */
export const COMPANY_SORT = {
  companyName: companies.searchText,
  nif: companies.nif,
  createdAt: companies.createdAt,
} as const;
/** The list's last sort key, so that its order is total. */
export const COMPANY_TIE_BREAKER = companies.id;

/** The company's reference fields by the name of their foreign key (a refused write names its field). */
export const COMPANY_PARENT_FIELDS = foreignKeyFields(companies);

/** The companies the admin's list asks for: name or NIF, island, CAE section, type and situation. */
export function adminCompaniesWhere(query: z.output<typeof CompanyListQuery>): SQL | undefined {
  return allOf(
    nameOrNifCondition(query.search),
    query.islandId ? eq(cities.islandId, query.islandId) : undefined,
    query.caeSectionId ? eq(caeDivisions.sectionId, query.caeSectionId) : undefined,
    query.companyTypeId ? eq(companies.companyTypeId, query.companyTypeId) : undefined,
    query.companySituationId ? eq(companies.companySituationId, query.companySituationId) : undefined,
  );
}

/** One page of the matching companies with their references, in the list's order. */
export async function companiesPage(
  db: Executor,
  where: SQL | undefined,
  orderBy: SQL[],
  window: { limit: number; offset: number },
): Promise<CompanyWithReferences[]> {
  return joined(db)
    .where(where)
    .orderBy(...orderBy)
    .limit(window.limit)
    .offset(window.offset);
}

/** One keyset page of the matching companies with their references (the export), each with its order keys. */
export async function companiesAfter(db: Executor, where: SQL | undefined, page: KeysetPage) {
  return joinedWith(db, page.keys)
    .where(allOf(where, page.after))
    .orderBy(...page.orderBy)
    .limit(page.limit);
}

/** How many companies match (the list's condition reads the city and the CAE division). */
export async function countCompanies(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(companies)
    .leftJoin(cities, eq(cities.id, companies.cityId))
    .leftJoin(caeDivisions, eq(caeDivisions.id, companies.caeDivisionId))
    .where(where);
  return Number(row?.n ?? 0);
}

/**
 * Changes the company only when its version is still `version`, setting the next version. False when someone
 * changed it meanwhile.
 */
export async function updateCompanyAtVersion(
  db: Executor,
  id: string,
  version: number,
  values: Partial<typeof companies.$inferInsert>,
): Promise<boolean> {
  const [updated] = await db
    .update(companies)
    .set({ ...values, version: version + 1 })
    .where(and(eq(companies.id, id), eq(companies.version, version)))
    .returning({ id: companies.id });
  return updated !== undefined;
}

// The public directory (directory-index.ts)

/** The listed companies with what a directory row shows, their city and search text, by name then id. */
export async function listedCompaniesInOrder(db: Executor) {
  return db
    .select({
      id: companies.id,
      companyName: companies.companyName,
      nif: companies.nif,
      establishmentDate: companies.establishmentDate,
      createdAt: companies.createdAt,
      contactPhone: companies.contactPhone,
      contactEmail: companies.contactEmail,
      phone: companies.phone,
      website: companies.website,
      cityId: companies.cityId,
      text: companies.searchText,
    })
    .from(companies)
    .where(eq(companies.isListed, true))
    .orderBy(asc(companies.companyName), asc(companies.id));
}

/** Every city: its id, description and island. */
export async function allCities(db: Executor) {
  return db
    .select({ id: cities.id, description: cities.description, islandId: cities.islandId })
    .from(cities);
}

/** Every island: its id and description. */
export async function allIslands(db: Executor) {
  return db.select({ id: islands.id, description: islands.description }).from(islands);
}

/** The counter of changes to what the directory shows: the `directory_changes` sequence's last value given. */
export async function directoryChangesCounter(db: Executor): Promise<number> {
  const result = await db.execute(
    sql`select (case when is_called then last_value else last_value - 1 end)::text as version from directory_changes`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    version: string;
  }[];
  return Number(rows[0]?.version ?? 0);
}
