import type { PartnerListQuery } from '@excelencia/domain';
import { and, count, eq, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AccountRow } from '../../auth/accounts.repository.ts';
import type { Executor } from '../../db/client.ts';
import { accounts, partnerEntities, partners } from '../../db/schema/index.ts';
import { allOf, filterConditions, type KeysetPage, searchCondition } from '../../platform/listing.ts';

export type PartnerRow = typeof partners.$inferSelect;
export interface PartnerEntitySummary {
  id: string;
  code: string;
  name: string;
  isActive: boolean;
}

/** A partner with its account and its entity, as the list, the item and the changes read it. */
export interface PartnerRecord {
  partner: PartnerRow;
  account: AccountRow;
  entity: PartnerEntitySummary;
}

const entitySummary = {
  id: partnerEntities.id,
  code: partnerEntities.code,
  name: partnerEntities.name,
  isActive: partnerEntities.isActive,
};

/** The fields a partner list may be sorted by. */
export const PARTNER_SORT = {
  name: sql`lower(${accounts.name})`,
  email: accounts.email,
  partnerEntity: sql`lower(${partnerEntities.name})`,
  createdAt: partners.createdAt,
} as const;
/** The list's last sort key, so that its order is total. */
export const PARTNER_TIE_BREAKER = partners.id;

/** The partners a list asks for: its search (the account's or the entity's name), the active and entity filters. */
export function partnersListWhere(query: z.output<typeof PartnerListQuery>): SQL | undefined {
  return allOf(
    or(
      searchCondition(accounts.searchText, query.search),
      searchCondition(partnerEntities.searchText, query.search),
    ),
    ...filterConditions({ isActive: accounts.isActive, partnerEntityId: partners.partnerEntityId }, query),
  );
}

/** partners ⋈ accounts ⋈ partner_entities, ready for where/orderBy/limit. */
/** Partners with their account and entity; `extra` adds columns (keyset paging's order keys). */
function selectPartners<TExtra extends Record<string, SQL>>(db: Executor, extra: TExtra = {} as TExtra) {
  return db
    .select({ partner: partners, account: accounts, entity: entitySummary, ...extra })
    .from(partners)
    .innerJoin(accounts, eq(accounts.id, partners.accountId))
    .innerJoin(partnerEntities, eq(partnerEntities.id, partners.partnerEntityId));
}

/** One page of the matching partners in the list's order. */
export async function partnersPage(
  db: Executor,
  where: SQL | undefined,
  orderBy: SQL[],
  window: { limit: number; offset: number },
): Promise<PartnerRecord[]> {
  return selectPartners(db)
    .where(where)
    .orderBy(...orderBy)
    .limit(window.limit)
    .offset(window.offset);
}

/** One keyset page of the matching partners (the export), each record with its order keys. */
export async function partnersAfter(db: Executor, where: SQL | undefined, page: KeysetPage) {
  return selectPartners(db, page.keys)
    .where(allOf(where, page.after))
    .orderBy(...page.orderBy)
    .limit(page.limit);
}

export async function countPartners(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(partners)
    .innerJoin(accounts, eq(accounts.id, partners.accountId))
    .innerJoin(partnerEntities, eq(partnerEntities.id, partners.partnerEntityId))
    .where(where);
  return Number(row?.n ?? 0);
}

export async function findPartner(db: Executor, id: string): Promise<PartnerRecord | undefined> {
  const [row] = await selectPartners(db).where(eq(partners.id, id)).limit(1);
  return row;
}

export async function findPartnerEntity(db: Executor, id: string): Promise<PartnerEntitySummary | undefined> {
  const [row] = await db
    .select(entitySummary)
    .from(partnerEntities)
    .where(eq(partnerEntities.id, id))
    .limit(1);
  return row;
}

export async function insertPartner(
  db: Executor,
  values: { accountId: string; partnerEntityId: string },
): Promise<PartnerRow> {
  const [row] = await db.insert(partners).values(values).returning();
  if (!row) throw new Error('The partner could not be stored');
  return row;
}

/** Changes a partner only when its version is still `version`; undefined when someone changed it meanwhile. */
export async function updatePartnerAtVersion(
  db: Executor,
  id: string,
  version: number,
  values: Partial<Pick<PartnerRow, 'partnerEntityId'>>,
): Promise<PartnerRow | undefined> {
  const [row] = await db
    .update(partners)
    .set({ ...values, version: sql`${partners.version} + 1`, updatedAt: new Date() })
    .where(and(eq(partners.id, id), eq(partners.version, version)))
    .returning();
  return row;
}

export async function deletePartner(db: Executor, id: string): Promise<void> {
  await db.delete(partners).where(eq(partners.id, id));
}
