import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  accounts,
  auditLog,
  companyMembers,
  partnerAccessLog,
  partnerEntities,
} from '../../db/schema/index.ts';

/** Where a page of the activity starts: after this audit row id and after this partner read (at as text, id). */
export interface ActivityPosition {
  auditId: number | null;
  read: { at: string; id: string } | null;
}

/**
 * The company's audit rows older than `afterId` (all of them without it), newest first (audit_company_idx), each
 * with its actor's name and roles and whether the actor is one of the company's members now.
 */
export async function companyAuditRows(
  db: Executor,
  companyId: string,
  afterId: number | null,
  limit: number,
) {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      actorAccountId: auditLog.actorAccountId,
      actorName: accounts.name,
      actorRoles: accounts.roles,
      actorIsMember: sql<boolean>`exists (select 1 from ${companyMembers} where ${companyMembers.companyId} = ${auditLog.companyId} and ${companyMembers.accountId} = ${auditLog.actorAccountId})`,
    })
    .from(auditLog)
    .leftJoin(accounts, eq(accounts.id, auditLog.actorAccountId))
    .where(and(eq(auditLog.companyId, companyId), afterId === null ? undefined : lt(auditLog.id, afterId)))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

/**
 * The partners' reads of the company older than `after` (all of them without it), newest first, with the reading
 * entity's name. `atText` is the exact time as the database has it (microseconds), for the next page's cursor.
 */
export async function companyPartnerReads(
  db: Executor,
  companyId: string,
  after: { at: string; id: string } | null,
  limit: number,
) {
  return db
    .select({
      id: partnerAccessLog.id,
      at: partnerAccessLog.at,
      atText: sql<string>`${partnerAccessLog.at}::text`,
      readerName: partnerAccessLog.readerName,
      level: partnerAccessLog.level,
      via: partnerAccessLog.via,
      partnerEntityId: partnerAccessLog.partnerEntityId,
      entityName: partnerEntities.name,
    })
    .from(partnerAccessLog)
    .innerJoin(partnerEntities, eq(partnerEntities.id, partnerAccessLog.partnerEntityId))
    .where(
      and(
        eq(partnerAccessLog.companyId, companyId),
        after === null
          ? undefined
          : sql`(${partnerAccessLog.at}, ${partnerAccessLog.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`,
      ),
    )
    .orderBy(desc(partnerAccessLog.at), desc(partnerAccessLog.id))
    .limit(limit);
}

export type CompanyAuditRow = Awaited<ReturnType<typeof companyAuditRows>>[number];
export type CompanyPartnerRead = Awaited<ReturnType<typeof companyPartnerReads>>[number];
