export const ROLES = ['admin', 'company', 'partner', 'uma_authorization'] as const;
export type Role = (typeof ROLES)[number];
/** Every signed-in page requires this realm role (docs/adr/0005). */
export const SIGNED_IN_ROLE: Role = 'uma_authorization';

export function hasRole(roles: readonly string[], role: Role): boolean {
  return roles.includes(role);
}

/** A partner who is neither admin nor company: the sign-in redirects and the Profile button treat them apart. */
export function isPartnerOnly(roles: readonly string[]): boolean {
  return hasRole(roles, 'partner') && !hasRole(roles, 'admin') && !hasRole(roles, 'company');
}

/** The dashboard the logo and the post-login redirect lead to. */
export function dashboardPathFor(roles: readonly string[]): string {
  if (hasRole(roles, 'admin')) return '/admin/dashboard';
  if (hasRole(roles, 'company')) return '/company/dashboard';
  if (hasRole(roles, 'partner')) return '/partner/dashboard';
  return '/';
}

/** The label shown for a user group (userGroup of the account call). */
export function primaryRole(roles: readonly string[]): 'admin' | 'company' | 'partner' | null {
  if (hasRole(roles, 'admin')) return 'admin';
  if (hasRole(roles, 'company')) return 'company';
  if (hasRole(roles, 'partner')) return 'partner';
  return null;
}
