import type { CompanyRole, Language } from '@excelencia/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.ts';
import { accounts, companies, companyMembers } from '../db/schema/index.ts';

export type AccountRow = typeof accounts.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

export async function findAccountById(db: Executor, id: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row;
}

export async function findAccountByEmail(db: Executor, email: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.email, email.toLowerCase())).limit(1);
  return row;
}

export async function findAccountBySubject(db: Executor, subject: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.subject, subject)).limit(1);
  return row;
}

export async function insertAccountIfAbsent(
  db: Executor,
  values: { subject: string | null; email: string; name: string; roles: string[]; language: Language },
): Promise<void> {
  await db
    .insert(accounts)
    .values({ ...values, email: values.email.toLowerCase() })
    .onConflictDoNothing();
}

export async function updateAccount(
  db: Executor,
  id: string,
  values: Partial<Pick<AccountRow, 'subject' | 'email' | 'name' | 'roles' | 'language' | 'isActive'>>,
): Promise<void> {
  await db
    .update(accounts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(accounts.id, id));
}

/** Companies linked to an account, oldest link first. */
export async function companiesOfAccount(db: Executor, accountId: string): Promise<CompanyRow[]> {
  const rows = await db
    .select({ company: companies })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.accountId, accountId))
    .orderBy(asc(companyMembers.createdAt), asc(companies.companyName));
  return rows.map((r) => r.company);
}

/**
 * The companies a user acts for, as the company screens ask for them on every page (GET me/companies): the
 * same order as companiesOfAccount, only the three fields answered, as a prepared statement (built once).
 */
export function myCompaniesLookup(
  db: Database,
): (
  accountId: string,
) => Promise<(Pick<CompanyRow, 'id' | 'companyName' | 'nif'> & { role: CompanyRole })[]> {
  const query = db
    .select({
      id: companies.id,
      companyName: companies.companyName,
      nif: companies.nif,
      role: companyMembers.role,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.accountId, sql.placeholder('accountId')))
    .orderBy(asc(companyMembers.createdAt), asc(companies.companyName))
    .prepare('my_companies');
  return (accountId) => query.execute({ accountId });
}
