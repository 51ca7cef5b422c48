import { APPLICATION_FILE_TYPE_COUNT, type ApplicationToClose } from '@excelencia/domain';
import { and, asc, eq, inArray, isNotNull, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ACCENTED, PLAIN } from '../../db/schema/accounts.ts';
import {
  applications,
  caeDivisions,
  caeSections,
  cities,
  companies,
  editions,
  islands,
  seals,
} from '../../db/schema/index.ts';
import { heldEarlierSeal, liveFileCount, sealCompanyColumns } from './applications.repository.ts';
import type { EditionRow } from './editions.repository.ts';
import type { SealRow } from './seals.ts';

/** The issued names in the order of the companies' search text (lower case, no accents). */
const byIssuedName = sql`lower(translate(${seals.companyName}, ${ACCENTED}, ${PLAIN}))`;

/** Submitted applications: pending or decided, or sent back to the company after submission (never closed ones). */
export const submitted = or(
  notInArray(applications.status, ['draft', 'closed']),
  isNotNull(applications.submittedAt),
);

/** Drafts never submitted: what publishing the results closes (docs/adr/0022-publication-closes-drafts.md). */
const neverSubmitted = and(eq(applications.status, 'draft'), isNull(applications.submittedAt));

/** The drafts never submitted of an edition, by company name: what publishing closes (locked with `forUpdate`). */
export async function draftsToClose(executor: Executor, editionId: string, forUpdate = false) {
  const query = executor
    .select({
      application: applications,
      companyName: companies.companyName,
      nif: companies.nif,
      files: liveFileCount,
    })
    .from(applications)
    .innerJoin(companies, eq(companies.id, applications.companyId))
    .where(and(eq(applications.editionId, editionId), neverSubmitted))
    .orderBy(asc(companies.searchText), asc(applications.id));
  const rows = forUpdate ? await query.for('update', { of: applications }) : await query;
  return rows.map((r) => ({
    ...r,
    summary: {
      id: r.application.id,
      companyName: r.companyName,
      nif: r.nif,
      files: r.files,
      complete: r.files === APPLICATION_FILE_TYPE_COUNT,
    } satisfies ApplicationToClose,
  }));
}

/** Marks an application closed (kept, no longer changed or submitted), moving its version on. */
export async function closeApplication(
  tx: Executor,
  application: { id: string; version: number },
  now: Date,
): Promise<void> {
  await tx
    .update(applications)
    .set({ status: 'closed', version: application.version + 1, updatedAt: now })
    .where(eq(applications.id, application.id));
}

// Publication

/** The edition, locked for this transaction (publishing it). */
export async function lockEdition(tx: Executor, id: string): Promise<EditionRow | undefined> {
  const [row] = await tx.select().from(editions).where(eq(editions.id, id)).for('update');
  return row;
}

/**
 * An edition's applications waiting for a decision (pending, or sent back after submission) and its decisions
 * not confirmed yet.
 */
export async function decisionsOutstanding(
  executor: Executor,
  editionId: string,
): Promise<{ undecided: number; unconfirmed: number }> {
  const [row] = await executor
    .select({
      undecided: sql<number>`count(*) filter (where ${applications.status} = 'pending' or (${applications.status} = 'draft' and ${applications.submittedAt} is not null))::int`,
      unconfirmed: sql<number>`count(*) filter (where ${applications.status} in ('evaluated', 'unqualified') and ${applications.confirmedAt} is null)::int`,
    })
    .from(applications)
    .where(eq(applications.editionId, editionId));
  return { undecided: row?.undecided ?? 0, unconfirmed: row?.unconfirmed ?? 0 };
}

/** Marks an edition's results published (and its applications closed at `applicationsClosedAt`), moving its version on. */
export async function markResultsPublished(
  tx: Executor,
  edition: { id: string; version: number },
  publication: { publishedBy: string | null; applicationsClosedAt: Date },
  now: Date,
): Promise<EditionRow | undefined> {
  const [row] = await tx
    .update(editions)
    .set({
      resultsPublishedAt: now,
      resultsPublishedBy: publication.publishedBy,
      applicationsClosedAt: publication.applicationsClosedAt,
      version: edition.version + 1,
      updatedAt: now,
    })
    .where(eq(editions.id, edition.id))
    .returning();
  return row;
}

/** An edition's decided applications (qualified or not), each with its company's name and NIF. */
export async function decidedApplicationsOfEdition(executor: Executor, editionId: string) {
  return executor
    .select({ application: applications, companyName: companies.companyName, nif: companies.nif })
    .from(applications)
    .innerJoin(companies, eq(companies.id, applications.companyId))
    .where(
      and(eq(applications.editionId, editionId), inArray(applications.status, ['evaluated', 'unqualified'])),
    );
}

export async function insertSeal(
  tx: Executor,
  values: Pick<
    typeof seals.$inferInsert,
    'code' | 'applicationId' | 'companyId' | 'editionId' | 'companyName' | 'nif' | 'issuedAt' | 'validUntil'
  >,
): Promise<void> {
  await tx.insert(seals).values(values);
}

// Results

/** An edition's submitted applications: how many, how many distinguished, how many not qualified. */
export async function submittedCounts(executor: Executor, editionId: string) {
  const [counts] = await executor
    .select({
      applicants: sql<number>`count(*)::int`,
      distinguished: sql<number>`count(*) filter (where ${applications.status} = 'evaluated')::int`,
      unqualified: sql<number>`count(*) filter (where ${applications.status} = 'unqualified')::int`,
    })
    .from(applications)
    .where(and(eq(applications.editionId, editionId), submitted));
  return counts;
}

/**
 * An edition's submitted applications and their seals counted by the company's island or CAE section, the most
 * distinguished first, then the most applicants.
 */
export async function applicantsAndSealsBy(
  executor: Executor,
  editionId: string,
  dimension: 'island' | 'section',
) {
  const label = dimension === 'island' ? islands.description : caeSections.description;
  const key = dimension === 'island' ? islands.id : caeSections.id;
  return executor
    .select({
      key,
      label,
      applicants: sql<number>`count(*)::int`,
      distinguished: sql<number>`count(${seals.id})::int`,
    })
    .from(applications)
    .innerJoin(companies, eq(companies.id, applications.companyId))
    .leftJoin(cities, eq(cities.id, companies.cityId))
    .leftJoin(islands, eq(islands.id, cities.islandId))
    .leftJoin(caeDivisions, eq(caeDivisions.id, companies.caeDivisionId))
    .leftJoin(caeSections, eq(caeSections.id, caeDivisions.sectionId))
    .leftJoin(seals, eq(seals.applicationId, applications.id))
    .where(and(eq(applications.editionId, editionId), submitted))
    .groupBy(key, label)
    .orderBy(sql`count(${seals.id}) desc`, sql`count(*) desc`);
}

/**
 * An edition's seals (withdrawn ones left out with `withoutWithdrawn`) with what they say of the company today,
 * its island, city and CAE section, and whether it held a seal of an earlier edition (a renewal), by issued name,
 * then NIF.
 */
export async function sealsOfEditionWithPlaces(
  executor: Executor,
  editionId: string,
  withoutWithdrawn: boolean,
) {
  return executor
    .select({
      seal: seals,
      ...sealCompanyColumns,
      island: islands.description,
      city: cities.description,
      sectionCode: caeSections.code,
      section: caeSections.description,
      isRenewal: heldEarlierSeal(seals.companyId, seals.editionId),
    })
    .from(seals)
    .innerJoin(companies, eq(companies.id, seals.companyId))
    .leftJoin(cities, eq(cities.id, companies.cityId))
    .leftJoin(islands, eq(islands.id, cities.islandId))
    .leftJoin(caeDivisions, eq(caeDivisions.id, companies.caeDivisionId))
    .leftJoin(caeSections, eq(caeSections.id, caeDivisions.sectionId))
    .where(and(eq(seals.editionId, editionId), withoutWithdrawn ? ne(seals.state, 'withdrawn') : undefined))
    .orderBy(byIssuedName, asc(seals.nif));
}

// Seals

/** Seals with their edition and what they say of the company today. */
function sealsWithContext(executor: Executor) {
  return executor
    .select({ seal: seals, edition: editions, ...sealCompanyColumns })
    .from(seals)
    .innerJoin(editions, eq(editions.id, seals.editionId))
    .innerJoin(companies, eq(companies.id, seals.companyId));
}

async function sealWithContext(executor: Executor, where: ReturnType<typeof eq>) {
  const [row] = await sealsWithContext(executor).where(where).limit(1);
  return row ?? null;
}

/** The seal of a code, with its edition and what it says of the company today (null when none). */
export async function sealByCode(executor: Executor, code: string) {
  return sealWithContext(executor, eq(seals.code, code));
}

/** A seal by id, with its edition and what it says of the company today (null when none). */
export async function sealById(executor: Executor, id: string) {
  return sealWithContext(executor, eq(seals.id, id));
}

/** The company's seals with their editions, the latest issued first. */
export async function sealsOfCompanyLatestFirst(executor: Executor, companyId: string) {
  return sealsWithContext(executor)
    .where(eq(seals.companyId, companyId))
    .orderBy(sql`${seals.issuedAt} desc`);
}

/** Every seal (or an edition's) with its edition, by issued name, then NIF. */
export async function sealsByIssuedName(executor: Executor, editionId: string | undefined) {
  return sealsWithContext(executor)
    .where(editionId ? eq(seals.editionId, editionId) : undefined)
    .orderBy(byIssuedName, asc(seals.nif));
}

/** The seal, locked for this transaction. */
export async function lockSeal(tx: Executor, id: string): Promise<SealRow | undefined> {
  const [seal] = await tx.select().from(seals).where(eq(seals.id, id)).for('update');
  return seal;
}

/** Sets a seal's state and its reason, as changed at `now`, moving its version on. */
export async function setSealState(
  tx: Executor,
  seal: { id: string; version: number },
  change: { state: SealRow['state']; reason: string },
  now: Date,
): Promise<SealRow | undefined> {
  const [row] = await tx
    .update(seals)
    .set({
      state: change.state,
      reason: change.reason,
      stateChangedAt: now,
      version: seal.version + 1,
      updatedAt: now,
    })
    .where(eq(seals.id, seal.id))
    .returning();
  return row;
}
