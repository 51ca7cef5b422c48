import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  applicationFiles,
  applications,
  caeDivisions,
  caeSections,
  cities,
  companies,
  islands,
  seals,
} from '../../db/schema/index.ts';
import { sealCompanyColumns } from './seals.ts';

/** The documents an application holds now (removed ones not counted). */
export const liveFileCount = sql<number>`(select count(*)::int from ${applicationFiles} f where f.application_id = ${applications.id} and f.removed_at is null)`;

/** A company's application to an edition, if it has one. */
export async function applicationToEdition(executor: Executor, editionId: string, companyId: string) {
  const [row] = await executor
    .select()
    .from(applications)
    .where(and(eq(applications.editionId, editionId), eq(applications.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

/** The seal an application earned, with what it says of the company today (none, or one row). */
export function sealOfApplication(executor: Executor, applicationId: string) {
  return executor
    .select({ seal: seals, ...sealCompanyColumns })
    .from(seals)
    .innerJoin(companies, eq(companies.id, seals.companyId))
    .where(eq(seals.applicationId, applicationId))
    .limit(1);
}

/** The admin list's rows: application, company, island, CAE section and documents (filter and order added). */
export function adminListRows(executor: Executor) {
  return executor
    .select({
      application: applications,
      companyName: companies.companyName,
      nif: companies.nif,
      island: islands.description,
      sectionCode: caeSections.code,
      section: caeSections.description,
      files: liveFileCount,
    })
    .from(applications)
    .innerJoin(companies, eq(companies.id, applications.companyId))
    .leftJoin(cities, eq(cities.id, companies.cityId))
    .leftJoin(islands, eq(islands.id, cities.islandId))
    .leftJoin(caeDivisions, eq(caeDivisions.id, companies.caeDivisionId))
    .leftJoin(caeSections, eq(caeSections.id, caeDivisions.sectionId));
}
