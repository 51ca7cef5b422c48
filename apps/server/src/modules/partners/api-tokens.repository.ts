import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AccountRow } from '../../auth/accounts.repository.ts';
import type { Executor } from '../../db/client.ts';
import { accounts, partnerApiTokens, partnerEntities, partners } from '../../db/schema/index.ts';

export type ApiTokenRow = typeof partnerApiTokens.$inferSelect;

/** The entity's tokens, newest first, each with the name of the account that made it. */
export async function tokensOfEntity(
  db: Executor,
  entityId: string,
): Promise<{ token: ApiTokenRow; createdByName: string }[]> {
  return db
    .select({ token: partnerApiTokens, createdByName: accounts.name })
    .from(partnerApiTokens)
    .innerJoin(accounts, eq(accounts.id, partnerApiTokens.accountId))
    .where(eq(partnerApiTokens.partnerEntityId, entityId))
    .orderBy(desc(partnerApiTokens.createdAt));
}

export async function insertToken(
  db: Executor,
  values: typeof partnerApiTokens.$inferInsert,
): Promise<ApiTokenRow> {
  const [row] = await db.insert(partnerApiTokens).values(values).returning();
  if (!row) throw new Error('The token could not be stored');
  return row;
}

/** Revokes the entity's token unless it is revoked already; undefined when there is no such live token. */
export async function revokeLiveTokenOfEntity(
  db: Executor,
  id: string,
  entityId: string,
  values: { revokedAt: Date; revokedBy: string },
): Promise<ApiTokenRow | undefined> {
  const [row] = await db
    .update(partnerApiTokens)
    .set(values)
    .where(
      and(
        eq(partnerApiTokens.id, id),
        eq(partnerApiTokens.partnerEntityId, entityId),
        isNull(partnerApiTokens.revokedAt),
      ),
    )
    .returning();
  return row;
}

/**
 * The token with this hash and its maker's account, when the maker is still a partner of the token's entity and
 * that entity is active.
 */
export async function tokenByHashWithMaker(
  db: Executor,
  tokenHash: string,
): Promise<{ token: ApiTokenRow; account: AccountRow } | undefined> {
  const [row] = await db
    .select({ token: partnerApiTokens, account: accounts })
    .from(partnerApiTokens)
    .innerJoin(accounts, eq(accounts.id, partnerApiTokens.accountId))
    .innerJoin(
      partners,
      and(
        eq(partners.accountId, partnerApiTokens.accountId),
        eq(partners.partnerEntityId, partnerApiTokens.partnerEntityId),
      ),
    )
    .innerJoin(partnerEntities, eq(partnerEntities.id, partnerApiTokens.partnerEntityId))
    .where(and(eq(partnerApiTokens.tokenHash, tokenHash), eq(partnerEntities.isActive, true)))
    .limit(1);
  return row;
}

export async function setTokenLastUsed(db: Executor, id: string, at: Date): Promise<void> {
  await db.update(partnerApiTokens).set({ lastUsedAt: at }).where(eq(partnerApiTokens.id, id));
}
