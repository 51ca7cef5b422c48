import type { ApplicationMessageSide } from '@excelencia/domain';
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { accounts, applicationMessages } from '../../db/schema/index.ts';

export type ApplicationMessageRow = typeof applicationMessages.$inferSelect;

/** The thread of an application, oldest first, each message with its author's name (null once the account is gone). */
export async function messagesOf(
  executor: Executor,
  applicationId: string,
): Promise<{ message: ApplicationMessageRow; authorName: string | null }[]> {
  return executor
    .select({ message: applicationMessages, authorName: accounts.name })
    .from(applicationMessages)
    .leftJoin(accounts, eq(accounts.id, applicationMessages.authorId))
    .where(eq(applicationMessages.applicationId, applicationId))
    .orderBy(asc(applicationMessages.createdAt), asc(applicationMessages.id));
}

/** How many messages one side wrote on an application after `since` (the hourly allowance). */
export async function messagesSince(
  executor: Executor,
  applicationId: string,
  side: ApplicationMessageSide,
  since: Date,
): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(applicationMessages)
    .where(
      and(
        eq(applicationMessages.applicationId, applicationId),
        eq(applicationMessages.side, side),
        gt(applicationMessages.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

export async function insertMessage(
  executor: Executor,
  values: {
    applicationId: string;
    side: ApplicationMessageSide;
    authorId: string | null;
    body: string;
    createdAt: Date;
  },
): Promise<ApplicationMessageRow> {
  const [row] = await executor.insert(applicationMessages).values(values).returning();
  if (!row) throw new Error('Inserting the message returned nothing');
  return row;
}

/** The active administrators' address, name and language: the evaluators a company's message is mailed to. */
export async function evaluatorsToWrite(executor: Executor) {
  return executor
    .select({ email: accounts.email, name: accounts.name, language: accounts.language })
    .from(accounts)
    .where(and(eq(accounts.isActive, true), sql`${accounts.roles} @> '["admin"]'::jsonb`))
    .orderBy(asc(accounts.email));
}
