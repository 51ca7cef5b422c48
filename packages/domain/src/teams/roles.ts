/**
 * A company's team (docs/adr/0028-company-teams.md): each account that acts for a company holds one role in it.
 *
 * - owner: everything, including the team, the consents, the company's profile, submitting an application,
 *   exporting the company's data and asking to close its account. A company has at least one owner at all times.
 * - accountant: prepares the figures: trial balances (upload and entry form), diagnoses, the application's
 *   figures and documents; not submitting it, not the team, not the consents.
 * - viewer: reads everything of the company, writes nothing.
 */
export const COMPANY_ROLES = ['owner', 'accountant', 'viewer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/**
 * What a company route needs of its caller's role:
 * - read: any member (and admins, partners where their route allows);
 * - prepare: the figures and documents (owner, accountant);
 * - own: the team, consents, profile, submission, exports, closure (owner).
 */
export const COMPANY_CAPABILITIES = ['read', 'prepare', 'own'] as const;
export type CompanyCapability = (typeof COMPANY_CAPABILITIES)[number];

const ALLOWED: Readonly<Record<CompanyRole, readonly CompanyCapability[]>> = {
  owner: ['read', 'prepare', 'own'],
  accountant: ['read', 'prepare'],
  viewer: ['read'],
};

export function roleAllows(role: CompanyRole, capability: CompanyCapability): boolean {
  return ALLOWED[role].includes(capability);
}

/** The roles that may do what `capability` needs, for a message naming them. */
export function rolesAllowed(capability: CompanyCapability): CompanyRole[] {
  return COMPANY_ROLES.filter((role) => roleAllows(role, capability));
}
