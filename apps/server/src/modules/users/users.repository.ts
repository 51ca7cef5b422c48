import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AccountRow } from '../../auth/accounts.repository.ts';
import type { Executor } from '../../db/client.ts';
import { accounts, partnerApiTokens, sessions } from '../../db/schema/index.ts';

export type AccountInsert = typeof accounts.$inferInsert;

export async function insertAccount(db: Executor, values: AccountInsert): Promise<AccountRow> {
  const [row] = await db.insert(accounts).values(values).returning();
  if (!row) throw new Error('The account could not be stored');
  return row;
}

/**
 * Changes an account only when its version is still `version`, and moves the version on. Returns the new
 * row, or undefined when someone changed (or removed) it meanwhile.
 */
export async function updateAccountAtVersion(
  db: Executor,
  id: string,
  version: number,
  values: Partial<Pick<AccountRow, 'name' | 'language' | 'roles' | 'isActive'>>,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .update(accounts)
    .set({ ...values, version: sql`${accounts.version} + 1`, updatedAt: new Date() })
    .where(and(eq(accounts.id, id), eq(accounts.version, version)))
    .returning();
  return row;
}

/** Changes an account an admin edits through another screen (partners), moving its version on. */
export async function updateAccountBumpingVersion(
  db: Executor,
  id: string,
  values: Partial<Pick<AccountRow, 'name' | 'language' | 'roles' | 'isActive'>>,
): Promise<AccountRow> {
  const [row] = await db
    .update(accounts)
    .set({ ...values, version: sql`${accounts.version} + 1`, updatedAt: new Date() })
    .where(eq(accounts.id, id))
    .returning();
  if (!row) throw new Error(`The account ${id} vanished during the change`);
  return row;
}

/** Signs an account out of every browser at once. */
export async function deleteSessionsOfAccount(db: Executor, accountId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.accountId, accountId));
}

/**
 * Revokes every partner API token the account made, for good: a token of a deactivated partner, or of one who left
 * (or changed) its entity, does not come back when the account is reactivated or linked again.
 */
export async function revokeApiTokensOfAccount(
  db: Executor,
  accountId: string,
  revokedBy: string | null,
): Promise<void> {
  await db
    .update(partnerApiTokens)
    .set({ revokedAt: new Date(), revokedBy })
    .where(and(eq(partnerApiTokens.accountId, accountId), isNull(partnerApiTokens.revokedAt)));
}
