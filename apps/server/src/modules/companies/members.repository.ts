import type { CompanyRole } from '@excelencia/domain';
import { and, asc, count, eq, gt, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { accounts, auditLog, companies, companyInvitations, companyMembers } from '../../db/schema/index.ts';

export type TeamInvitationRow = typeof companyInvitations.$inferSelect;

/** A member of a company with what its list, its mails and the last-owner rule need. */
export interface MemberRow {
  accountId: string;
  name: string;
  email: string;
  language: 'pt' | 'en' | 'fr';
  role: CompanyRole;
  since: Date;
}

const memberColumns = {
  accountId: companyMembers.accountId,
  name: accounts.name,
  email: accounts.email,
  language: accounts.language,
  role: companyMembers.role,
  since: companyMembers.createdAt,
};

/** The company's name, or undefined when there is no such company. */
export async function companyNameOf(db: Executor, companyId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ companyName: companies.companyName })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.companyName;
}

/** The company's members, owners first, then by when they joined. */
export async function membersOfCompany(db: Executor, companyId: string): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(companyMembers)
    .innerJoin(accounts, eq(accounts.id, companyMembers.accountId))
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(
      sql`case ${companyMembers.role} when 'owner' then 0 when 'accountant' then 1 else 2 end`,
      asc(companyMembers.createdAt),
      asc(accounts.email),
    );
}

/**
 * Locks the company's memberships until the transaction ends (every one of them: the last-owner rule reads them
 * all), and answers them.
 */
export async function lockMembers(tx: Executor, companyId: string): Promise<MemberRow[]> {
  return tx
    .select(memberColumns)
    .from(companyMembers)
    .innerJoin(accounts, eq(accounts.id, companyMembers.accountId))
    .where(eq(companyMembers.companyId, companyId))
    .for('update', { of: companyMembers });
}

/** The member of the company with this e-mail address, if any. */
export async function memberByEmail(
  db: Executor,
  companyId: string,
  email: string,
): Promise<{ accountId: string } | undefined> {
  const [row] = await db
    .select({ accountId: companyMembers.accountId })
    .from(companyMembers)
    .innerJoin(accounts, eq(accounts.id, companyMembers.accountId))
    .where(and(eq(companyMembers.companyId, companyId), eq(accounts.email, email)))
    .limit(1);
  return row;
}

export async function setMemberRole(
  tx: Executor,
  companyId: string,
  accountId: string,
  role: CompanyRole,
): Promise<void> {
  await tx
    .update(companyMembers)
    .set({ role })
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.accountId, accountId)));
}

export async function deleteMember(tx: Executor, companyId: string, accountId: string): Promise<void> {
  await tx
    .delete(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.accountId, accountId)));
}

// The team's invitations (kind 'team' of the invitations table)

/** The company's team invitations nobody accepted (expired ones too: they can be sent again), oldest first. */
export async function openTeamInvitations(db: Executor, companyId: string): Promise<TeamInvitationRow[]> {
  return db
    .select()
    .from(companyInvitations)
    .where(
      and(
        eq(companyInvitations.companyId, companyId),
        eq(companyInvitations.kind, 'team'),
        isNull(companyInvitations.acceptedAt),
      ),
    )
    .orderBy(asc(companyInvitations.createdAt), asc(companyInvitations.id));
}

/**
 * Serialises, until the transaction ends, the invitations of one company (its hourly count and its one waiting
 * invitation per address).
 */
export async function lockTeamInvitations(tx: Executor, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('team_invitations'), hashtext(${companyId}))`);
}

/** How many invitations the company sent or sent again since `since` (from the audit log, which keeps each). */
export async function invitationsSentSince(
  tx: Executor,
  companyId: string,
  entity: string,
  since: Date,
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.companyId, companyId),
        eq(auditLog.entity, entity),
        inArray(auditLog.action, ['invite', 'resend']),
        gte(auditLog.at, since),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The company's team invitation of this address not accepted and not expired at `at`. */
export async function liveTeamInvitationOf(
  tx: Executor,
  companyId: string,
  email: string,
  at: Date,
): Promise<TeamInvitationRow | undefined> {
  const [row] = await tx
    .select()
    .from(companyInvitations)
    .where(
      and(
        eq(companyInvitations.companyId, companyId),
        eq(companyInvitations.kind, 'team'),
        eq(companyInvitations.email, email),
        isNull(companyInvitations.acceptedAt),
        gt(companyInvitations.expiresAt, at),
      ),
    )
    .limit(1);
  return row;
}

/** Removes the company's expired, unaccepted team invitations of this address (a new one replaces them). */
export async function deleteExpiredTeamInvitationsOf(
  tx: Executor,
  companyId: string,
  email: string,
  at: Date,
): Promise<void> {
  await tx
    .delete(companyInvitations)
    .where(
      and(
        eq(companyInvitations.companyId, companyId),
        eq(companyInvitations.kind, 'team'),
        eq(companyInvitations.email, email),
        isNull(companyInvitations.acceptedAt),
        lte(companyInvitations.expiresAt, at),
      ),
    );
}

export async function insertTeamInvitation(
  tx: Executor,
  values: Omit<typeof companyInvitations.$inferInsert, 'kind'>,
): Promise<TeamInvitationRow> {
  const [row] = await tx
    .insert(companyInvitations)
    .values({ ...values, kind: 'team' })
    .returning();
  if (!row) throw new Error('The invitation could not be stored');
  return row;
}

/** The company's team invitation `id`, locked until the transaction ends. */
export async function lockTeamInvitation(
  tx: Executor,
  companyId: string,
  id: string,
): Promise<TeamInvitationRow | undefined> {
  const [row] = await tx
    .select()
    .from(companyInvitations)
    .where(
      and(
        eq(companyInvitations.id, id),
        eq(companyInvitations.companyId, companyId),
        eq(companyInvitations.kind, 'team'),
      ),
    )
    .for('update');
  return row;
}

/** Gives the invitation a new link and period, counting one more mail sent at `at`. */
export async function renewTeamInvitation(
  tx: Executor,
  id: string,
  values: { tokenHash: string; expiresAt: Date; lastSentAt: Date },
): Promise<TeamInvitationRow> {
  const [row] = await tx
    .update(companyInvitations)
    .set({ ...values, sentCount: sql`${companyInvitations.sentCount} + 1` })
    .where(eq(companyInvitations.id, id))
    .returning();
  if (!row) throw new Error('The invitation vanished while it was locked');
  return row;
}

export async function deleteTeamInvitation(tx: Executor, id: string): Promise<void> {
  await tx.delete(companyInvitations).where(eq(companyInvitations.id, id));
}
