import { eq, lt } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(db: Executor, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function findSession(db: Executor, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
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

export async function deleteSession(db: Executor, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Removes sessions past their end (housekeeping; expired rows are refused anyway). */
export async function deleteExpiredSessions(db: Executor, now = new Date()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
