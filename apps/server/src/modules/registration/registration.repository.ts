import type { CompanyRole, InvitationState } from '@excelencia/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  accounts,
  caeDivisions,
  caeSections,
  cities,
  companies,
  companyInvitations,
  companyMembers,
  companyTypes,
  islands,
  partnerAssistedCompanies,
  partnerEntities,
  pendingRegistrations,
  registrationMailWindows,
} from '../../db/schema/index.ts';
import { searchCondition } from '../../platform/listing.ts';
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
    const all = invitations.filter((i) => i.companyId === company.id);
    // A team's invitations say nothing of the claim: only the pre-registration's (kind 'owner') do.
    const own = all.filter((i) => i.kind === 'owner');
    const confirmed =
      withMembers.has(company.id) || own.length === 0 || own.some((i) => i.acceptedAt !== null);
    const live = confirmed ? [] : own.filter((i) => i.expiresAt > at);
    out.set(company.nif, { company, confirmed, live, invitations: all });
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

/**
 * A pre-registration's invitation (kind 'owner') of this address nobody accepted and that has not expired at `at`,
 * other than `exceptId`. A team's invitations do not count: one address may be invited by several companies.
 */
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
        eq(companyInvitations.kind, 'owner'),
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

// Registrations

/** Registrations still waiting for their link to be followed: not used, not expired at `at`. */
export function openRegistrationWhere(at: Date): SQL {
  return and(isNull(pendingRegistrations.usedAt), gt(pendingRegistrations.expiresAt, at)) as SQL;
}

/**
 * Removes the unconfirmed registrations of this e-mail or NIF whose link expired at `at`; answers their provider
 * accounts' ids.
 */
export async function deleteExpiredRegistrationsOf(
  db: Executor,
  email: string,
  nif: string,
  at: Date,
): Promise<{ idpUserId: string }[]> {
  return db
    .delete(pendingRegistrations)
    .where(
      and(
        isNull(pendingRegistrations.usedAt),
        lte(pendingRegistrations.expiresAt, at),
        or(eq(pendingRegistrations.email, email), eq(pendingRegistrations.nif, nif)),
      ),
    )
    .returning({ idpUserId: pendingRegistrations.idpUserId });
}

export async function insertPendingRegistration(
  tx: Executor,
  values: typeof pendingRegistrations.$inferInsert,
): Promise<PendingRow> {
  const [row] = await tx.insert(pendingRegistrations).values(values).returning();
  if (!row) throw new Error('The pending registration could not be stored');
  return row;
}

/** The registration of a link's token hash, locked until the transaction ends. */
export async function lockRegistrationByTokenHash(
  tx: Executor,
  tokenHash: string,
): Promise<PendingRow | undefined> {
  const [row] = await tx
    .select()
    .from(pendingRegistrations)
    .where(eq(pendingRegistrations.tokenHash, tokenHash))
    .for('update');
  return row;
}

/** Makes the registration's link expire at `at`. */
export async function expireRegistration(tx: Executor, id: string, at: Date): Promise<void> {
  await tx.update(pendingRegistrations).set({ expiresAt: at }).where(eq(pendingRegistrations.id, id));
}

/** Marks the registration used at `at` unless it was already; false when it was. */
export async function markRegistrationUsed(tx: Executor, id: string, at: Date): Promise<boolean> {
  const [used] = await tx
    .update(pendingRegistrations)
    .set({ usedAt: at })
    .where(and(eq(pendingRegistrations.id, id), isNull(pendingRegistrations.usedAt)))
    .returning({ id: pendingRegistrations.id });
  return used !== undefined;
}

// Accounts, companies and members

/** Whether an account has this e-mail address or this provider subject. */
export async function accountWithEmailOrSubject(
  tx: Executor,
  email: string,
  subject: string,
): Promise<boolean> {
  const [existing] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(or(eq(accounts.email, email), eq(accounts.subject, subject)))
    .limit(1);
  return existing !== undefined;
}

/** The account of an e-mail address, whole. */
export async function accountRowOfEmail(db: Executor, email: string) {
  const [account] = await db.select().from(accounts).where(eq(accounts.email, email)).limit(1);
  return account;
}

/** The account of an e-mail address, locked until the transaction ends. */
export async function lockAccountOfEmail(tx: Executor, email: string) {
  const [current] = await tx.select().from(accounts).where(eq(accounts.email, email)).for('update');
  return current;
}

export async function insertAccount(tx: Executor, values: typeof accounts.$inferInsert) {
  const [account] = await tx.insert(accounts).values(values).returning();
  if (!account) throw new Error('The account could not be stored');
  return account;
}

/** Stores an account; answers its id. */
export async function insertAccountReturningId(
  tx: Executor,
  values: typeof accounts.$inferInsert,
): Promise<string> {
  const [inserted] = await tx.insert(accounts).values(values).returning({ id: accounts.id });
  if (!inserted) throw new Error('The account could not be stored');
  return inserted.id;
}

/** Links an account to a provider subject with these roles, moving its version on. */
export async function linkAccount(
  tx: Executor,
  id: string,
  values: { subject: string; roles: string[]; updatedAt: Date },
): Promise<void> {
  await tx
    .update(accounts)
    .set({ ...values, version: sql`${accounts.version} + 1` })
    .where(eq(accounts.id, id));
}

export async function insertCompany(
  tx: Executor,
  values: typeof companies.$inferInsert,
): Promise<CompanyRow> {
  const [company] = await tx.insert(companies).values(values).returning();
  if (!company) throw new Error('The company could not be stored');
  return company;
}

export async function insertMember(tx: Executor, companyId: string, accountId: string): Promise<void> {
  await tx.insert(companyMembers).values({ companyId, accountId });
}

/**
 * Makes the account a member of the company in `role`, unless it is one already (it keeps its role then); answers
 * the role it holds.
 */
export async function insertMemberUnlessKnown(
  tx: Executor,
  companyId: string,
  accountId: string,
  role: CompanyRole = 'owner',
): Promise<CompanyRole> {
  await tx.insert(companyMembers).values({ companyId, accountId, role }).onConflictDoNothing();
  const [member] = await tx
    .select({ role: companyMembers.role })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.accountId, accountId)));
  return member?.role ?? role;
}

/** Sets an account's stored roles, moving its version on. */
export async function setAccountRoles(tx: Executor, id: string, roles: string[], at: Date): Promise<void> {
  await tx
    .update(accounts)
    .set({ roles, updatedAt: at, version: sql`${accounts.version} + 1` })
    .where(eq(accounts.id, id));
}

// Invitations

/** The invitations in a state at `at`, as SQL: the same rule as the invitations service's stateOf, for lists and counts. */
export function invitationStateWhere(state: InvitationState, at: Date): SQL {
  if (state === 'accepted') return isNotNull(companyInvitations.acceptedAt);
  const expiry =
    state === 'pending'
      ? sql`${companyInvitations.expiresAt} > ${at}`
      : sql`${companyInvitations.expiresAt} <= ${at}`;
  return and(isNull(companyInvitations.acceptedAt), expiry) as SQL;
}

/** An invitation with its company's name and NIF. */
export interface InvitationWithCompany {
  invitation: InvitationRow;
  companyName: string;
  nif: string;
}

const invitationWithCompany = {
  invitation: companyInvitations,
  companyName: companies.companyName,
  nif: companies.nif,
};

export async function invitationById(tx: Executor, id: string): Promise<InvitationWithCompany | undefined> {
  const [row] = await tx
    .select(invitationWithCompany)
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .where(eq(companyInvitations.id, id));
  return row;
}

/** The invitation of a link's token hash, with `lock` locked (its invitation row) until the transaction ends. */
export async function invitationByTokenHash(
  tx: Executor,
  tokenHash: string,
  lock: boolean,
): Promise<InvitationWithCompany | undefined> {
  const query = tx
    .select(invitationWithCompany)
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .where(eq(companyInvitations.tokenHash, tokenHash));
  const [row] = lock ? await query.for('update', { of: companyInvitations }) : await query;
  return row;
}

/**
 * The invitations an admin's list asks for: the pre-registrations' (a team's are its owners'), by the company's
 * name or NIF or the address, and the state at `at`.
 */
export function invitationsListWhere(
  query: { search?: string; state?: InvitationState },
  at: Date,
): SQL | undefined {
  const conditions: SQL[] = [eq(companyInvitations.kind, 'owner')];
  const byName = searchCondition(companies.searchText, query.search);
  const byNif = searchCondition(companies.nif, query.search);
  const byEmail = searchCondition(companyInvitations.email, query.search);
  const bySearch = or(byName, byNif, byEmail);
  if (bySearch) conditions.push(bySearch);
  if (query.state) conditions.push(invitationStateWhere(query.state, at));
  return and(...conditions);
}

/** One page of the matching invitations, newest first. */
export async function invitationsPage(
  db: Executor,
  where: SQL | undefined,
  window: { limit: number; offset: number },
): Promise<InvitationWithCompany[]> {
  return db
    .select(invitationWithCompany)
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .where(where)
    .orderBy(desc(companyInvitations.createdAt), desc(companyInvitations.id))
    .limit(window.limit)
    .offset(window.offset);
}

/** How many invitations match. */
export async function countInvitations(db: Executor, where: SQL | undefined): Promise<number> {
  const [total] = await db
    .select({ n: count() })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .where(where);
  return total?.n ?? 0;
}

export async function insertInvitation(
  tx: Executor,
  values: typeof companyInvitations.$inferInsert,
): Promise<InvitationRow> {
  const [invitation] = await tx.insert(companyInvitations).values(values).returning();
  if (!invitation) throw new Error('The invitation could not be stored');
  return invitation;
}

/** Locks the invitation until the transaction ends; false when there is none. */
export async function lockInvitation(tx: Executor, id: string): Promise<boolean> {
  const [locked] = await tx
    .select({ id: companyInvitations.id })
    .from(companyInvitations)
    .where(eq(companyInvitations.id, id))
    .for('update');
  return locked !== undefined;
}

/** Gives the invitation a new link and period, counting one more mail sent at `at`. */
export async function renewInvitationLink(
  tx: Executor,
  id: string,
  values: { tokenHash: string; expiresAt: Date; lastSentAt: Date },
): Promise<InvitationRow | undefined> {
  const [invitation] = await tx
    .update(companyInvitations)
    .set({ ...values, sentCount: sql`${companyInvitations.sentCount} + 1` })
    .where(eq(companyInvitations.id, id))
    .returning();
  return invitation;
}

export async function markInvitationAccepted(tx: Executor, id: string, at: Date): Promise<void> {
  await tx.update(companyInvitations).set({ acceptedAt: at }).where(eq(companyInvitations.id, id));
}

// The registration form's choices and checks (reference-checks.ts)

type ChoiceTable =
  | typeof caeSections
  | typeof islands
  | typeof caeDivisions
  | typeof cities
  | typeof companyTypes;
const choiceColumns = <T extends ChoiceTable>(table: T) => ({
  id: table.id,
  code: table.code,
  description: table.description,
});

/** The active CAE sections by code. */
export async function activeCaeSections(db: Executor) {
  return db
    .select(choiceColumns(caeSections))
    .from(caeSections)
    .where(eq(caeSections.isActive, true))
    .orderBy(asc(caeSections.code));
}

/** The active CAE divisions (of the section, when given) by code. */
export async function activeCaeDivisions(db: Executor, sectionId: string | undefined) {
  return db
    .select(choiceColumns(caeDivisions))
    .from(caeDivisions)
    .where(
      and(eq(caeDivisions.isActive, true), sectionId ? eq(caeDivisions.sectionId, sectionId) : undefined),
    )
    .orderBy(asc(caeDivisions.code));
}

export async function activeIslands(db: Executor) {
  return db.select(choiceColumns(islands)).from(islands).where(eq(islands.isActive, true));
}

/** The active cities (of the island, when given). */
export async function activeCities(db: Executor, islandId: string | undefined) {
  return db
    .select(choiceColumns(cities))
    .from(cities)
    .where(and(eq(cities.isActive, true), islandId ? eq(cities.islandId, islandId) : undefined));
}

export async function activeCompanyTypes(db: Executor) {
  return db.select(choiceColumns(companyTypes)).from(companyTypes).where(eq(companyTypes.isActive, true));
}

/** Whether the CAE section exists and is active. */
export async function activeCaeSectionExists(db: Executor, id: string): Promise<boolean> {
  const [section] = await db
    .select({ id: caeSections.id })
    .from(caeSections)
    .where(and(eq(caeSections.id, id), eq(caeSections.isActive, true)));
  return section !== undefined;
}

/** The section of an active CAE division; undefined when there is no such active division. */
export async function activeCaeDivision(db: Executor, id: string) {
  const [division] = await db
    .select({ sectionId: caeDivisions.sectionId })
    .from(caeDivisions)
    .where(and(eq(caeDivisions.id, id), eq(caeDivisions.isActive, true)));
  return division;
}

/** Whether the island exists and is active. */
export async function activeIslandExists(db: Executor, id: string): Promise<boolean> {
  const [island] = await db
    .select({ id: islands.id })
    .from(islands)
    .where(and(eq(islands.id, id), eq(islands.isActive, true)));
  return island !== undefined;
}

/** The island of an active city; undefined when there is no such active city. */
export async function activeCity(db: Executor, id: string) {
  const [city] = await db
    .select({ islandId: cities.islandId })
    .from(cities)
    .where(and(eq(cities.id, id), eq(cities.isActive, true)));
  return city;
}
