import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  accounts,
  companies,
  companyInvitations,
  companyMembers,
  partnerAssistedCompanies,
  partnerEntities,
  pendingRegistrations,
  registrationMailWindows,
} from '../../db/schema/index.ts';
import { countRequest, type WindowLimit } from '../../platform/request-window.ts';

export type PendingRow = typeof pendingRegistrations.$inferSelect;
export type InvitationRow = typeof companyInvitations.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

/** Most open registrations one conflicts list reads. */
const MAX_OPEN_REGISTRATIONS = 2000;

/**
 * The company holding a NIF and what its claim is worth. It is confirmed when an account acts for it, when one of
 * its invitations was accepted, or when it was never pre-registered (no invitation: the seed's companies, or one
 * whose invitations the retention sweep removed). Otherwise it is a pre-registration nobody accepted: it claims
 * the NIF while one of its invitations has not expired (`live`), and holds nothing once all have.
 */
export interface NifHolder {
  company: CompanyRow;
  confirmed: boolean;
  /** Its invitations not accepted and not expired at the time asked, newest first. */
  live: InvitationRow[];
  /** Every invitation of it (to tell its invitees when it is cancelled). */
  invitations: InvitationRow[];
}

export async function nifHolders(
  db: Executor,
  nifs: readonly string[],
  at: Date,
  options: { lock?: boolean } = {},
): Promise<Map<string, NifHolder>> {
  const out = new Map<string, NifHolder>();
  if (nifs.length === 0) return out;
  const query = db
    .select()
    .from(companies)
    .where(inArray(companies.nif, [...nifs]));
  const rows = options.lock ? await query.for('update') : await query;
  if (rows.length === 0) return out;
  const ids = rows.map((row) => row.id);
  const members = await db
    .selectDistinct({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(inArray(companyMembers.companyId, ids));
  const invitations = await db
    .select()
    .from(companyInvitations)
    .where(inArray(companyInvitations.companyId, ids))
    .orderBy(sql`${companyInvitations.createdAt} desc`);
  const withMembers = new Set(members.map((m) => m.companyId));
  for (const company of rows) {
    const own = invitations.filter((i) => i.companyId === company.id);
    const confirmed =
      withMembers.has(company.id) || own.length === 0 || own.some((i) => i.acceptedAt !== null);
    const live = confirmed ? [] : own.filter((i) => i.expiresAt > at);
    out.set(company.nif, { company, confirmed, live, invitations: own });
  }
  return out;
}

export async function nifHolder(
  db: Executor,
  nif: string,
  at: Date,
  options: { lock?: boolean } = {},
): Promise<NifHolder | undefined> {
  return (await nifHolders(db, [nif], at, options)).get(nif);
}

/** Registrations waiting for their link to be followed at `at` (not used, not expired), oldest first. */
export async function openRegistrations(
  db: Executor,
  at: Date,
  options: { nif?: string; lock?: boolean } = {},
): Promise<PendingRow[]> {
  const query = db
    .select()
    .from(pendingRegistrations)
    .where(
      and(
        isNull(pendingRegistrations.usedAt),
        gt(pendingRegistrations.expiresAt, at),
        options.nif ? eq(pendingRegistrations.nif, options.nif) : undefined,
      ),
    )
    .orderBy(asc(pendingRegistrations.createdAt), asc(pendingRegistrations.id))
    .limit(MAX_OPEN_REGISTRATIONS);
  return options.lock ? query.for('update') : query;
}

/** The names of the accounts that pre-registered, by id. */
export async function accountNames(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(inArray(accounts.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** An invitation of this address nobody accepted and that has not expired at `at`, other than `exceptId`. */
export async function liveInvitationOf(
  db: Executor,
  email: string,
  at: Date,
  exceptId?: string,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(companyInvitations)
    .where(
      and(
        eq(companyInvitations.email, email),
        isNull(companyInvitations.acceptedAt),
        gt(companyInvitations.expiresAt, at),
        exceptId ? sql`${companyInvitations.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row;
}

/**
 * Serialises, until the transaction ends, the changes that read and then write one e-mail address's invitations
 * (one pending invitation per address).
 */
export async function lockInvitationsOf(tx: Executor, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('company_invitations'), hashtext(${email}))`);
}

/** Removes a company row (a cancelled pre-registration; its invitations and assistance go with it). */
export async function deleteCompany(tx: Executor, id: string): Promise<void> {
  await tx.delete(companies).where(eq(companies.id, id));
}

export async function deletePendingRegistration(tx: Executor, id: string): Promise<void> {
  await tx.delete(pendingRegistrations).where(eq(pendingRegistrations.id, id));
}

/**
 * Counts one registration mail to `email` at `at`: true when it may go (and it is counted), false when the
 * address already received `limit.max` in its window. Locks the address's row until the transaction ends, so
 * concurrent requests count one after another.
 */
export async function takeMailAllowance(
  tx: Executor,
  email: string,
  at: Date,
  limit: WindowLimit,
): Promise<boolean> {
  await tx
    .insert(registrationMailWindows)
    .values({ email, requestCount: 0, requestWindowStartedAt: at })
    .onConflictDoNothing({ target: registrationMailWindows.email });
  const [row] = await tx
    .select()
    .from(registrationMailWindows)
    .where(eq(registrationMailWindows.email, email))
    .for('update');
  if (!row) throw new Error('The mail window vanished while counting');
  const next = countRequest(row, at, limit);
  if (!next) return false;
  await tx.update(registrationMailWindows).set(next).where(eq(registrationMailWindows.email, email));
  return true;
}

/** Removes the windows that started before `cutoff` (over: they count nothing, and hold an address). */
export async function releaseMailWindows(db: Executor, cutoff: Date): Promise<void> {
  await db.delete(registrationMailWindows).where(lt(registrationMailWindows.requestWindowStartedAt, cutoff));
}

/**
 * Who pre-registered the invitation's company: its maker's name, with the partner entity when the maker
 * registered it for one (the entity's assistance row of that company, made by the same account).
 */
export async function inviterOf(
  tx: Executor,
  invitation: Pick<InvitationRow, 'companyId' | 'createdBy'>,
): Promise<{ name: string; entity: string | null } | null> {
  if (!invitation.createdBy) return null;
  const [person] = await tx
    .select({ name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, invitation.createdBy))
    .limit(1);
  if (!person) return null;
  const [entity] = await tx
    .select({ name: partnerEntities.name })
    .from(partnerAssistedCompanies)
    .innerJoin(partnerEntities, eq(partnerEntities.id, partnerAssistedCompanies.partnerEntityId))
    .where(
      and(
        eq(partnerAssistedCompanies.companyId, invitation.companyId),
        eq(partnerAssistedCompanies.createdBy, invitation.createdBy),
      ),
    )
    .limit(1);
  return { name: person.name, entity: entity?.name ?? null };
}

/** The registration of an address still waiting for confirmation, locked until the transaction ends. */
export async function lockOpenRegistrationOf(tx: Executor, email: string) {
  const [row] = await tx
    .select()
    .from(pendingRegistrations)
    .where(and(eq(pendingRegistrations.email, email), isNull(pendingRegistrations.usedAt)))
    .for('update');
  return row ?? null;
}

/** Gives a waiting registration a new link (the old one stops working). */
export async function renewRegistrationLink(
  tx: Executor,
  id: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await tx.update(pendingRegistrations).set({ tokenHash, expiresAt }).where(eq(pendingRegistrations.id, id));
}

/** The account of an e-mail address, as a mail to it needs it (name and language). */
export async function accountOfEmail(db: Executor, email: string) {
  const [account] = await db
    .select({ email: accounts.email, name: accounts.name, language: accounts.language })
    .from(accounts)
    .where(eq(accounts.email, email))
    .limit(1);
  return account ?? null;
}
