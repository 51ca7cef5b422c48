import { type CompanyCapability, type CompanyRole, hasRole, roleAllows } from '@excelencia/domain';
import { and, eq } from 'drizzle-orm';
import type { AuthContext } from '../auth/types.ts';
import type { Executor } from '../db/client.ts';
import { companies, companyMembers } from '../db/schema/index.ts';
import { AppError, notFound } from '../platform/errors.ts';

/** The account's role in the company, or null when it is not one of its members. */
export async function memberRole(
  db: Executor,
  companyId: string,
  accountId: string,
): Promise<CompanyRole | null> {
  const [row] = await db
    .select({ role: companyMembers.role })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.accountId, accountId)))
    .limit(1);
  return row?.role ?? null;
}

/** Whether the account is linked to the company, in any role. */
export async function isMember(db: Executor, companyId: string, accountId: string): Promise<boolean> {
  return (await memberRole(db, companyId, accountId)) !== null;
}

/** 403 for a member whose role does not allow what the route needs, naming the role (docs/adr/0028). */
export function roleForbids(role: CompanyRole, need: CompanyCapability): AppError {
  return new AppError(
    403,
    'company_role',
    need === 'own' ? 'teams:errors.ownerOnly' : 'teams:errors.preparersOnly',
    {
      params: { role: `teams:roles.${role}` },
    },
  );
}

/** 410 for a change to a closed company (docs/adr/0028-company-teams.md). */
export const companyClosed = () =>
  new AppError(410, 'company_closed', 'companyData:closure.errors.companyClosed');

/**
 * A company's data is for admins (any existing company) and for the users linked to it; anyone else gets 404,
 * so another company's id reveals nothing. A member whose role does not allow `need` gets 403 (roleForbids):
 * 'read' any member, 'prepare' owners and accountants, 'own' owners (docs/adr/0028-company-teams.md). A closed
 * company has no members (404 to everyone else) and answers 410 to an admin's change (anything but 'read').
 * Answers whether the caller acts as an admin.
 */
export async function assertCompanyAccess(
  db: Executor,
  caller: AuthContext,
  companyId: string,
  need: CompanyCapability = 'read',
): Promise<boolean> {
  if (hasRole(caller.roles, 'admin')) {
    const [company] = await db
      .select({ id: companies.id, closedAt: companies.closedAt })
      .from(companies)
      .where(eq(companies.id, companyId))
      .limit(1);
    if (!company) throw notFound();
    // A closed company (its account erased) has no members; admins still read what it kept, and change nothing.
    if (company.closedAt && need !== 'read') throw companyClosed();
    return true;
  }
  const role = await memberRole(db, companyId, caller.accountId);
  if (role === null) throw notFound();
  if (!roleAllows(role, need)) throw roleForbids(role, need);
  return false;
}
