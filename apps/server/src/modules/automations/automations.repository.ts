import { and, asc, countDistinct, eq, gt, inArray, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  accounts,
  applicationFiles,
  applications,
  automationSends,
  companies,
  companyMembers,
  editionAutomations,
  editions,
  reminderOptOuts,
  seals,
} from '../../db/schema/index.ts';

export type EditionRow = typeof editions.$inferSelect;
export type AutomationRow = typeof editionAutomations.$inferSelect;

/** One person a reminder goes to: a member of the company it concerns. */
export interface Recipient {
  companyId: string;
  companyName: string;
  accountId: string;
  email: string;
  name: string;
  language: 'pt' | 'en' | 'fr';
}

export async function editionById(db: Executor, id: string): Promise<EditionRow | undefined> {
  const [row] = await db.select().from(editions).where(eq(editions.id, id));
  return row;
}

export async function allEditions(db: Executor): Promise<EditionRow[]> {
  return db.select().from(editions).orderBy(asc(editions.number));
}

/** The edition numbered after `number` (the next one, once announced). */
export async function editionAfter(db: Executor, number: number): Promise<EditionRow | undefined> {
  const [row] = await db
    .select()
    .from(editions)
    .where(gt(editions.number, number))
    .orderBy(asc(editions.number))
    .limit(1);
  return row;
}

export async function automationRowsOf(db: Executor, editionId: string): Promise<AutomationRow[]> {
  return db.select().from(editionAutomations).where(eq(editionAutomations.editionId, editionId));
}

/** The automation row of a kind, created switched on when missing, locked for this transaction. */
export async function lockAutomation(tx: Executor, editionId: string, kind: string): Promise<AutomationRow> {
  await tx.insert(editionAutomations).values({ editionId, kind }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(editionAutomations)
    .where(and(eq(editionAutomations.editionId, editionId), eq(editionAutomations.kind, kind)))
    .for('update');
  if (!row) throw new Error('The automation row vanished');
  return row;
}

export async function setAutomationEnabled(
  tx: Executor,
  editionId: string,
  kind: string,
  enabled: boolean,
  now: Date,
): Promise<void> {
  await tx
    .update(editionAutomations)
    .set({ enabled, updatedAt: now })
    .where(and(eq(editionAutomations.editionId, editionId), eq(editionAutomations.kind, kind)));
}

export async function setAutomationOutcome(
  tx: Executor,
  editionId: string,
  kind: string,
  outcome: 'sent' | 'skipped',
  outcomeFor: Date,
  now: Date,
): Promise<void> {
  await tx
    .update(editionAutomations)
    .set({ outcome, outcomeFor, outcomeAt: now, updatedAt: now })
    .where(and(eq(editionAutomations.editionId, editionId), eq(editionAutomations.kind, kind)));
}

/** The switches of one edition given to another (next year's copy); the copy's outcomes start empty. */
export async function copyAutomationSwitches(tx: Executor, fromId: string, toId: string): Promise<number> {
  const rows = await tx
    .select({ kind: editionAutomations.kind, enabled: editionAutomations.enabled })
    .from(editionAutomations)
    .where(eq(editionAutomations.editionId, fromId));
  if (rows.length === 0) return 0;
  await tx
    .insert(editionAutomations)
    .values(rows.map((row) => ({ editionId: toId, kind: row.kind, enabled: row.enabled })))
    .onConflictDoUpdate({
      target: [editionAutomations.editionId, editionAutomations.kind],
      set: { enabled: sql`excluded.enabled` },
    });
  return rows.length;
}

/**
 * Per kind, how many companies a reminder of the edition was sent to. A kind sent once per document records its
 * sends as `kind:fileId` (documentExpiry): they count under the kind.
 */
export async function sentCompaniesByKind(db: Executor, editionId: string): Promise<Map<string, number>> {
  const kind = sql<string>`split_part(${automationSends.kind}, ':', 1)`;
  const rows = await db
    .select({ kind, companies: countDistinct(automationSends.companyId) })
    .from(automationSends)
    .where(eq(automationSends.editionId, editionId))
    .groupBy(kind);
  return new Map(rows.map((row) => [row.kind, Number(row.companies)]));
}

/** Records one send; false when that person was already sent this reminder (another worker, an earlier run). */
export async function insertSend(
  tx: Executor,
  send: { editionId: string; kind: string; companyId: string; accountId: string; sentAt: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(automationSends)
    .values(send)
    .onConflictDoNothing()
    .returning({ id: automationSends.id });
  return rows.length > 0;
}

// Audiences: the members of the companies concerned, active, not opted out of reminders.

const recipientColumns = {
  companyId: companies.id,
  companyName: companies.companyName,
  accountId: accounts.id,
  email: accounts.email,
  name: accounts.name,
  language: accounts.language,
};

/** An active account that has not opted out of reminders. */
const reachable = () =>
  and(
    eq(accounts.isActive, true),
    sql`not exists (select 1 from ${reminderOptOuts} where ${reminderOptOuts.accountId} = ${accounts.id})`,
  );

/** Registered companies (with a member) without an application in the edition. */
export async function registrationAudience(db: Executor, editionId: string): Promise<Recipient[]> {
  return db
    .select(recipientColumns)
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .innerJoin(accounts, eq(accounts.id, companyMembers.accountId))
    .where(
      and(
        reachable(),
        notExists(
          db
            .select({ one: sql`1` })
            .from(applications)
            .where(and(eq(applications.companyId, companies.id), eq(applications.editionId, editionId))),
        ),
      ),
    )
    .orderBy(asc(companies.id), asc(accounts.id));
}

/** The companies whose application to the edition is still a draft (never submitted, or sent back). */
export async function draftAudience(
  db: Executor,
  editionId: string,
): Promise<Array<Recipient & { applicationId: string }>> {
  return db
    .select({ ...recipientColumns, applicationId: applications.id })
    .from(applications)
    .innerJoin(companies, eq(companies.id, applications.companyId))
    .innerJoin(companyMembers, eq(companyMembers.companyId, companies.id))
    .innerJoin(accounts, eq(accounts.id, companyMembers.accountId))
    .where(and(reachable(), eq(applications.editionId, editionId), eq(applications.status, 'draft')))
    .orderBy(asc(companies.id), asc(accounts.id));
}

/** The holders of the edition's seals still active and valid at `now`. */
export async function sealAudience(
  db: Executor,
  editionId: string,
  now: Date,
): Promise<Array<Recipient & { validUntil: Date }>> {
  return db
    .select({ ...recipientColumns, validUntil: seals.validUntil })
    .from(seals)
    .innerJoin(companies, eq(companies.id, seals.companyId))
    .innerJoin(companyMembers, eq(companyMembers.companyId, companies.id))
    .innerJoin(accounts, eq(accounts.id, companyMembers.accountId))
    .where(
      and(reachable(), eq(seals.editionId, editionId), eq(seals.state, 'active'), gt(seals.validUntil, now)),
    )
    .orderBy(asc(companies.id), asc(accounts.id));
}

/** The applications of the edition by status group: submitted (awaiting or decided) and decided. */
export async function applicantCounts(
  db: Executor,
  editionId: string,
): Promise<{ applicants: number; decided: number }> {
  const [row] = await db
    .select({
      applicants: sql<number>`count(*) filter (where ${applications.status} in ('pending', 'evaluated', 'unqualified'))::int`,
      decided: sql<number>`count(*) filter (where ${applications.status} in ('evaluated', 'unqualified'))::int`,
    })
    .from(applications)
    .where(eq(applications.editionId, editionId));
  return { applicants: row?.applicants ?? 0, decided: row?.decided ?? 0 };
}

/**
 * The live documents with an issue date, of the given types, of the edition's applications still in play (a draft,
 * or submitted and not decided), with the members of their companies to write to.
 */
export async function datedDocumentsAudience(
  db: Executor,
  editionId: string,
  fileTypes: readonly number[],
): Promise<Array<Recipient & { applicationId: string; fileId: string; fileType: number; issuedAt: string }>> {
  if (fileTypes.length === 0) return [];
  const rows = await db
    .select({
      ...recipientColumns,
      applicationId: applications.id,
      fileId: applicationFiles.id,
      fileType: applicationFiles.fileType,
      issuedAt: applicationFiles.issuedAt,
    })
    .from(applicationFiles)
    .innerJoin(applications, eq(applications.id, applicationFiles.applicationId))
    .innerJoin(companies, eq(companies.id, applications.companyId))
    .innerJoin(companyMembers, eq(companyMembers.companyId, companies.id))
    .innerJoin(accounts, eq(accounts.id, companyMembers.accountId))
    .where(
      and(
        reachable(),
        eq(applications.editionId, editionId),
        inArray(applications.status, ['draft', 'pending']),
        isNull(applicationFiles.removedAt),
        isNotNull(applicationFiles.issuedAt),
        inArray(applicationFiles.fileType, [...fileTypes]),
      ),
    )
    .orderBy(asc(companies.id), asc(applicationFiles.fileType), asc(accounts.id));
  return rows.map((row) => ({ ...row, issuedAt: row.issuedAt as string }));
}

/** The document types an application holds now. */
export async function liveFileTypes(db: Executor, applicationId: string): Promise<number[]> {
  const rows = await db
    .select({ fileType: applicationFiles.fileType })
    .from(applicationFiles)
    .where(and(eq(applicationFiles.applicationId, applicationId), isNull(applicationFiles.removedAt)));
  return rows.map((row) => row.fileType);
}

// Reminder opt-outs

export async function accountForReminders(
  db: Executor,
  accountId: string,
): Promise<{ id: string; email: string; language: 'pt' | 'en' | 'fr' } | undefined> {
  const [row] = await db
    .select({ id: accounts.id, email: accounts.email, language: accounts.language })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row;
}

export async function isOptedOut(db: Executor, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ accountId: reminderOptOuts.accountId })
    .from(reminderOptOuts)
    .where(eq(reminderOptOuts.accountId, accountId));
  return row !== undefined;
}

/** Opts the account out; false when it already was. */
export async function insertOptOut(tx: Executor, accountId: string, at: Date): Promise<boolean> {
  const rows = await tx
    .insert(reminderOptOuts)
    .values({ accountId, optedOutAt: at })
    .onConflictDoNothing()
    .returning({ accountId: reminderOptOuts.accountId });
  return rows.length > 0;
}

/** Opts the account back in; false when it was not opted out. */
export async function deleteOptOut(tx: Executor, accountId: string): Promise<boolean> {
  const rows = await tx
    .delete(reminderOptOuts)
    .where(eq(reminderOptOuts.accountId, accountId))
    .returning({ accountId: reminderOptOuts.accountId });
  return rows.length > 0;
}
