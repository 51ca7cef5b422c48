import { type CompanyCapability, type CompanyRole, roleAllows } from '@excelencia/domain';
import { useContext } from 'react';
import { SignedInContext } from '../../lib/signed-in-context.ts';

/**
 * The signed-in user's role in the selected company (GET me/companies answers it), or null while none is selected
 * (or outside the signed-in layout). The company pages hide or disable what the role cannot do through this one
 * hook; the server refuses it anyway (docs/adr/0028-company-teams.md).
 */
export function useCompanyRole(): CompanyRole | null {
  const selected = useContext(SignedInContext)?.selectedCompany ?? null;
  if (!selected) return null;
  return selected.role ?? 'owner';
}

/**
 * Whether the user's role in the selected company allows `capability` ('read', 'prepare', 'own'). Without a
 * selected company nothing is hidden here: the pages show their own "choose a company" state.
 */
export function useCompanyCan(capability: CompanyCapability): boolean {
  const role = useCompanyRole();
  return role === null || roleAllows(role, capability);
}
