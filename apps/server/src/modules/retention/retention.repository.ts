import {
  and,
  eq,
  exists,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  accounts,
  applicationFiles,
  applications,
  auditLog,
  balanceSheets,
  companies,
  companyInvitations,
  companyMembers,
  diagnoses,
  editions,
  mailOutbox,
  newsletterSubscribers,
  partnerAccessLog,
  partners,
  pendingRegistrations,
  registrationMailWindows,
  sessions,
} from '../../db/schema/index.ts';

/**
 * The deletes of the retention sweep, one per kind of personal data; each takes the cutoff the domain rule gives
 * (packages/domain/src/retention.ts) and returns how many rows it removed or erased. Running one twice changes
 * nothing the second time.
 */

/** The e-mail an erased account is left with: unique, not deliverable (RFC 2606 .invalid), and recognisable. */
export const ERASED_EMAIL_DOMAIN = 'erased.invalid';
export const erasedEmail = (accountId: string) => `erased-${accountId}@${ERASED_EMAIL_DOMAIN}`;
const isErased = sql`${accounts.email} like ${`%@${ERASED_EMAIL_DOMAIN}`}`;

export async function deleteExpiredSessions(db: Executor, now: Date): Promise<number> {
  const rows = await db.delete(sessions).where(lte(sessions.expiresAt, now)).returning({ id: sessions.id });
  return rows.length;
}

/** Registration requests whose link expired before `cutoff`; `unconfirmed` tells which still own a provider account. */
export async function registrationsPast(db: Executor, cutoff: Date) {
  return db
    .select({
      id: pendingRegistrations.id,
      idpUserId: pendingRegistrations.idpUserId,
      unconfirmed: sql<boolean>`${pendingRegistrations.usedAt} is null`.mapWith(Boolean),
      /** A portal account signs in with this provider account (then it is never deleted). */
      inUse:
        sql<boolean>`exists (select 1 from ${accounts} where ${accounts.subject} = ${pendingRegistrations.idpUserId})`.mapWith(
          Boolean,
        ),
    })
    .from(pendingRegistrations)
    .where(lt(pendingRegistrations.expiresAt, cutoff));
}

export async function deleteRegistrations(db: Executor, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .delete(pendingRegistrations)
    .where(inArray(pendingRegistrations.id, [...ids]))
    .returning({ id: pendingRegistrations.id });
  return rows.length;
}

/** The per-address counts of registration mails whose window started before `cutoff` (they hold an e-mail). */
export async function deleteMailWindows(db: Executor, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(registrationMailWindows)
    .where(lt(registrationMailWindows.requestWindowStartedAt, cutoff))
    .returning({ email: registrationMailWindows.email });
  return rows.length;
}

export async function deleteUnacceptedInvitations(db: Executor, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(companyInvitations)
    .where(and(isNull(companyInvitations.acceptedAt), lt(companyInvitations.expiresAt, cutoff)))
    .returning({ id: companyInvitations.id });
  return rows.length;
}

/** Deactivated accounts not changed since `cutoff` and not erased yet. */
export async function deactivatedAccountsPast(db: Executor, cutoff: Date) {
  return db
    .select({ id: accounts.id, subject: accounts.subject })
    .from(accounts)
    .where(and(eq(accounts.isActive, false), lt(accounts.updatedAt, cutoff), not(isErased)));
}

/** Erases an account's personal fields; it stays (anonymous) so the records that name it keep their link. */
export async function eraseAccount(db: Executor, accountId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({
      name: '',
      email: erasedEmail(accountId),
      subject: null,
      profilePictureFileId: null,
      version: sql`${accounts.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(accounts.id, accountId), eq(accounts.isActive, false), not(isErased)))
    .returning({ id: accounts.id });
  await db.delete(sessions).where(eq(sessions.accountId, accountId));
  // A partner user's search text holds the e-mail.
  await db.update(partners).set({ searchText: '' }).where(eq(partners.accountId, accountId));
  return rows.length > 0;
}

/**
 * Companies that had accounts and whose every account has been erased, with personal fields left: their
 * people's names and contacts are erased and they leave the directory (name, NIF and records stay). Their
 * invitations (a person's name and e-mail) go too.
 */
export async function eraseOrphanedCompanies(db: Executor, now: Date): Promise<number> {
  const member = (condition?: SQL) =>
    db
      .select({ one: sql`1` })
      .from(companyMembers)
      .innerJoin(accounts, eq(accounts.id, companyMembers.accountId))
      .where(
        condition
          ? and(eq(companyMembers.companyId, companies.id), condition)
          : eq(companyMembers.companyId, companies.id),
      );
  const rows = await db
    .update(companies)
    .set({
      email: '',
      phone: null,
      responsibleName: null,
      ownerName: null,
      managerName: null,
      contactPhone: null,
      contactEmail: null,
      isListed: false,
      version: sql`${companies.version} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        exists(member()),
        not(exists(member(not(isErased)))),
        or(
          ne(companies.email, ''),
          isNotNull(companies.phone),
          isNotNull(companies.responsibleName),
          isNotNull(companies.ownerName),
          isNotNull(companies.managerName),
          isNotNull(companies.contactPhone),
          isNotNull(companies.contactEmail),
          eq(companies.isListed, true),
        ),
      ),
    )
    .returning({ id: companies.id });
  if (rows.length > 0) {
    await db.delete(companyInvitations).where(
      inArray(
        companyInvitations.companyId,
        rows.map((row) => row.id),
      ),
    );
  }
  return rows.length;
}

/**
 * Diagnoses deleted before `cutoff`, then sheets deleted before it that no diagnosis left uses. The sheets of a
 * closed company stay: emptied at its closure, they only carry the indicator values the anonymised statistics
 * keep (docs/adr/0028-company-teams.md).
 */
export async function purgeDeletedSheets(
  db: Executor,
  cutoff: Date,
): Promise<{ balanceSheets: number; diagnoses: number }> {
  const gone = await db
    .delete(diagnoses)
    .where(and(isNotNull(diagnoses.deletedAt), lt(diagnoses.deletedAt, cutoff)))
    .returning({ id: diagnoses.id });
  const used = db
    .select({ one: sql`1` })
    .from(diagnoses)
    .where(
      or(
        eq(diagnoses.balanceSheetId, balanceSheets.id),
        eq(diagnoses.previousBalanceSheetId, balanceSheets.id),
      ),
    );
  const closedCompany = db
    .select({ one: sql`1` })
    .from(companies)
    .where(and(eq(companies.id, balanceSheets.companyId), isNotNull(companies.closedAt)));
  const sheets = await db
    .delete(balanceSheets)
    .where(
      and(
        isNotNull(balanceSheets.deletedAt),
        lt(balanceSheets.deletedAt, cutoff),
        not(exists(used)),
        not(exists(closedCompany)),
      ),
    )
    .returning({ id: balanceSheets.id });
  return { balanceSheets: sheets.length, diagnoses: gone.length };
}

/** The documents of applications to editions whose results date is before `cutoff`. */
export async function deleteApplicationDocuments(db: Executor, cutoff: Date): Promise<number> {
  const past = db
    .select({ id: applications.id })
    .from(applications)
    .innerJoin(editions, eq(editions.id, applications.editionId))
    .where(lt(editions.resultsAt, cutoff));
  const rows = await db
    .delete(applicationFiles)
    .where(inArray(applicationFiles.applicationId, past))
    .returning({ id: applicationFiles.id });
  return rows.length;
}

/** Unconfirmed subscriptions whose last request (its window's start) is before `cutoff`. */
export async function deletePendingSubscribers(db: Executor, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.status, 'pending'),
        lt(newsletterSubscribers.requestWindowStartedAt, cutoff),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  return rows.length;
}

export async function deleteUnsubscribedSubscribers(db: Executor, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(newsletterSubscribers)
    .where(
      and(eq(newsletterSubscribers.status, 'unsubscribed'), lt(newsletterSubscribers.unsubscribedAt, cutoff)),
    )
    .returning({ id: newsletterSubscribers.id });
  return rows.length;
}

/** Mail sent before `cutoff`, and mail given up on (failed) written before it; mail still to send stays. */
export async function deleteOldMail(db: Executor, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(mailOutbox)
    .where(
      or(
        and(
          eq(mailOutbox.state, 'sent'),
          sql`coalesce(${mailOutbox.sentAt}, ${mailOutbox.createdAt}) < ${cutoff.toISOString()}::timestamptz`,
        ),
        and(eq(mailOutbox.state, 'failed'), lt(mailOutbox.createdAt, cutoff)),
      ),
    )
    .returning({ id: mailOutbox.id });
  return rows.length;
}

export async function deleteOldAudit(db: Executor, cutoff: Date): Promise<number> {
  const rows = await db.delete(auditLog).where(lt(auditLog.at, cutoff)).returning({ id: auditLog.id });
  return rows.length;
}

export async function deleteOldPartnerAccess(db: Executor, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(partnerAccessLog)
    .where(lt(partnerAccessLog.at, cutoff))
    .returning({ id: partnerAccessLog.id });
  return rows.length;
}
