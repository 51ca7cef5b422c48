import { and, asc, count, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  accounts,
  applicationFiles,
  applications,
  auditLog,
  balanceSheetLines,
  balanceSheets,
  balanceSheetValues,
  companies,
  companyExports,
  companyInvitations,
  companyMembers,
  companyNameChanges,
  diagnoses,
  editions,
  esgResponses,
  partnerAccessLog,
  partnerAssistedCompanies,
  partnerConsents,
  partnerEntities,
  partnerFollowRequests,
  seals,
} from '../../db/schema/index.ts';

export type ExportRow = typeof companyExports.$inferSelect;

/** The company's name and NIF, or undefined when there is no such company. */
export async function companyNameAndNif(db: Executor, companyId: string) {
  const [row] = await db
    .select({ companyName: companies.companyName, nif: companies.nif })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row;
}

/** The account's name, e-mail and language. */
export async function accountContact(db: Executor, accountId: string) {
  const [row] = await db
    .select({ name: accounts.name, email: accounts.email, language: accounts.language })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row;
}

/** A new export, queued; undefined never (the unique index on a company's active export throws instead). */
export async function insertExport(
  db: Executor,
  values: { companyId: string; requestedBy: string; language: ExportRow['language']; createdAt: Date },
): Promise<ExportRow> {
  const [row] = await db.insert(companyExports).values(values).returning();
  if (!row) throw new Error('inserting the export returned nothing');
  return row;
}

/** The company's export that waits or runs, if any. */
export async function activeExport(db: Executor, companyId: string): Promise<ExportRow | undefined> {
  const [row] = await db
    .select()
    .from(companyExports)
    .where(and(eq(companyExports.companyId, companyId), inArray(companyExports.state, ['queued', 'running'])))
    .limit(1);
  return row;
}

/** How many exports the company asked for since `since`. */
export async function exportsSince(db: Executor, companyId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(companyExports)
    .where(and(eq(companyExports.companyId, companyId), gte(companyExports.createdAt, since)));
  return row?.n ?? 0;
}

/** The company's exports, newest first, with the name of who asked. */
export async function exportsOfCompany(db: Executor, companyId: string) {
  return db
    .select({ row: companyExports, requestedByName: accounts.name })
    .from(companyExports)
    .leftJoin(accounts, eq(accounts.id, companyExports.requestedBy))
    .where(eq(companyExports.companyId, companyId))
    .orderBy(desc(companyExports.createdAt), desc(companyExports.id));
}

export async function exportById(db: Executor, id: string): Promise<ExportRow | undefined> {
  const [row] = await db.select().from(companyExports).where(eq(companyExports.id, id));
  return row;
}

export async function exportByTokenHash(db: Executor, tokenHash: string): Promise<ExportRow | undefined> {
  const [row] = await db.select().from(companyExports).where(eq(companyExports.tokenHash, tokenHash));
  return row;
}

export async function updateExport(
  db: Executor,
  id: string,
  values: Partial<Omit<ExportRow, 'id' | 'companyId'>>,
): Promise<ExportRow | undefined> {
  const [row] = await db.update(companyExports).set(values).where(eq(companyExports.id, id)).returning();
  return row;
}

/** Ready exports whose link ended by `now` become 'expired' and let go of their zip (the file sweep removes it). */
export async function expireExports(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .update(companyExports)
    .set({ state: 'expired', fileId: null })
    .where(and(eq(companyExports.state, 'ready'), lte(companyExports.expiresAt, now)))
    .returning({ id: companyExports.id });
  return rows.length;
}

// ---- what the portal keeps of a company, for its export ----------------------------------------------------------

export async function companyRow(db: Executor, companyId: string) {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  return row;
}

/** The members (account id, name, e-mail, role, since, profile picture file), oldest first. */
export async function membersOf(db: Executor, companyId: string) {
  return db
    .select({
      accountId: companyMembers.accountId,
      name: accounts.name,
      email: accounts.email,
      role: companyMembers.role,
      since: companyMembers.createdAt,
      profilePictureFileId: accounts.profilePictureFileId,
    })
    .from(companyMembers)
    .innerJoin(accounts, eq(accounts.id, companyMembers.accountId))
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(asc(companyMembers.createdAt), asc(companyMembers.accountId));
}

/** The company's invitations, without their link tokens. */
export async function invitationsOf(db: Executor, companyId: string) {
  const rows = await db
    .select()
    .from(companyInvitations)
    .where(eq(companyInvitations.companyId, companyId))
    .orderBy(asc(companyInvitations.createdAt));
  return rows.map(({ tokenHash: _token, ...row }) => row);
}

/** Every balance sheet of the company (deleted ones too, with deletedAt), oldest first. */
export async function sheetsOf(db: Executor, companyId: string) {
  return db
    .select()
    .from(balanceSheets)
    .where(eq(balanceSheets.companyId, companyId))
    .orderBy(asc(balanceSheets.startDate), asc(balanceSheets.createdAt));
}

export async function sheetLines(db: Executor, sheetId: string) {
  return db
    .select()
    .from(balanceSheetLines)
    .where(eq(balanceSheetLines.balanceSheetId, sheetId))
    .orderBy(asc(balanceSheetLines.rowNumber));
}

export async function sheetValues(db: Executor, sheetId: string) {
  return db
    .select()
    .from(balanceSheetValues)
    .where(eq(balanceSheetValues.balanceSheetId, sheetId))
    .orderBy(asc(balanceSheetValues.nodeCode));
}

export async function diagnosesOf(db: Executor, companyId: string) {
  return db
    .select()
    .from(diagnoses)
    .where(eq(diagnoses.companyId, companyId))
    .orderBy(asc(diagnoses.createdAt));
}

/** The company's applications with their edition's number, oldest first. */
export async function applicationsOf(db: Executor, companyId: string) {
  return db
    .select({ application: applications, editionNumber: editions.number })
    .from(applications)
    .innerJoin(editions, eq(editions.id, applications.editionId))
    .where(eq(applications.companyId, companyId))
    .orderBy(asc(editions.number));
}

export async function applicationFilesOf(db: Executor, applicationId: string) {
  return db
    .select()
    .from(applicationFiles)
    .where(eq(applicationFiles.applicationId, applicationId))
    .orderBy(asc(applicationFiles.fileType), asc(applicationFiles.createdAt));
}

export async function sealsOf(db: Executor, companyId: string) {
  return db.select().from(seals).where(eq(seals.companyId, companyId)).orderBy(asc(seals.issuedAt));
}

export async function esgResponsesOf(db: Executor, companyId: string) {
  return db.select().from(esgResponses).where(eq(esgResponses.companyId, companyId));
}

export async function nameChangesOf(db: Executor, companyId: string) {
  return db
    .select()
    .from(companyNameChanges)
    .where(eq(companyNameChanges.companyId, companyId))
    .orderBy(asc(companyNameChanges.requestedAt));
}

/** The consents the company gave, the entities assisting it and their follow requests, each with the entity. */
export async function partnerRelationsOf(db: Executor, companyId: string) {
  const entity = { code: partnerEntities.code, name: partnerEntities.name };
  const [consents, assisted, followRequests] = await Promise.all([
    db
      .select({ consent: partnerConsents, entity })
      .from(partnerConsents)
      .innerJoin(partnerEntities, eq(partnerEntities.id, partnerConsents.partnerEntityId))
      .where(eq(partnerConsents.companyId, companyId)),
    db
      .select({ assisted: partnerAssistedCompanies, entity })
      .from(partnerAssistedCompanies)
      .innerJoin(partnerEntities, eq(partnerEntities.id, partnerAssistedCompanies.partnerEntityId))
      .where(eq(partnerAssistedCompanies.companyId, companyId)),
    db
      .select({ request: partnerFollowRequests, entity })
      .from(partnerFollowRequests)
      .innerJoin(partnerEntities, eq(partnerEntities.id, partnerFollowRequests.partnerEntityId))
      .where(eq(partnerFollowRequests.companyId, companyId)),
  ]);
  return {
    consents: consents.map((r) => ({ ...r.consent, entity: r.entity })),
    assisted: assisted.map((r) => ({ ...r.assisted, entity: r.entity })),
    followRequests: followRequests.map((r) => ({ ...r.request, entity: r.entity })),
  };
}

/** Every partner read of the company, oldest first, with the entity's name. */
export async function partnerReadsOf(db: Executor, companyId: string) {
  return db
    .select({ read: partnerAccessLog, entityName: partnerEntities.name })
    .from(partnerAccessLog)
    .innerJoin(partnerEntities, eq(partnerEntities.id, partnerAccessLog.partnerEntityId))
    .where(eq(partnerAccessLog.companyId, companyId))
    .orderBy(asc(partnerAccessLog.at));
}

/** Every audit row that names the company, oldest first, with its actor's name. */
export async function auditRowsOf(db: Executor, companyId: string) {
  return db
    .select({ row: auditLog, actorName: accounts.name })
    .from(auditLog)
    .leftJoin(accounts, eq(accounts.id, auditLog.actorAccountId))
    .where(eq(auditLog.companyId, companyId))
    .orderBy(asc(auditLog.id));
}
