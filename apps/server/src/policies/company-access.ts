import { hasRole } from '@excelencia/domain';
import { and, eq } from 'drizzle-orm';
import type { AuthContext } from '../auth/types.ts';
import type { Executor } from '../db/client.ts';
import { companies, companyMembers } from '../db/schema/index.ts';
import { notFound } from '../platform/errors.ts';

/** Whether the account is linked to the company. */
export async function isMember(db: Executor, companyId: string, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.accountId, accountId)))
    .limit(1);
  return row !== undefined;
}

/**
 * A company's data is for admins (any existing company) and for the users linked to it; anyone else gets 404,
 * so another company's id reveals nothing. Answers whether the caller acts as an admin.
 */
export async function assertCompanyAccess(
  db: Executor,
  caller: AuthContext,
  companyId: string,
): Promise<boolean> {
  if (hasRole(caller.roles, 'admin')) {
    const [company] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, companyId))
      .limit(1);
    if (!company) throw notFound();
    return true;
  }
  if (!(await isMember(db, companyId, caller.accountId))) throw notFound();
  return false;
}
