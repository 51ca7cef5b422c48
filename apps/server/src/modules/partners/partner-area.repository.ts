import type { AssistedState, CompanyRole, Consent, ConsentLevel } from '@excelencia/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  max,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import { type Executor, readTogether } from '../../db/client.ts';
import {
  accounts,
  applications,
  balanceSheets,
  companies,
  companyInvitations,
  companyMembers,
  editions,
  partnerAccessLog,
  partnerAssistedCompanies,
  partnerConsents,
  partnerEntities,
  partners,
  seals,
} from '../../db/schema/index.ts';
import { heldEarlierSeal } from '../applications/index.ts';

export interface EntityRef {
  id: string;
  code: string;
  name: string;
}

/** The active partner entity of a partner account, or undefined (no link, or the entity is closed). */
export async function entityOfAccount(db: Executor, accountId: string): Promise<EntityRef | undefined> {
  const [row] = await db
    .select({ id: partnerEntities.id, code: partnerEntities.code, name: partnerEntities.name })
    .from(partners)
    .innerJoin(partnerEntities, eq(partnerEntities.id, partners.partnerEntityId))
    .where(and(eq(partners.accountId, accountId), eq(partnerEntities.isActive, true)))
    .limit(1);
  return row;
}

/** An active partner entity by id (the entity a partner API token acts for). */
export async function activeEntity(db: Executor, id: string): Promise<EntityRef | undefined> {
  const [row] = await db
    .select({ id: partnerEntities.id, code: partnerEntities.code, name: partnerEntities.name })
    .from(partnerEntities)
    .where(and(eq(partnerEntities.id, id), eq(partnerEntities.isActive, true)))
    .limit(1);
  return row;
}

const NO_CONSENT: Consent = { status: false, diagnosis: false };

/** Whether the entity assists the company and what the company lets it see. */
export async function accessOf(
  db: Executor,
  entityId: string,
  companyId: string,
): Promise<{ isAssisted: boolean; consent: Consent }> {
  const [assisted, consent] = await readTogether(db, [
    () =>
      db
        .select({ companyId: partnerAssistedCompanies.companyId })
        .from(partnerAssistedCompanies)
        .where(
          and(
            eq(partnerAssistedCompanies.partnerEntityId, entityId),
            eq(partnerAssistedCompanies.companyId, companyId),
          ),
        )
        .limit(1),
    () =>
      db
        .select({ status: partnerConsents.seesStatus, diagnosis: partnerConsents.seesDiagnosis })
        .from(partnerConsents)
        .where(and(eq(partnerConsents.partnerEntityId, entityId), eq(partnerConsents.companyId, companyId)))
        .limit(1),
  ]);
  return { isAssisted: assisted.length > 0, consent: consent[0] ?? NO_CONSENT };
}

export interface CompanyProgress {
  companyId: string;
  registered: boolean;
  invitationExpired: boolean;
  hasSheets: boolean;
  /** The furthest application status over every edition: draft < pending (submitted) < published result. */
  application: 'draft' | 'submitted' | 'result' | null;
}

/** What each company has done so far, read in four grouped queries whatever the number of companies. */
export async function progressOf(
  db: Executor,
  companyIds: readonly string[],
  now: Date,
): Promise<Map<string, CompanyProgress>> {
  const out = new Map<string, CompanyProgress>();
  if (companyIds.length === 0) return out;
  const ids = [...companyIds];
  const [members, invitations, sheets, apps] = await readTogether(db, [
    () =>
      db
        .selectDistinct({ companyId: companyMembers.companyId })
        .from(companyMembers)
        .where(inArray(companyMembers.companyId, ids)),
    () =>
      db
        .select({
          companyId: companyInvitations.companyId,
          accepted: sql<boolean>`bool_or(${companyInvitations.acceptedAt} is not null)`,
          lastExpiry: max(companyInvitations.expiresAt),
        })
        .from(companyInvitations)
        .where(inArray(companyInvitations.companyId, ids))
        .groupBy(companyInvitations.companyId),
    () =>
      db
        .selectDistinct({ companyId: balanceSheets.companyId })
        .from(balanceSheets)
        .where(and(inArray(balanceSheets.companyId, ids), isNull(balanceSheets.deletedAt))),
    () =>
      db
        .select({
          companyId: applications.companyId,
          status: applications.status,
          submittedAt: applications.submittedAt,
          published: isNotNull(editions.resultsPublishedAt),
        })
        .from(applications)
        .innerJoin(editions, eq(editions.id, applications.editionId))
        .where(inArray(applications.companyId, ids)),
  ]);
  const memberSet = new Set(members.map((m) => m.companyId));
  const sheetSet = new Set(sheets.map((s) => s.companyId));
  const invitationBy = new Map(invitations.map((i) => [i.companyId, i]));
  const rank = { draft: 1, submitted: 2, result: 3 } as const;
  const appBy = new Map<string, CompanyProgress['application']>();
  for (const a of apps) {
    const decided = a.status === 'evaluated' || a.status === 'unqualified';
    const stage =
      decided && a.published
        ? 'result'
        : (a.status !== 'draft' && a.status !== 'closed') || a.submittedAt
          ? 'submitted'
          : 'draft';
    const known = appBy.get(a.companyId);
    if (!known || rank[stage] > rank[known]) appBy.set(a.companyId, stage);
  }
  for (const companyId of ids) {
    const invitation = invitationBy.get(companyId);
    const registered = memberSet.has(companyId) || invitation?.accepted === true;
    out.set(companyId, {
      companyId,
      registered,
      invitationExpired: !registered && invitation?.lastExpiry != null && invitation.lastExpiry <= now,
      hasSheets: sheetSet.has(companyId),
      application: appBy.get(companyId) ?? null,
    });
  }
  return out;
}

/**
 * The state a partner is shown. The invitation's outcome is the partner's own knowledge; how far the company
 * went beyond registering is shown only with the state consent.
 */
export function stateOf(progress: CompanyProgress, seesStatus: boolean): AssistedState {
  const base: AssistedState = progress.registered ? 'registered' : 'invited';
  if (!seesStatus) return base;
  if (progress.application) return progress.application;
  if (progress.hasSheets) return 'sheets';
  return base;
}

/** The entity's assisted companies with the consent each gave it, oldest assistance first. */
export async function assistedRows(db: Executor, entityId: string) {
  return db
    .select({
      companyId: companies.id,
      companyName: companies.companyName,
      nif: companies.nif,
      assistedSince: partnerAssistedCompanies.createdAt,
      status: partnerConsents.seesStatus,
      diagnosis: partnerConsents.seesDiagnosis,
    })
    .from(partnerAssistedCompanies)
    .innerJoin(companies, eq(companies.id, partnerAssistedCompanies.companyId))
    .leftJoin(
      partnerConsents,
      and(
        eq(partnerConsents.companyId, partnerAssistedCompanies.companyId),
        eq(partnerConsents.partnerEntityId, partnerAssistedCompanies.partnerEntityId),
      ),
    )
    .where(eq(partnerAssistedCompanies.partnerEntityId, entityId))
    .orderBy(partnerAssistedCompanies.createdAt, companies.companyName);
}

/**
 * The companies the entity pre-registered since `since` (its assistance rows of that time). Takes the entity's
 * lock until the transaction ends first, so two pre-registrations of one entity count one after the other.
 */
export async function countPreRegistrationsSince(
  tx: Executor,
  entityId: string,
  since: Date,
): Promise<number> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('partner_pre_registrations'), hashtext(${entityId}))`,
  );
  const [row] = await tx
    .select({ n: count() })
    .from(partnerAssistedCompanies)
    .where(
      and(
        eq(partnerAssistedCompanies.partnerEntityId, entityId),
        gte(partnerAssistedCompanies.createdAt, since),
      ),
    );
  return Number(row?.n ?? 0);
}

export async function logAccess(
  db: Executor,
  entry: {
    companyId: string;
    partnerEntityId: string;
    accountId: string;
    readerName: string;
    levels: readonly ConsentLevel[];
    via: 'session' | 'bearer';
  },
): Promise<void> {
  if (entry.levels.length === 0) return;
  await db.insert(partnerAccessLog).values(
    entry.levels.map((level) => ({
      companyId: entry.companyId,
      partnerEntityId: entry.partnerEntityId,
      accountId: entry.accountId,
      readerName: entry.readerName,
      level,
      via: entry.via,
    })),
  );
}

/** The latest application of a company, newest edition first, and whether it is a renewal. */
export async function latestApplication(db: Executor, companyId: string) {
  const [row] = await db
    .select({
      editionNumber: editions.number,
      editionYear: editions.year,
      indicatorYear: editions.indicatorYear,
      status: applications.status,
      submittedAt: applications.submittedAt,
      published: isNotNull(editions.resultsPublishedAt),
      isRenewal: heldEarlierSeal(applications.companyId, applications.editionId),
    })
    .from(applications)
    .innerJoin(editions, eq(editions.id, applications.editionId))
    .where(eq(applications.companyId, companyId))
    .orderBy(desc(editions.number))
    .limit(1);
  return row;
}

/** Links the company to the entity that assists it from now on. */
export async function insertAssistedCompany(
  db: Executor,
  values: { partnerEntityId: string; companyId: string; createdBy: string | null },
): Promise<void> {
  await db.insert(partnerAssistedCompanies).values(values);
}

/** The company's id, name and NIF; undefined when there is no such company. */
export async function companySummary(
  db: Executor,
  companyId: string,
): Promise<{ id: string; companyName: string; nif: string } | undefined> {
  const [company] = await db
    .select({ id: companies.id, companyName: companies.companyName, nif: companies.nif })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return company;
}

/** The company's team as a partner sees it: names and roles (no e-mails), owners first, then by when they joined. */
export async function teamOf(
  db: Executor,
  companyId: string,
): Promise<{ name: string; role: CompanyRole }[]> {
  return db
    .select({ name: accounts.name, role: companyMembers.role })
    .from(companyMembers)
    .innerJoin(accounts, eq(accounts.id, companyMembers.accountId))
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(
      sql`case ${companyMembers.role} when 'owner' then 0 when 'accountant' then 1 else 2 end`,
      asc(companyMembers.createdAt),
      asc(accounts.name),
    );
}

/** Every edition by its number. */
export async function editionsInOrder(db: Executor) {
  return db.select().from(editions).orderBy(asc(editions.number));
}

/** An application that was submitted: a draft closed unsubmitted at publication was never an applicant. */
const submitted = or(
  notInArray(applications.status, ['draft', 'closed']),
  isNotNull(applications.submittedAt),
);

/** Every submitted application's edition and company. */
export async function submittedApplications(
  db: Executor,
): Promise<{ editionId: string; companyId: string }[]> {
  return db
    .select({ editionId: applications.editionId, companyId: applications.companyId })
    .from(applications)
    .where(submitted);
}

/** The submitted applications of these companies (edition and company); none asked for, none read. */
export async function submittedApplicationsOf(
  db: Executor,
  companyIds: readonly string[],
): Promise<{ editionId: string; companyId: string }[]> {
  if (companyIds.length === 0) return [];
  return db
    .select({ editionId: applications.editionId, companyId: applications.companyId })
    .from(applications)
    .where(and(inArray(applications.companyId, [...companyIds]), submitted));
}

/** Every seal's edition and company. */
export async function sealsEditionAndCompany(
  db: Executor,
): Promise<{ editionId: string; companyId: string }[]> {
  return db.select({ editionId: seals.editionId, companyId: seals.companyId }).from(seals);
}
