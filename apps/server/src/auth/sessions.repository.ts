import type { Language } from '@excelencia/domain';
import { eq, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.ts';
import { accounts, sessions } from '../db/schema/index.ts';

export type SessionRow = typeof sessions.$inferSelect;

/** What a request needs of its session and account: no tokens (read only when they must be refreshed). */
export interface SessionWithAccount {
  id: string;
  accountId: string;
  roles: string[];
  csrfToken: string;
  accessExpiresAt: Date;
  expiresAt: Date;
  account: { email: string; name: string; language: Language; isActive: boolean };
}

/**
 * The session lookup every signed-in request makes: session and account in one round trip, as a prepared
 * statement (on PostgreSQL parsed and planned once per connection, and built by Drizzle once).
 */
export function sessionWithAccountLookup(
  db: Database,
): (id: string) => Promise<SessionWithAccount | undefined> {
  const query = db
    .select({
      id: sessions.id,
      accountId: sessions.accountId,
      roles: sessions.roles,
      csrfToken: sessions.csrfToken,
      accessExpiresAt: sessions.accessExpiresAt,
      expiresAt: sessions.expiresAt,
      account: {
        email: accounts.email,
        name: accounts.name,
        language: accounts.language,
        isActive: accounts.isActive,
      },
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('session_with_account');
  return async (id) => (await query.execute({ id }))[0];
}

export async function insertSession(db: Executor, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function findSession(db: Executor, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  return row;
}

/** The session's row, locked until the end of the transaction `tx` (FOR UPDATE). */
export async function lockSession(tx: Executor, id: string): Promise<SessionRow | undefined> {
  const [row] = await tx.select().from(sessions).where(eq(sessions.id, id)).limit(1).for('update');
  return row;
}

export async function updateSessionTokens(
  db: Executor,
  id: string,
  values: Pick<SessionRow, 'accessToken' | 'refreshToken' | 'idToken' | 'roles' | 'accessExpiresAt'>,
): Promise<void> {
  await db
    .update(sessions)
    .set({ ...values, lastSeenAt: new Date() })
    .where(eq(sessions.id, id));
}

/** Moves the end of a session (its extension by the signed-in person). */
export async function extendSessionUntil(db: Executor, id: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt, lastSeenAt: new Date() }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Executor, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Removes sessions past their end (housekeeping; expired rows are refused anyway). */
export async function deleteExpiredSessions(db: Executor, now = new Date()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
