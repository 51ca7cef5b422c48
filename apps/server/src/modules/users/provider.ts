import { type Role, SIGNED_IN_ROLE } from '@excelencia/domain';
import { type IdentityAdmin, IdentityAdminError } from '../../auth/identity-admin.ts';
import { providerUnavailable } from '../../auth/oidc.ts';
import { sqlState } from '../../platform/database-errors.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { AccountRow } from '../accounts/accounts.repository.ts';

/**
 * What users and partners share: the portal roles an admin manages, e-mail conflicts, and the calls to the
 * identity provider with their failures turned into answers a client understands.
 */

/** The portal roles the admin screens manage (uma_authorization is every account's default role). */
export const PORTAL_ROLES = ['admin', 'company', 'partner'] as const satisfies readonly Role[];
export type PortalRole = (typeof PORTAL_ROLES)[number];

export function isPortalRole(role: string): role is PortalRole {
  return (PORTAL_ROLES as readonly string[]).includes(role);
}

export function portalRolesOf(roles: readonly string[]): PortalRole[] {
  return PORTAL_ROLES.filter((role) => roles.includes(role));
}

/** The roles stored on the account: the portal roles plus the default signed-in role. */
export function storedRoles(portal: readonly PortalRole[]): string[] {
  return [...PORTAL_ROLES.filter((role) => portal.includes(role)), SIGNED_IN_ROLE];
}

/** `roles` with `role` added or removed, the other portal roles kept. */
export function withRole(roles: readonly string[], role: PortalRole, present: boolean): PortalRole[] {
  const others = portalRolesOf(roles).filter((r) => r !== role);
  return present ? PORTAL_ROLES.filter((r) => r === role || others.includes(r)) : others;
}

export const duplicateEmail = () =>
  new AppError(409, 'duplicate_email', 'errors:duplicateEmail', {
    details: [{ path: 'email', message: 'errors:duplicateEmail' }],
  });

export const cannotChangeSelf = () => new AppError(409, 'cannot_change_self', 'errors:cannotChangeSelf');

/** True when the database refused a row for a unique index. */
export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505';

/**
 * Runs a call to the identity provider. A provider that cannot be reached or fails answers 503; a refusal of
 * the request (4xx) is a fault of ours and stays a 500, except for the statuses `refusals` maps.
 */
export async function atProvider<T>(
  work: () => Promise<T>,
  refusals: Partial<Record<number, () => AppError>> = {},
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof IdentityAdminError && error.status >= 400 && error.status < 500) {
      const refusal = refusals[error.status];
      if (refusal) throw refusal();
      if (error.status === 400) throw badRequest();
      throw error;
    }
    if (error instanceof AppError) throw error;
    throw providerUnavailable(error);
  }
}

/**
 * The provider's id of an account: its subject, or (for an account the portal created before its first
 * sign-in elsewhere) the provider user with its e-mail. Null when the provider has no such user.
 */
export async function providerIdOf(identity: IdentityAdmin, account: AccountRow): Promise<string | null> {
  if (account.subject) return account.subject;
  return (await atProvider(() => identity.findUserByEmail(account.email)))?.id ?? null;
}

/** Undoes a provider user the portal could not finish creating: removed, or at least disabled. */
export async function compensateCreatedUser(identity: IdentityAdmin, id: string): Promise<void> {
  try {
    await identity.deleteUser(id);
  } catch {
    await identity.setEnabled(id, false).catch(() => undefined);
  }
}
