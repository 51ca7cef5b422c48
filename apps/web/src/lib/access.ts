import { dashboardPathFor, hasRole, isPartnerOnly, SIGNED_IN_ROLE } from '@excelencia/domain';
import type { Area } from './pages.ts';

/** The signed-in area a path (without its language) belongs to, or null for public paths. */
export function areaOfPath(path: string): Area | null {
  const first = path.split('/')[1];
  return first === 'admin' || first === 'company' || first === 'partner' || first === 'users' ? first : null;
}

/** Every signed-in page needs uma_authorization; without it the user is treated as not allowed. */
export function canEnterSignedIn(roles: readonly string[]): boolean {
  return hasRole(roles, SIGNED_IN_ROLE);
}

/**
 * Where a signed-in user on a page of `area` must go instead (a path without language), or null when
 * they may stay: home without uma_authorization, the partner dashboard for a partner-only user on
 * company/admin pages, their own dashboard on another role's pages.
 */
export function signedInRedirect(roles: readonly string[], area: Area): string | null {
  if (!canEnterSignedIn(roles)) return '/';
  if (isPartnerOnly(roles) && (area === 'admin' || area === 'company')) return '/partner/dashboard';
  const allowed =
    area === 'users' ? hasRole(roles, 'company') || hasRole(roles, 'partner') : hasRole(roles, area);
  return allowed ? null : dashboardPathFor(roles);
}

/** Public pages: a signed-in admin goes to the admin dashboard, a partner-only user to theirs. */
export function publicRedirect(roles: readonly string[]): string | null {
  if (!canEnterSignedIn(roles)) return null;
  if (hasRole(roles, 'admin')) return '/admin/dashboard';
  if (isPartnerOnly(roles)) return '/partner/dashboard';
  return null;
}

/** The Profile button: a company user with a selected company, or a partner-only user. */
export function showsProfileButton(roles: readonly string[], hasSelectedCompany: boolean): boolean {
  return (hasRole(roles, 'company') && hasSelectedCompany) || isPartnerOnly(roles);
}

/** Swaps the language prefix of a path, keeping the rest (query and hash are the caller's). */
export function withLanguage(pathname: string, language: string): string {
  const rest = pathname.split('/').slice(2).join('/');
  return `/${language}/${rest}`;
}
