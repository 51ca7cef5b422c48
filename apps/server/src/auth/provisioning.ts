import { type Role, SIGNED_IN_ROLE } from '@excelencia/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { accounts, pendingRegistrations } from '../db/schema/index.ts';
import { AppError, badRequest } from '../platform/errors.ts';
import { enqueueJob, type JobHandler } from '../platform/jobs/jobs.ts';
import type { PinoLike } from '../platform/mail/outbox.ts';
import { type AccountRow, findAccountById } from './accounts.repository.ts';
import { type IdentityAdmin, IdentityAdminError } from './identity-admin.ts';
import { providerUnavailable } from './oidc.ts';

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

/** What a change made at the identity provider as well as in the portal needs. */
export interface ProviderDeps {
  db: Database;
  identity: IdentityAdmin;
  logger: PinoLike;
}

/** Removes a provider user the portal has no row for (a creation it could not finish), retried until gone. */
export const IDENTITY_DELETE_USER_JOB = 'identity.delete-user';
/** Sets a portal account's name, language, roles and enabled state at the provider, retried until it agrees. */
export const IDENTITY_SYNC_ACCOUNT_JOB = 'identity.sync-account';
/** Tries of a provider repair: at most an hour apart, so about four days of provider outage. */
const REPAIR_MAX_ATTEMPTS = 100;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Undoes a provider user the portal could not finish creating. When the provider refuses to remove it, the
 * failure is logged, the user is disabled at once if the provider allows (so it cannot sign in) and a job
 * removes it later: a leftover account would otherwise block registering the same e-mail again. Never throws.
 */
export async function compensateCreatedUser(deps: ProviderDeps, id: string): Promise<void> {
  const { identity, logger } = deps;
  try {
    await identity.deleteUser(id);
    return;
  } catch (error) {
    logger.error(
      { providerUserId: id, err: errorText(error) },
      'identity provider: removing a user the portal could not create failed; retried through the jobs table',
    );
  }
  await identity
    .setEnabled(id, false)
    .catch((error: unknown) =>
      logger.warn(
        { providerUserId: id, err: errorText(error) },
        'identity provider: disabling the user failed too',
      ),
    );
  try {
    await enqueueJob(
      deps.db,
      IDENTITY_DELETE_USER_JOB,
      { providerUserId: id },
      { key: `${IDENTITY_DELETE_USER_JOB}:${id}`, maxAttempts: REPAIR_MAX_ATTEMPTS },
    );
  } catch (error) {
    logger.error(
      { providerUserId: id, err: errorText(error) },
      'identity provider: the removal job could not be stored; the provider user is left over',
    );
  }
}

/** One change at the provider and how to put back what was there before it (none for a password). */
export interface ProviderStep {
  apply: () => Promise<void>;
  undo?: () => Promise<void>;
}

/**
 * Keeps the provider in step with one portal change. `change` runs the portal's transaction and calls
 * `atProviderSteps` as its last step, with the portal account the steps change (null when it has none yet):
 * the steps run in order, each through atProvider. When any of it fails (a later step, or the commit), the
 * steps already applied are undone newest first with the values read before, and the error goes on. When an
 * undo fails too, that is logged and a job sets the provider to the portal's account as committed, retried
 * until the provider agrees.
 */
export async function keepProviderInStep<T>(
  deps: ProviderDeps,
  change: (atProviderSteps: (accountId: string | null, steps: ProviderStep[]) => Promise<void>) => Promise<T>,
): Promise<T> {
  const applied: { accountId: string | null; step: ProviderStep }[] = [];
  const atProviderSteps = async (accountId: string | null, steps: ProviderStep[]) => {
    for (const step of steps) {
      // Counted before it runs: a step that fails may still have been made (its answer lost), and putting
      // back the value read before is harmless when it was not.
      applied.push({ accountId, step });
      await atProvider(step.apply);
    }
  };
  try {
    return await change(atProviderSteps);
  } catch (error) {
    await undoSteps(deps, applied);
    throw error;
  }
}

async function undoSteps(
  deps: ProviderDeps,
  applied: { accountId: string | null; step: ProviderStep }[],
): Promise<void> {
  for (const { accountId, step } of [...applied].reverse()) {
    try {
      await step.undo?.();
    } catch (error) {
      deps.logger.error(
        { accountId, err: errorText(error) },
        accountId
          ? 'identity provider: undoing a change failed; the account is set again through the jobs table'
          : 'identity provider: undoing a change failed; the provider differs from the portal',
      );
      if (accountId) await enqueueAccountSync(deps, accountId);
      return;
    }
  }
}

/** Asks for the provider to be set to the portal's account (once per account while one is waiting). */
export async function enqueueAccountSync(deps: ProviderDeps, accountId: string): Promise<void> {
  try {
    await enqueueJob(
      deps.db,
      IDENTITY_SYNC_ACCOUNT_JOB,
      { accountId },
      { key: `${IDENTITY_SYNC_ACCOUNT_JOB}:${accountId}`, maxAttempts: REPAIR_MAX_ATTEMPTS },
    );
  } catch (error) {
    deps.logger.error(
      { accountId, err: errorText(error) },
      'identity provider: the repair job could not be stored; the provider may differ from the portal',
    );
  }
}

/** The handlers of the provider repair jobs, for the job worker. */
export function identityJobHandlers(identity: IdentityAdmin): Record<string, JobHandler> {
  return {
    async [IDENTITY_DELETE_USER_JOB](payload, { db, logger }) {
      const id = String(payload.providerUserId);
      // A provider user the portal uses after all (an account or a registration now points at it) stays.
      const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.subject, id));
      const [pending] = await db
        .select({ id: pendingRegistrations.id })
        .from(pendingRegistrations)
        .where(eq(pendingRegistrations.idpUserId, id));
      if (account || pending) {
        logger.warn({ providerUserId: id }, 'identity provider: user in use again, not removed');
        return;
      }
      await identity.deleteUser(id);
      logger.info({ providerUserId: id }, 'identity provider: left-over user removed');
    },

    async [IDENTITY_SYNC_ACCOUNT_JOB](payload, { db, logger }) {
      const account = await findAccountById(db, String(payload.accountId));
      if (!account) return;
      const providerId = account.subject ?? (await identity.findUserByEmail(account.email))?.id;
      if (!providerId) return;
      await identity.updateProfile(providerId, { name: account.name, language: account.language });
      await identity.setRoles(providerId, portalRolesOf(account.roles));
      await identity.setEnabled(providerId, account.isActive);
      logger.info({ accountId: account.id }, 'identity provider: account set again');
    },
  };
}
