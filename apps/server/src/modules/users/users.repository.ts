import type { UserListQuery } from '@excelencia/domain';
import { and, eq, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AccountRow } from '../../auth/accounts.repository.ts';
import type { Executor } from '../../db/client.ts';
import { accounts, partnerApiTokens, sessions } from '../../db/schema/index.ts';
import {
  allOf,
  countRows,
  filterConditions,
  type KeysetPage,
  searchCondition,
} from '../../platform/listing.ts';

export type AccountInsert = typeof accounts.$inferInsert;

/** The fields a user list may be sorted by. */
export const USER_SORT = {
  name: sql`lower(${accounts.name})`,
  email: accounts.email,
  createdAt: accounts.createdAt,
} as const;
/** The list's last sort key, so that its order is total. */
export const USER_TIE_BREAKER = accounts.id;

/** The accounts a user list asks for: its search, the active filter and the role (a role the account holds). */
export function usersListWhere(query: z.output<typeof UserListQuery>): SQL | undefined {
  return allOf(
    searchCondition(accounts.searchText, query.search),
    ...filterConditions({ isActive: accounts.isActive }, query),
    query.role ? sql`${accounts.roles} @> ${JSON.stringify([query.role])}::jsonb` : undefined,
  );
}

/** One page of the matching accounts in the list's order. */
export async function accountsPage(
  db: Executor,
  where: SQL | undefined,
  orderBy: SQL[],
  window: { limit: number; offset: number },
): Promise<AccountRow[]> {
  return db
    .select()
    .from(accounts)
    .where(where)
    .orderBy(...orderBy)
    .limit(window.limit)
    .offset(window.offset);
}

/** How many accounts match. */
export async function countAccounts(db: Executor, where: SQL | undefined): Promise<number> {
  return countRows(db, accounts, where);
}

/** One keyset page of the matching accounts (the export), each row with its order keys. */
export async function accountsAfter(db: Executor, where: SQL | undefined, page: KeysetPage) {
  return db
    .select({ ...getTableColumns(accounts), ...page.keys })
    .from(accounts)
    .where(allOf(where, page.after))
    .orderBy(...page.orderBy)
    .limit(page.limit);
}

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
