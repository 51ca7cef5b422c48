import type { NameChangeStatus } from '@excelencia/domain';
import { isSealHeld } from '@excelencia/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { accounts, companies, companyMembers, companyNameChanges, seals } from '../../db/schema/index.ts';

export type NameChangeRow = typeof companyNameChanges.$inferSelect;
type NewNameChange = typeof companyNameChanges.$inferInsert;

const requester = alias(accounts, 'requester');
const decider = alias(accounts, 'decider');

/**
 * Whether the company holds a seal at `now` (the domain's isSealHeld: valid, or suspended and not yet expired), read
 * from its seals' states and end dates.
 */
export async function holdsSeal(executor: Executor, companyId: string, now: Date): Promise<boolean> {
  const rows = await executor
    .select({ state: seals.state, validUntil: seals.validUntil })
    .from(seals)
    .where(eq(seals.companyId, companyId));
  return rows.some((seal) => isSealHeld(seal, now));
}

/** Name changes with the company's NIF and the names of who asked and who decided. */
function changesWith(executor: Executor) {
  return executor
    .select({
      change: companyNameChanges,
      nif: companies.nif,
      requestedBy: requester.name,
      decidedBy: decider.name,
    })
    .from(companyNameChanges)
    .innerJoin(companies, eq(companies.id, companyNameChanges.companyId))
    .leftJoin(requester, eq(requester.id, companyNameChanges.requestedBy))
    .leftJoin(decider, eq(decider.id, companyNameChanges.decidedBy));
}

export type NameChangeWithNames = Awaited<ReturnType<ReturnType<typeof changesWith>['where']>>[number];

export async function findChange(executor: Executor, id: string): Promise<NameChangeWithNames | undefined> {
  const [row] = await changesWith(executor).where(eq(companyNameChanges.id, id)).limit(1);
  return row;
}

export async function pendingChangeOf(
  executor: Executor,
  companyId: string,
): Promise<NameChangeWithNames | undefined> {
  const [row] = await changesWith(executor)
    .where(and(eq(companyNameChanges.companyId, companyId), eq(companyNameChanges.status, 'pending')))
    .limit(1);
  return row;
}

/** The company's name changes, newest first. */
export function changesOfCompany(executor: Executor, companyId: string): Promise<NameChangeWithNames[]> {
  return changesWith(executor)
    .where(eq(companyNameChanges.companyId, companyId))
    .orderBy(desc(companyNameChanges.requestedAt), desc(companyNameChanges.id));
}

/** The changes of one status: pending ones oldest first (the queue), decided ones newest first. */
export function changesByStatus(
  executor: Executor,
  status: NameChangeStatus,
  limit: number,
): Promise<NameChangeWithNames[]> {
  const order =
    status === 'pending'
      ? [asc(companyNameChanges.requestedAt), asc(companyNameChanges.id)]
      : [desc(companyNameChanges.decidedAt), desc(companyNameChanges.id)];
  return changesWith(executor)
    .where(eq(companyNameChanges.status, status))
    .orderBy(...order)
    .limit(limit);
}

/** Locks the change's row for a decision. */
export async function lockChange(executor: Executor, id: string): Promise<NameChangeRow | undefined> {
  const [row] = await executor
    .select()
    .from(companyNameChanges)
    .where(eq(companyNameChanges.id, id))
    .for('update');
  return row;
}

export async function insertChange(executor: Executor, values: NewNameChange): Promise<NameChangeRow> {
  const [row] = await executor.insert(companyNameChanges).values(values).returning();
  if (!row) throw new Error('Inserting the name change returned nothing');
  return row;
}

/** Updates the change if its version is still `version`; undefined when it moved meanwhile. */
export async function updateChange(
  executor: Executor,
  id: string,
  version: number,
  values: Partial<NewNameChange>,
): Promise<NameChangeRow | undefined> {
  const [row] = await executor
    .update(companyNameChanges)
    .set({ ...values, version: version + 1 })
    .where(and(eq(companyNameChanges.id, id), eq(companyNameChanges.version, version)))
    .returning();
  return row;
}

/** Locks the company's row and reads what a name change needs of it. */
export async function lockCompanyNames(executor: Executor, companyId: string) {
  const [row] = await executor
    .select({
      id: companies.id,
      companyName: companies.companyName,
      legalName: companies.legalName,
      version: companies.version,
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  return row;
}

/** Writes the company's names (an approved change), moving its version on. */
export async function renameCompany(
  executor: Executor,
  companyId: string,
  names: { companyName: string; legalName: string | null },
  version: number,
  now: Date,
): Promise<void> {
  await executor
    .update(companies)
    .set({ ...names, version: version + 1, updatedAt: now })
    .where(eq(companies.id, companyId));
}

/** The company's members: whom a decision is mailed to, each in their language. */
export function membersOf(executor: Executor, companyId: string) {
  return executor
    .select({ email: accounts.email, name: accounts.name, language: accounts.language })
    .from(companyMembers)
    .innerJoin(accounts, eq(accounts.id, companyMembers.accountId))
    .where(eq(companyMembers.companyId, companyId));
}
