import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  accounts,
  companies,
  companyMembers,
  partnerAssistedCompanies,
  partnerFollowRequests,
} from '../../db/schema/index.ts';

export type FollowRequestRow = typeof partnerFollowRequests.$inferSelect;

/** Most requests an entity's list shows (newest first). */
const LIST_LIMIT = 200;

/**
 * The follow requests the entity sent since `since`. Takes the entity's lock until the transaction ends first, so
 * two requests of one entity count one after the other.
 */
export async function countRequestsSince(tx: Executor, entityId: string, since: Date): Promise<number> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('partner_follow_requests'), hashtext(${entityId}))`,
  );
  const [row] = await tx
    .select({ n: count() })
    .from(partnerFollowRequests)
    .where(
      and(eq(partnerFollowRequests.partnerEntityId, entityId), gte(partnerFollowRequests.createdAt, since)),
    );
  return Number(row?.n ?? 0);
}

export async function isAssisted(tx: Executor, entityId: string, companyId: string): Promise<boolean> {
  const [row] = await tx
    .select({ companyId: partnerAssistedCompanies.companyId })
    .from(partnerAssistedCompanies)
    .where(
      and(
        eq(partnerAssistedCompanies.partnerEntityId, entityId),
        eq(partnerAssistedCompanies.companyId, companyId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function pendingRequestOf(
  tx: Executor,
  entityId: string,
  companyId: string,
): Promise<FollowRequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(partnerFollowRequests)
    .where(
      and(
        eq(partnerFollowRequests.partnerEntityId, entityId),
        eq(partnerFollowRequests.companyId, companyId),
        eq(partnerFollowRequests.status, 'pending'),
      ),
    )
    .limit(1);
  return row;
}

export async function insertRequest(
  tx: Executor,
  values: { partnerEntityId: string; companyId: string; requestedBy: string | null },
): Promise<FollowRequestRow> {
  const [row] = await tx.insert(partnerFollowRequests).values(values).returning();
  if (!row) throw new Error('The follow request could not be stored');
  return row;
}

/** One request of the company, locked until the transaction ends. */
export async function lockRequest(
  tx: Executor,
  companyId: string,
  id: string,
): Promise<FollowRequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(partnerFollowRequests)
    .where(and(eq(partnerFollowRequests.id, id), eq(partnerFollowRequests.companyId, companyId)))
    .for('update');
  return row;
}

export async function decideRequest(
  tx: Executor,
  id: string,
  values: { status: 'accepted' | 'refused'; decidedBy: string | null; decidedAt: Date },
): Promise<FollowRequestRow> {
  const [row] = await tx
    .update(partnerFollowRequests)
    .set(values)
    .where(eq(partnerFollowRequests.id, id))
    .returning();
  if (!row) throw new Error('The follow request could not be updated');
  return row;
}

/** The entity's requests with their company and who asked, newest first. */
export function requestsOfEntity(db: Executor, entityId: string) {
  return db
    .select({
      request: partnerFollowRequests,
      companyName: companies.companyName,
      nif: companies.nif,
      requestedBy: accounts.name,
    })
    .from(partnerFollowRequests)
    .innerJoin(companies, eq(companies.id, partnerFollowRequests.companyId))
    .leftJoin(accounts, eq(accounts.id, partnerFollowRequests.requestedBy))
    .where(eq(partnerFollowRequests.partnerEntityId, entityId))
    .orderBy(desc(partnerFollowRequests.createdAt), desc(partnerFollowRequests.id))
    .limit(LIST_LIMIT);
}

/** The company's active members, whom a request is mailed to, each in their language. */
export function activeMembersOf(db: Executor, companyId: string) {
  return db
    .select({ email: accounts.email, name: accounts.name, language: accounts.language })
    .from(companyMembers)
    .innerJoin(accounts, eq(accounts.id, companyMembers.accountId))
    .where(and(eq(companyMembers.companyId, companyId), eq(accounts.isActive, true)));
}

export async function accountName(db: Executor, accountId: string | null): Promise<string | null> {
  if (!accountId) return null;
  const [row] = await db
    .select({ name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row?.name ?? null;
}

/** The entity assists the company from now on; false when it did already. */
export async function assist(
  tx: Executor,
  values: { partnerEntityId: string; companyId: string; createdBy: string | null },
): Promise<boolean> {
  const rows = await tx.insert(partnerAssistedCompanies).values(values).onConflictDoNothing().returning();
  return rows.length > 0;
}

export async function companyNames(
  db: Executor,
  companyId: string,
): Promise<{ companyName: string; nif: string } | undefined> {
  const [row] = await db
    .select({ companyName: companies.companyName, nif: companies.nif })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row;
}
