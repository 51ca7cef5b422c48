import { asc, desc, eq, sql } from 'drizzle-orm';
import type { AccountRow } from '../../auth/accounts.repository.ts';
import type { Executor } from '../../db/client.ts';
import {
  accounts,
  auditLog,
  companies,
  companyInvitations,
  companyMembers,
  partnerEntities,
  partners,
} from '../../db/schema/index.ts';

/** Sets the account's name and language, one version on; the new row (undefined when it is gone). */
export async function updateAccountNameAndLanguage(
  tx: Executor,
  accountId: string,
  values: Pick<AccountRow, 'name' | 'language'>,
): Promise<AccountRow | undefined> {
  const [row] = await tx
    .update(accounts)
    .set({
      name: values.name,
      language: values.language,
      version: sql`${accounts.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(accounts.id, accountId))
    .returning();
  return row;
}

/** Points the account's profile picture at a stored file, or at none; the new row (undefined when it is gone). */
export async function setAccountProfilePicture(
  tx: Executor,
  accountId: string,
  fileId: string | null,
): Promise<AccountRow | undefined> {
  const [row] = await tx
    .update(accounts)
    .set({ profilePictureFileId: fileId, updatedAt: new Date() })
    .where(eq(accounts.id, accountId))
    .returning();
  return row;
}

// ---- what the portal keeps of a person (GET me/data-export) ---------------------------------------------------

/** The companies the account acts for, with its role and since when, oldest first. */
export async function membershipsOf(db: Executor, accountId: string) {
  return db
    .select({
      companyId: companyMembers.companyId,
      companyName: companies.companyName,
      nif: companies.nif,
      role: companyMembers.role,
      since: companyMembers.createdAt,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.accountId, accountId))
    .orderBy(asc(companyMembers.createdAt), asc(companyMembers.companyId));
}

/** The partner entity the account belongs to, if any. */
export async function partnerEntityOf(db: Executor, accountId: string) {
  const [row] = await db
    .select({ id: partnerEntities.id, code: partnerEntities.code, name: partnerEntities.name })
    .from(partners)
    .innerJoin(partnerEntities, eq(partnerEntities.id, partners.partnerEntityId))
    .where(eq(partners.accountId, accountId))
    .limit(1);
  return row ?? null;
}

/** The invitations sent to an address (lower-case), oldest first, with the company's name; no link tokens. */
export async function invitationsTo(db: Executor, email: string) {
  const rows = await db
    .select({ invitation: companyInvitations, companyName: companies.companyName })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .where(eq(companyInvitations.email, email))
    .orderBy(asc(companyInvitations.createdAt));
  return rows.map(({ invitation: { tokenHash: _token, ...invitation }, companyName }) => ({
    ...invitation,
    companyName,
  }));
}

/** The last `limit` audit rows the account made, newest first. */
export async function auditRowsBy(db: Executor, accountId: string, limit: number) {
  return db
    .select()
    .from(auditLog)
    .where(eq(auditLog.actorAccountId, accountId))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}
