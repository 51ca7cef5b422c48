import { type AdminApplicationQuery, APPLICATION_FILE_TYPE_COUNT } from '@excelencia/domain';
import { and, asc, count, desc, eq, getTableName, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  accounts,
  applicationAppeals,
  applicationFiles,
  applications,
  auditLog,
  caeDivisions,
  caeSections,
  cities,
  companies,
  companyMembers,
  companyNameChanges,
  editions,
  islands,
  seals,
} from '../../db/schema/index.ts';
import { allOf, searchCondition } from '../../platform/listing.ts';

export type ApplicationRow = typeof applications.$inferSelect;
export type ApplicationFileRow = typeof applicationFiles.$inferSelect;

/**
 * Columns to select beside a seal for what it says of the company today: its current name, and when the last
 * approved change of its names after the issue took effect (a query joining `companies` on the seal's company).
 */
export const sealCompanyColumns = {
  currentName: companies.companyName,
  renamedAt:
    sql<Date | null>`(select max(${companyNameChanges.decidedAt}) from ${companyNameChanges} where ${and(
      eq(companyNameChanges.companyId, seals.companyId),
      eq(companyNameChanges.status, 'approved'),
      gt(companyNameChanges.decidedAt, seals.issuedAt),
    )})`.mapWith(companyNameChanges.decidedAt),
};

/** The documents an application holds now (removed ones not counted). */
export const liveFileCount = sql<number>`(select count(*)::int from ${applicationFiles} f where f.application_id = ${applications.id} and f.removed_at is null)`;

/**
 * Whether the company `companyId` held a seal issued by an edition numbered lower than the edition `editionId`:
 * its application to that edition is a renewal. One EXISTS per row of the query it is selected in.
 */
export function heldEarlierSeal(companyId: PgColumn, editionId: PgColumn) {
  // Named with their table: drizzle writes a bare column name in a query of one table, which inside the
  // subquery would name prior_seal's column instead.
  const outer = (column: PgColumn) =>
    sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
  return sql<boolean>`exists (select 1 from ${seals} prior_seal
    join ${editions} prior_edition on prior_edition.id = prior_seal.edition_id
    join ${editions} this_edition on this_edition.id = ${outer(editionId)}
    where prior_seal.company_id = ${outer(companyId)} and prior_edition.number < this_edition.number)`.mapWith(
    Boolean,
  );
}

/** Whether the application of the row is a renewal (heldEarlierSeal). */
export const applicationIsRenewal = heldEarlierSeal(applications.companyId, applications.editionId);

// Applications

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

/** Whether the application is a renewal (heldEarlierSeal); false when there is no such application. */
export async function isRenewalApplication(executor: Executor, applicationId: string): Promise<boolean> {
  const [row] = await executor
    .select({ isRenewal: applicationIsRenewal })
    .from(applications)
    .where(eq(applications.id, applicationId))
    .limit(1);
  return row?.isRenewal ?? false;
}

/** The company's application `id` (locked with `forUpdate`), if it is the company's. */
export async function applicationOfCompany(
  executor: Executor,
  companyId: string,
  id: string,
  forUpdate = false,
): Promise<ApplicationRow | undefined> {
  const query = executor
    .select()
    .from(applications)
    .where(and(eq(applications.id, id), eq(applications.companyId, companyId)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** An application by id (locked with `forUpdate`). */
export async function applicationById(
  executor: Executor,
  id: string,
  forUpdate = false,
): Promise<ApplicationRow | undefined> {
  const query = executor.select().from(applications).where(eq(applications.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** The company's applications, the latest edition (by number) first. */
export async function applicationsOfCompany(
  executor: Executor,
  companyId: string,
): Promise<ApplicationRow[]> {
  const rows = await executor
    .select({ application: applications })
    .from(applications)
    .innerJoin(editions, eq(editions.id, applications.editionId))
    .where(eq(applications.companyId, companyId))
    .orderBy(desc(editions.number));
  return rows.map(({ application }) => application);
}

/**
 * Opens an application; undefined when the company has one to the edition already (the unique index decides
 * between two requests at once).
 */
export async function insertApplicationUnlessOpened(
  tx: Executor,
  values: Pick<
    typeof applications.$inferInsert,
    'editionId' | 'companyId' | 'eligibility' | 'eligible' | 'createdBy'
  >,
): Promise<ApplicationRow | undefined> {
  const [row] = await tx.insert(applications).values(values).onConflictDoNothing().returning();
  return row;
}

/** Moves an application's version on (its documents changed). */
export async function moveApplicationVersionOn(
  tx: Executor,
  application: { id: string; version: number },
  now: Date,
): Promise<void> {
  await tx
    .update(applications)
    .set({ version: application.version + 1, updatedAt: now })
    .where(eq(applications.id, application.id));
}

/** Submits an application: pending, with the eligibility judged, no slot reopened; its version moved on. */
export async function markApplicationSubmitted(
  tx: Executor,
  application: { id: string; version: number },
  submission: { eligibility: ApplicationRow['eligibility']; submittedBy: string | null },
  now: Date,
): Promise<ApplicationRow | undefined> {
  const [row] = await tx
    .update(applications)
    .set({
      status: 'pending',
      eligibility: submission.eligibility,
      eligible: true,
      submittedAt: now,
      submittedBy: submission.submittedBy,
      reopenedFileType: null,
      returnReason: null,
      version: application.version + 1,
      updatedAt: now,
    })
    .where(eq(applications.id, application.id))
    .returning();
  return row;
}

/**
 * Records the evaluator's decision (unconfirmed) if the application is still at its version, moving the version
 * on; undefined when another change came first.
 */
export async function recordDecisionAtVersion(
  tx: Executor,
  application: { id: string; version: number },
  decision: { status: 'evaluated' | 'unqualified'; reason: string | null; decidedBy: string | null },
  now: Date,
): Promise<ApplicationRow | undefined> {
  const [row] = await tx
    .update(applications)
    .set({
      status: decision.status,
      decisionReason: decision.reason,
      decidedBy: decision.decidedBy,
      decidedAt: now,
      confirmedBy: null,
      confirmedAt: null,
      version: application.version + 1,
      updatedAt: now,
    })
    .where(and(eq(applications.id, application.id), eq(applications.version, application.version)))
    .returning();
  return row;
}

/** A second admin confirms the decision, moving the version on. */
export async function confirmDecision(
  tx: Executor,
  application: { id: string; version: number },
  confirmedBy: string | null,
  now: Date,
): Promise<ApplicationRow | undefined> {
  const [row] = await tx
    .update(applications)
    .set({ confirmedBy, confirmedAt: now, version: application.version + 1, updatedAt: now })
    .where(eq(applications.id, application.id))
    .returning();
  return row;
}

/** A second admin sends the decision back: pending again, undecided, its version moved on. */
export async function sendDecisionBack(
  tx: Executor,
  application: { id: string; version: number },
  now: Date,
): Promise<ApplicationRow | undefined> {
  const [row] = await tx
    .update(applications)
    .set({
      status: 'pending',
      decisionReason: null,
      decidedBy: null,
      decidedAt: null,
      version: application.version + 1,
      updatedAt: now,
    })
    .where(eq(applications.id, application.id))
    .returning();
  return row;
}

/** Sends an application back to the company as a draft with one slot reopened, moving its version on. */
export async function reopenDocumentSlot(
  tx: Executor,
  application: { id: string; version: number },
  reopened: { fileType: number; reason: string },
  now: Date,
): Promise<ApplicationRow | undefined> {
  const [row] = await tx
    .update(applications)
    .set({
      status: 'draft',
      reopenedFileType: reopened.fileType,
      returnReason: reopened.reason,
      version: application.version + 1,
      updatedAt: now,
    })
    .where(eq(applications.id, application.id))
    .returning();
  return row;
}

/** The audit rows of an entity, oldest first, each with its actor's name (an application's history). */
export async function auditTrail(executor: Executor, entity: string, id: string) {
  return executor
    .select({ entry: auditLog, actor: accounts.name })
    .from(auditLog)
    .leftJoin(accounts, eq(accounts.id, auditLog.actorAccountId))
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id)))
    .orderBy(asc(auditLog.id));
}

// Documents

/** The documents an application holds now (removed ones left out), by document type. */
export async function liveFilesOf(executor: Executor, applicationId: string): Promise<ApplicationFileRow[]> {
  return executor
    .select()
    .from(applicationFiles)
    .where(and(eq(applicationFiles.applicationId, applicationId), isNull(applicationFiles.removedAt)))
    .orderBy(asc(applicationFiles.fileType));
}

/** One document of an application (removed ones too), if it is that application's. */
export async function fileOfApplication(
  executor: Executor,
  applicationId: string,
  fileId: string,
): Promise<ApplicationFileRow | undefined> {
  const [file] = await executor
    .select()
    .from(applicationFiles)
    .where(and(eq(applicationFiles.id, fileId), eq(applicationFiles.applicationId, applicationId)))
    .limit(1);
  return file;
}

export async function insertApplicationFile(
  tx: Executor,
  values: Pick<
    typeof applicationFiles.$inferInsert,
    'applicationId' | 'fileType' | 'fileId' | 'fileName' | 'size' | 'createdBy' | 'issuedAt' | 'appealId'
  >,
): Promise<ApplicationFileRow> {
  const [file] = await tx.insert(applicationFiles).values(values).returning();
  if (!file) throw new Error('Inserting the application file returned nothing');
  return file;
}

/** Marks a document removed (kept, no longer live). */
export async function markFileRemoved(tx: Executor, fileId: string, now: Date): Promise<void> {
  await tx.update(applicationFiles).set({ removedAt: now }).where(eq(applicationFiles.id, fileId));
}

// The company and accounts

/** The company's id, name and NIF, if it exists. */
export async function companyNameAndNif(
  executor: Executor,
  companyId: string,
): Promise<{ id: string; companyName: string; nif: string } | undefined> {
  const [company] = await executor
    .select({ id: companies.id, companyName: companies.companyName, nif: companies.nif })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return company;
}

/** An account's name, or null when there is no such account. */
export async function accountName(executor: Executor, accountId: string): Promise<string | null> {
  const [row] = await executor
    .select({ name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row?.name ?? null;
}

/** The company's members' address, name and language, to write to them. */
export async function membersToWrite(executor: Executor, companyId: string) {
  return executor
    .select({ email: accounts.email, name: accounts.name, language: accounts.language })
    .from(companyMembers)
    .innerJoin(accounts, eq(accounts.id, companyMembers.accountId))
    .where(eq(companyMembers.companyId, companyId));
}

// The admin list

/**
 * The application's appeal waits for its decision (docs/adr/0031-appeals.md). The application's id named with its
 * table, as in heldEarlierSeal: a bare "id" inside the subquery would be the appeal's.
 */
const appealPending = sql<boolean>`exists (select 1 from ${applicationAppeals} pending_appeal
  where pending_appeal.application_id = ${sql.identifier(getTableName(applications))}.${sql.identifier(applications.id.name)}
  and pending_appeal.status = 'pending')`;

/**
 * The admin list's filter: edition, status, documents complete or not, island, CAE section, renewal or not, a
 * pending appeal, name or NIF.
 */
export function adminListWhere(
  filter: Pick<
    AdminApplicationQuery,
    'editionId' | 'status' | 'complete' | 'islandId' | 'sectionId' | 'renewal' | 'appeal' | 'search'
  >,
): SQL | undefined {
  const complete = sql<boolean>`${liveFileCount} = ${APPLICATION_FILE_TYPE_COUNT}`;
  return allOf(
    filter.editionId ? eq(applications.editionId, filter.editionId) : undefined,
    filter.status ? eq(applications.status, filter.status) : undefined,
    filter.complete === undefined ? undefined : filter.complete ? complete : sql`not (${complete})`,
    filter.islandId ? eq(cities.islandId, filter.islandId) : undefined,
    filter.sectionId ? eq(caeDivisions.sectionId, filter.sectionId) : undefined,
    filter.renewal === undefined
      ? undefined
      : filter.renewal
        ? applicationIsRenewal
        : sql`not ${applicationIsRenewal}`,
    filter.appeal === 'pending' ? appealPending : undefined,
    searchCondition(sql`(${companies.searchText} || ' ' || ${companies.nif})`, filter.search),
  );
}

/** What the admin list may be sorted by. */
export const ADMIN_LIST_SORTABLE = {
  companyName: companies.searchText,
  nif: companies.nif,
  status: applications.status,
  submittedAt: applications.submittedAt,
  files: liveFileCount as SQL,
};

/** The admin list's last order key, so rows that tie keep one order. */
export const ADMIN_LIST_TIE_BREAKER = applications.id;

/** The admin list's rows: application, company, island, CAE section, documents and whether a renewal. */
function adminListRows(executor: Executor) {
  return executor
    .select({
      application: applications,
      companyName: companies.companyName,
      nif: companies.nif,
      island: islands.description,
      sectionCode: caeSections.code,
      section: caeSections.description,
      files: liveFileCount,
      isRenewal: applicationIsRenewal,
    })
    .from(applications)
    .innerJoin(companies, eq(companies.id, applications.companyId))
    .leftJoin(cities, eq(cities.id, companies.cityId))
    .leftJoin(islands, eq(islands.id, cities.islandId))
    .leftJoin(caeDivisions, eq(caeDivisions.id, companies.caeDivisionId))
    .leftJoin(caeSections, eq(caeSections.id, caeDivisions.sectionId));
}

export type AdminListRow = Awaited<ReturnType<typeof adminListPage>>[number];

/** One page of the admin list, filtered by `where` (adminListWhere) in `order`. */
export async function adminListPage(
  executor: Executor,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
  offset: number,
) {
  return adminListRows(executor)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

/** The admin list's first `limit` rows, filtered by `where` (adminListWhere) in `order` (the export). */
export async function adminListFirstRows(
  executor: Executor,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
) {
  return adminListRows(executor)
    .where(where)
    .orderBy(...order)
    .limit(limit);
}

/** How many applications the admin list's filter `where` (adminListWhere) keeps. */
export async function countAdminList(executor: Executor, where: SQL | undefined): Promise<number> {
  const [total] = await executor
    .select({ value: count() })
    .from(applications)
    .innerJoin(companies, eq(companies.id, applications.companyId))
    .leftJoin(cities, eq(cities.id, companies.cityId))
    .leftJoin(caeDivisions, eq(caeDivisions.id, companies.caeDivisionId))
    .where(where);
  return total?.value ?? 0;
}
