import type { CLOSURE_STATES } from '@excelencia/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  accounts,
  applicationAppeals,
  applicationFiles,
  applicationMessages,
  applications,
  balanceSheetLines,
  balanceSheets,
  balanceSheetValues,
  companies,
  companyClosureRequests,
  companyExports,
  companyInvitations,
  companyMembers,
  companyNameChanges,
  diagnoses,
  esgResponses,
  files,
  newsletterSubscribers,
  partnerAccessLog,
  partnerAssistedCompanies,
  partnerConsents,
  partnerFollowRequests,
  sessions,
} from '../../db/schema/index.ts';

export type ClosureRow = typeof companyClosureRequests.$inferSelect;
type NewClosure = typeof companyClosureRequests.$inferInsert;

const requester = alias(accounts, 'requester');
const decider = alias(accounts, 'decider');

/** Requests with the company's name and NIF and the names of who asked and who decided. */
function requestsWith(executor: Executor) {
  return executor
    .select({
      request: companyClosureRequests,
      companyName: companies.companyName,
      nif: companies.nif,
      requestedByName: requester.name,
      decidedByName: decider.name,
    })
    .from(companyClosureRequests)
    .innerJoin(companies, eq(companies.id, companyClosureRequests.companyId))
    .leftJoin(requester, eq(requester.id, companyClosureRequests.requestedBy))
    .leftJoin(decider, eq(decider.id, companyClosureRequests.decidedBy));
}

export type ClosureWithNames = Awaited<ReturnType<ReturnType<typeof requestsWith>['where']>>[number];

export async function findRequest(executor: Executor, id: string): Promise<ClosureWithNames | undefined> {
  const [row] = await requestsWith(executor).where(eq(companyClosureRequests.id, id)).limit(1);
  return row;
}

/** The company's latest request, whatever its state. */
export async function latestRequestOf(
  executor: Executor,
  companyId: string,
): Promise<ClosureWithNames | undefined> {
  const [row] = await requestsWith(executor)
    .where(eq(companyClosureRequests.companyId, companyId))
    .orderBy(desc(companyClosureRequests.requestedAt), desc(companyClosureRequests.id))
    .limit(1);
  return row;
}

/** The requests of one state (pending ones oldest first: the queue), or all of them newest first. */
export function requestsByStatus(
  executor: Executor,
  status: (typeof CLOSURE_STATES)[number] | undefined,
  limit: number,
): Promise<ClosureWithNames[]> {
  const order =
    status === 'pending'
      ? [asc(companyClosureRequests.requestedAt), asc(companyClosureRequests.id)]
      : [desc(companyClosureRequests.requestedAt), desc(companyClosureRequests.id)];
  return requestsWith(executor)
    .where(status ? eq(companyClosureRequests.status, status) : undefined)
    .orderBy(...order)
    .limit(limit);
}

/** The company's pending request, locked until the transaction ends. */
export async function lockPendingRequestOf(
  executor: Executor,
  companyId: string,
): Promise<ClosureRow | undefined> {
  const [row] = await executor
    .select()
    .from(companyClosureRequests)
    .where(and(eq(companyClosureRequests.companyId, companyId), eq(companyClosureRequests.status, 'pending')))
    .limit(1)
    .for('update');
  return row;
}

export async function lockRequest(executor: Executor, id: string): Promise<ClosureRow | undefined> {
  const [row] = await executor
    .select()
    .from(companyClosureRequests)
    .where(eq(companyClosureRequests.id, id))
    .limit(1)
    .for('update');
  return row;
}

/** Inserts a request; undefined when the company has a pending one already (the partial unique index). */
export async function insertPendingRequest(
  executor: Executor,
  values: NewClosure,
): Promise<ClosureRow | undefined> {
  const [row] = await executor
    .insert(companyClosureRequests)
    .values(values)
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Decides a pending request (approve, refuse, withdraw); undefined when it was not pending any more. */
export async function decidePendingRequest(
  executor: Executor,
  id: string,
  values: Pick<NewClosure, 'status' | 'decidedBy' | 'decidedAt' | 'decisionReason'>,
): Promise<ClosureRow | undefined> {
  const [row] = await executor
    .update(companyClosureRequests)
    .set(values)
    .where(and(eq(companyClosureRequests.id, id), eq(companyClosureRequests.status, 'pending')))
    .returning();
  return row;
}

/** The company's row, locked until the transaction ends (the closure and the writes to the company serialise). */
export async function lockCompany(executor: Executor, companyId: string) {
  const [row] = await executor
    .select()
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1)
    .for('update');
  return row;
}

export type Recipient = { accountId: string; email: string; name: string; language: 'pt' | 'en' | 'fr' };

/** The company's active owners, to be mailed. */
export function ownersOf(executor: Executor, companyId: string): Promise<Recipient[]> {
  return executor
    .select({
      accountId: accounts.id,
      email: accounts.email,
      name: accounts.name,
      language: accounts.language,
    })
    .from(companyMembers)
    .innerJoin(accounts, eq(accounts.id, companyMembers.accountId))
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        eq(companyMembers.role, 'owner'),
        eq(accounts.isActive, true),
      ),
    )
    .orderBy(asc(accounts.email));
}

/** The active administrators, to be mailed. */
export function activeAdmins(executor: Executor): Promise<Recipient[]> {
  return executor
    .select({
      accountId: accounts.id,
      email: accounts.email,
      name: accounts.name,
      language: accounts.language,
    })
    .from(accounts)
    .where(and(eq(accounts.isActive, true), sql`${accounts.roles} @> '["admin"]'::jsonb`))
    .orderBy(asc(accounts.email));
}

// The erasure, inside the approval's transaction

/**
 * Removes the company's members; answers their accounts, each with whether it still acts for another company or
 * holds a role other than the company's (then it stays as it is).
 */
export async function removeMembers(executor: Executor, companyId: string) {
  const removed = await executor
    .delete(companyMembers)
    .where(eq(companyMembers.companyId, companyId))
    .returning({ accountId: companyMembers.accountId, role: companyMembers.role });
  if (removed.length === 0) return [];
  const ids = removed.map((row) => row.accountId);
  const rows = await executor
    .select({
      account: accounts,
      otherCompany:
        sql<boolean>`exists (select 1 from ${companyMembers} m where m.account_id = ${accounts.id})`.mapWith(
          Boolean,
        ),
    })
    .from(accounts)
    .where(inArray(accounts.id, ids));
  return rows.map(({ account, otherCompany }) => ({
    account,
    role: removed.find((row) => row.accountId === account.id)?.role ?? 'owner',
    keeps: otherCompany || account.roles.some((role) => role === 'admin' || role === 'partner'),
  }));
}

/** Disables an account and erases its personal fields (it stays, anonymous, so the records naming it keep their link). */
export async function anonymiseAccount(
  executor: Executor,
  accountId: string,
  erased: { email: string; roles: string[]; now: Date },
): Promise<void> {
  await executor
    .update(accounts)
    .set({
      name: '',
      email: erased.email,
      subject: null,
      profilePictureFileId: null,
      isActive: false,
      roles: erased.roles,
      version: sql`${accounts.version} + 1`,
      updatedAt: erased.now,
    })
    .where(eq(accounts.id, accountId));
  await executor.delete(sessions).where(eq(sessions.accountId, accountId));
}

/** The company row keeps its name, NIF and classification (the statistics group by them); the rest goes. */
export async function closeCompanyRow(executor: Executor, companyId: string, now: Date): Promise<void> {
  await executor
    .update(companies)
    .set({
      email: '',
      phone: null,
      contactPhone: null,
      contactEmail: null,
      website: null,
      responsibleName: null,
      ownerName: null,
      managerName: null,
      isListed: false,
      closedAt: now,
      version: sql`${companies.version} + 1`,
      updatedAt: now,
    })
    .where(eq(companies.id, companyId));
}

export async function deleteInvitationsOf(executor: Executor, companyId: string): Promise<number> {
  const rows = await executor
    .delete(companyInvitations)
    .where(eq(companyInvitations.companyId, companyId))
    .returning({ id: companyInvitations.id });
  return rows.length;
}

/**
 * Empties the company's balance sheets: their lines, node values and files go, and each sheet row is left deleted
 * with its period only, as the anchor of the indicator values the anonymised statistics read (their foreign key
 * cascades from the sheet). Answers how many sheets and the ids of their file rows.
 */
export async function emptySheetsOf(
  executor: Executor,
  companyId: string,
  now: Date,
): Promise<{ sheets: number; fileIds: string[] }> {
  const sheets = await executor
    .select({ id: balanceSheets.id, fileId: balanceSheets.fileId })
    .from(balanceSheets)
    .where(eq(balanceSheets.companyId, companyId));
  if (sheets.length === 0) return { sheets: 0, fileIds: [] };
  const ids = sheets.map((sheet) => sheet.id);
  await executor.delete(balanceSheetLines).where(inArray(balanceSheetLines.balanceSheetId, ids));
  await executor.delete(balanceSheetValues).where(inArray(balanceSheetValues.balanceSheetId, ids));
  await executor
    .update(balanceSheets)
    .set({
      fileId: null,
      fileName: null,
      createdBy: null,
      deletedAt: sql`coalesce(${balanceSheets.deletedAt}, ${now})`,
      updatedAt: now,
      version: sql`${balanceSheets.version} + 1`,
    })
    .where(eq(balanceSheets.companyId, companyId));
  return {
    sheets: sheets.length,
    fileIds: sheets.flatMap((sheet) => (sheet.fileId ? [sheet.fileId] : [])),
  };
}

export async function deleteDiagnosesOf(executor: Executor, companyId: string): Promise<number> {
  const rows = await executor
    .delete(diagnoses)
    .where(eq(diagnoses.companyId, companyId))
    .returning({ id: diagnoses.id });
  return rows.length;
}

export async function deleteEsgResponsesOf(executor: Executor, companyId: string): Promise<number> {
  const rows = await executor
    .delete(esgResponses)
    .where(eq(esgResponses.companyId, companyId))
    .returning({ id: esgResponses.id });
  return rows.length;
}

/** Removes the documents of the company's applications (the applications and their decisions stay). */
export async function deleteApplicationDocumentsOf(
  executor: Executor,
  companyId: string,
): Promise<{ documents: number; fileIds: string[] }> {
  const ofCompany = executor
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.companyId, companyId));
  const rows = await executor
    .delete(applicationFiles)
    .where(inArray(applicationFiles.applicationId, ofCompany))
    .returning({ fileId: applicationFiles.fileId });
  return { documents: rows.length, fileIds: rows.map((row) => row.fileId) };
}

/** Removes the messages of the company's applications with the evaluators (their audit rows name no text). */
export async function deleteApplicationMessagesOf(executor: Executor, companyId: string): Promise<number> {
  const ofCompany = executor
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.companyId, companyId));
  const rows = await executor
    .delete(applicationMessages)
    .where(inArray(applicationMessages.applicationId, ofCompany))
    .returning({ id: applicationMessages.id });
  return rows.length;
}

/** Blanks the reasons of the company's appeals (its own words); the appeals and their decisions stay. */
export async function blankAppealReasonsOf(
  executor: Executor,
  companyId: string,
  now: Date,
): Promise<number> {
  const ofCompany = executor
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.companyId, companyId));
  const rows = await executor
    .update(applicationAppeals)
    .set({ reason: '', updatedAt: now })
    .where(inArray(applicationAppeals.applicationId, ofCompany))
    .returning({ id: applicationAppeals.id });
  return rows.length;
}

/** Cancels the company's name change waiting for an admin (the names of a closed company no longer change). */
export async function cancelPendingNameChangesOf(
  executor: Executor,
  companyId: string,
  by: { accountId: string | null; now: Date },
): Promise<number> {
  const rows = await executor
    .update(companyNameChanges)
    .set({
      status: 'cancelled',
      decidedBy: by.accountId,
      decidedAt: by.now,
      updatedAt: by.now,
      version: sql`${companyNameChanges.version} + 1`,
    })
    .where(and(eq(companyNameChanges.companyId, companyId), eq(companyNameChanges.status, 'pending')))
    .returning({ id: companyNameChanges.id });
  return rows.length;
}

/** The company's data exports: their rows go, and the ids of their zips' file rows are answered. */
export async function deleteExportsOf(
  executor: Executor,
  companyId: string,
): Promise<{ exports: number; fileIds: string[] }> {
  const rows = await executor
    .delete(companyExports)
    .where(eq(companyExports.companyId, companyId))
    .returning({ fileId: companyExports.fileId });
  return { exports: rows.length, fileIds: rows.flatMap((row) => (row.fileId ? [row.fileId] : [])) };
}

/** The company's consents, partners' follow requests, assistance links and the log of their reads. */
export async function deletePartnerTiesOf(executor: Executor, companyId: string) {
  const consents = await executor
    .delete(partnerConsents)
    .where(eq(partnerConsents.companyId, companyId))
    .returning({ id: partnerConsents.partnerEntityId });
  const followRequests = await executor
    .delete(partnerFollowRequests)
    .where(eq(partnerFollowRequests.companyId, companyId))
    .returning({ id: partnerFollowRequests.id });
  const assisted = await executor
    .delete(partnerAssistedCompanies)
    .where(eq(partnerAssistedCompanies.companyId, companyId))
    .returning({ id: partnerAssistedCompanies.partnerEntityId });
  const reads = await executor
    .delete(partnerAccessLog)
    .where(eq(partnerAccessLog.companyId, companyId))
    .returning({ id: partnerAccessLog.id });
  return {
    consents: consents.length,
    followRequests: followRequests.length,
    assisted: assisted.length,
    partnerReads: reads.length,
  };
}

/** The newsletter subscriptions of these addresses (the company's own), with their deliveries. */
export async function deleteSubscriptionsOf(executor: Executor, emails: readonly string[]): Promise<number> {
  const addresses = [...new Set(emails.map((email) => email.trim().toLowerCase()).filter(Boolean))];
  if (addresses.length === 0) return 0;
  const rows = await executor
    .delete(newsletterSubscribers)
    .where(inArray(sql`lower(${newsletterSubscribers.email})`, addresses))
    .returning({ id: newsletterSubscribers.id });
  return rows.length;
}

/** Deletes file rows; answers the contents (sha256) whose blobs may go once the transaction has committed. */
export async function deleteFileRows(executor: Executor, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await executor
    .delete(files)
    .where(inArray(files.id, unique))
    .returning({ sha256: files.sha256 });
  return rows.map((row) => row.sha256);
}

/** Whether the company is closed (its account erased); undefined when there is no such company. */
export async function closedAtOf(executor: Executor, companyId: string): Promise<Date | null | undefined> {
  const [row] = await executor
    .select({ closedAt: companies.closedAt })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row ? row.closedAt : undefined;
}
