import { and, asc, count, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  accounts,
  partnerAccessLog,
  partnerAssistedCompanies,
  partnerConsents,
  partnerEntities,
  partnerFollowRequests,
} from '../../db/schema/index.ts';

/**
 * The partner entities that concern the company, with its consent to each, whether the entity assists it and its
 * pending follow request (who asked, when): those that assist it or ask first, then by name. A closed entity stays
 * listed while it holds a consent, so the company can still revoke it.
 */
export async function consentRowsOfCompany(db: Executor, companyId: string) {
  const holdsConsent = sql`coalesce(${partnerConsents.seesStatus} or ${partnerConsents.seesDiagnosis}, false)`;
  return db
    .select({
      partnerEntityId: partnerEntities.id,
      code: partnerEntities.code,
      name: partnerEntities.name,
      assists: sql<boolean>`${partnerAssistedCompanies.companyId} is not null`,
      status: partnerConsents.seesStatus,
      diagnosis: partnerConsents.seesDiagnosis,
      updatedAt: partnerConsents.updatedAt,
      requestId: partnerFollowRequests.id,
      requestedAt: partnerFollowRequests.createdAt,
      requestedBy: accounts.name,
    })
    .from(partnerEntities)
    .leftJoin(
      partnerConsents,
      and(eq(partnerConsents.partnerEntityId, partnerEntities.id), eq(partnerConsents.companyId, companyId)),
    )
    .leftJoin(
      partnerAssistedCompanies,
      and(
        eq(partnerAssistedCompanies.partnerEntityId, partnerEntities.id),
        eq(partnerAssistedCompanies.companyId, companyId),
      ),
    )
    .leftJoin(
      partnerFollowRequests,
      and(
        eq(partnerFollowRequests.partnerEntityId, partnerEntities.id),
        eq(partnerFollowRequests.companyId, companyId),
        eq(partnerFollowRequests.status, 'pending'),
      ),
    )
    .leftJoin(accounts, eq(accounts.id, partnerFollowRequests.requestedBy))
    .where(
      and(
        or(eq(partnerEntities.isActive, true), holdsConsent),
        or(isNotNull(partnerAssistedCompanies.companyId), isNotNull(partnerFollowRequests.id), holdsConsent),
      ),
    )
    .orderBy(
      desc(sql`${partnerAssistedCompanies.companyId} is not null`),
      desc(sql`${partnerFollowRequests.id} is not null`),
      asc(partnerEntities.name),
    );
}

/** Stores the company's consent to the entity, or changes the one it has (moving its version on). */
export async function upsertConsent(
  db: Executor,
  values: {
    companyId: string;
    partnerEntityId: string;
    seesStatus: boolean;
    seesDiagnosis: boolean;
    updatedBy: string | null;
  },
): Promise<void> {
  await db
    .insert(partnerConsents)
    .values(values)
    .onConflictDoUpdate({
      target: [partnerConsents.companyId, partnerConsents.partnerEntityId],
      set: {
        seesStatus: values.seesStatus,
        seesDiagnosis: values.seesDiagnosis,
        updatedBy: values.updatedBy,
        updatedAt: new Date(),
        version: sql`${partnerConsents.version} + 1`,
      },
    });
}

/** One page of the company's access log, newest first, each entry with its entity's name. */
export async function accessLogPage(
  db: Executor,
  companyId: string,
  window: { limit: number; offset: number },
) {
  return db
    .select({ log: partnerAccessLog, partnerEntityName: partnerEntities.name })
    .from(partnerAccessLog)
    .innerJoin(partnerEntities, eq(partnerEntities.id, partnerAccessLog.partnerEntityId))
    .where(eq(partnerAccessLog.companyId, companyId))
    .orderBy(desc(partnerAccessLog.at), desc(partnerAccessLog.id))
    .limit(window.limit)
    .offset(window.offset);
}

/** How many entries the company's access log has. */
export async function countAccessLog(db: Executor, companyId: string): Promise<number> {
  const [total] = await db
    .select({ n: count() })
    .from(partnerAccessLog)
    .where(eq(partnerAccessLog.companyId, companyId));
  return total?.n ?? 0;
}
