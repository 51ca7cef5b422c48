import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { AccountRow } from '../../auth/accounts.repository.ts';
import type { Executor } from '../../db/client.ts';
import { accounts, partnerEntities, partners } from '../../db/schema/index.ts';

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

/** partners ⋈ accounts ⋈ partner_entities, ready for where/orderBy/limit. */
/** Partners with their account and entity; `extra` adds columns (keyset paging's order keys). */
export function selectPartners<TExtra extends Record<string, SQL>>(
  db: Executor,
  extra: TExtra = {} as TExtra,
) {
  return db
    .select({ partner: partners, account: accounts, entity: entitySummary, ...extra })
    .from(partners)
    .innerJoin(accounts, eq(accounts.id, partners.accountId))
    .innerJoin(partnerEntities, eq(partnerEntities.id, partners.partnerEntityId));
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
