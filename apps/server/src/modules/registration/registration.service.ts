import {
  REGISTRATION_LINK_HOURS,
  type RegisterCompanyRequest,
  type RegistrationConfirmed,
  type RegistrationPending,
} from '@excelencia/domain';
import { and, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { accounts, companies, companyMembers, pendingRegistrations } from '../../db/schema/index.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import {
  atProvider,
  compensateCreatedUser,
  isUniqueViolation,
  keepProviderInStep,
  type ProviderDeps,
  storedRoles,
} from '../users/provider.ts';
import { registrationLink, registrationMail } from './mails.ts';
import { checkPlaces } from './reference-checks.ts';
import { hashLinkToken, newLinkToken } from './tokens.ts';

export const REGISTRATION_ENTITY = 'registrations';
export const COMPANIES_ENTITY = 'companies';

export const nifTaken = () =>
  new AppError(409, 'nif_taken', 'errors:nifTaken', {
    details: [{ path: 'nif', message: 'errors:nifTaken' }],
  });
export const emailTaken = () =>
  new AppError(409, 'email_taken', 'errors:emailTaken', {
    details: [{ path: 'email', message: 'errors:emailTaken' }],
  });
/**
 * 409 when the same e-mail and NIF are already waiting for confirmation: the visitor is told to ask for a new
 * link instead. Only someone who knows both learns that the registration is pending rather than confirmed.
 */
export const registrationPending = () =>
  new AppError(409, 'registration_pending', 'companies:errors.registrationPending');
export const linkExpired = () => new AppError(410, 'link_expired', 'errors:linkExpired');
export const linkInvalid = () => new AppError(410, 'link_invalid', 'errors:linkInvalid');

const HOUR_MS = 3_600_000;

type PendingRow = typeof pendingRegistrations.$inferSelect;
type RegistrationPayload = Omit<RegisterCompanyRequest, 'password' | 'confirmPassword'>;

/** True when a company already has this NIF. */
export async function companyNifExists(db: Executor, nif: string): Promise<boolean> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.nif, nif)).limit(1);
  return row !== undefined;
}

/** True when an unconfirmed registration that has not expired holds this NIF. */
/** Registrations still waiting for their link to be followed: not used, not expired at `at`. */
export function openRegistrationWhere(at: Date): SQL {
  return and(isNull(pendingRegistrations.usedAt), gt(pendingRegistrations.expiresAt, at)) as SQL;
}

export async function pendingNifExists(db: Executor, nif: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: pendingRegistrations.id })
    .from(pendingRegistrations)
    .where(and(eq(pendingRegistrations.nif, nif), openRegistrationWhere(now)))
    .limit(1);
  return row !== undefined;
}

/** The unconfirmed registration of this e-mail, if any (its NIF only). */
async function pendingOfEmail(db: Executor, email: string): Promise<{ nif: string } | undefined> {
  const [row] = await db
    .select({ nif: pendingRegistrations.nif })
    .from(pendingRegistrations)
    .where(and(eq(pendingRegistrations.email, email), isNull(pendingRegistrations.usedAt)))
    .limit(1);
  return row;
}

/**
 * Company registration with e-mail confirmation. The identity provider's account is created disabled with
 * the company role and the user's password (the portal never stores it); the pending row and the mail are
 * written in one transaction. Confirming creates the account row, the company and the membership in one
 * transaction whose last step enables the account at the provider.
 */
export function createRegistrationService(
  deps: ProviderDeps & {
    publicUrl: string;
    /** The clock (tests move it). */
    now?: () => Date;
  },
) {
  const { db, identity, publicUrl } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Removes the unconfirmed registrations of this e-mail or NIF whose link expired, with their (never
   * enabled) provider accounts, so the e-mail and NIF can be registered again.
   */
  async function releaseExpired(email: string, nif: string, at: Date): Promise<void> {
    const stale = await db
      .delete(pendingRegistrations)
      .where(
        and(
          isNull(pendingRegistrations.usedAt),
          lte(pendingRegistrations.expiresAt, at),
          or(eq(pendingRegistrations.email, email), eq(pendingRegistrations.nif, nif)),
        ),
      )
      .returning({ idpUserId: pendingRegistrations.idpUserId });
    for (const row of stale) await compensateCreatedUser(deps, row.idpUserId);
  }

  async function sendLink(
    tx: Executor,
    row: Pick<PendingRow, 'email' | 'companyName' | 'language' | 'payload'>,
    token: string,
  ) {
    const payload = row.payload as Partial<RegistrationPayload>;
    await enqueueMail(
      tx,
      registrationMail({
        to: row.email,
        name: payload.responsibleName ?? row.email,
        companyName: row.companyName,
        language: row.language,
        link: registrationLink(publicUrl, row.language, token),
      }),
    );
  }

  return {
    async register(input: RegisterCompanyRequest, requestId: string): Promise<RegistrationPending> {
      const at = now();
      await checkPlaces(db, input);
      await releaseExpired(input.email, input.nif, at);
      if (await companyNifExists(db, input.nif)) throw nifTaken();
      const [account] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.email, input.email))
        .limit(1);
      const pending = await pendingOfEmail(db, input.email);
      if (!account && pending?.nif === input.nif) throw registrationPending();
      if (await pendingNifExists(db, input.nif, at)) throw nifTaken();
      if (account || pending) throw emailTaken();

      const { password: _password, confirmPassword: _confirm, ...payload } = input;
      const { id: idpUserId } = await atProvider(
        () =>
          identity.createUser({
            email: input.email,
            name: input.responsibleName,
            password: input.password,
            enabled: false,
            roles: ['company'],
            language: input.language,
          }),
        { 409: emailTaken },
      );
      try {
        await db.transaction(async (tx) => {
          const { token, hash } = newLinkToken();
          const [row] = await tx
            .insert(pendingRegistrations)
            .values({
              tokenHash: hash,
              email: input.email,
              nif: input.nif,
              companyName: input.companyName,
              payload,
              idpUserId,
              language: input.language,
              expiresAt: new Date(at.getTime() + REGISTRATION_LINK_HOURS * HOUR_MS),
            })
            .returning();
          if (!row) throw new Error('The pending registration could not be stored');
          await sendLink(tx, row, token);
          await writeAudit(tx, {
            actorAccountId: null,
            action: 'register',
            entity: REGISTRATION_ENTITY,
            entityId: row.id,
            after: { email: row.email, nif: row.nif, companyName: row.companyName, payload },
            requestId,
          });
        });
      } catch (error) {
        await compensateCreatedUser(deps, idpUserId);
        if (isUniqueViolation(error)) {
          // A registration of the same e-mail and NIF was stored meanwhile (a double submission).
          if ((await pendingOfEmail(db, input.email))?.nif === input.nif) throw registrationPending();
          throw (await pendingNifExists(db, input.nif, now())) ? nifTaken() : emailTaken();
        }
        throw error;
      }
      return { status: 'pending', email: input.email };
    },

    async confirm(token: string, requestId: string): Promise<RegistrationConfirmed> {
      const hash = hashLinkToken(token);
      const confirmed = await keepProviderInStep(deps, (atProviderSteps) =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .select()
            .from(pendingRegistrations)
            .where(eq(pendingRegistrations.tokenHash, hash))
            .for('update');
          if (!row || row.usedAt) throw linkInvalid();
          const at = now();
          if (row.expiresAt <= at) throw linkExpired();
          if (await companyNifExists(tx, row.nif)) throw nifTaken();
          const payload = row.payload as RegistrationPayload;
          // An administrator may have deactivated or deleted the chosen division or city since the registration:
          // the link is spent (expired now, so registering again is open) and the user is told to register again.
          const placesGone = await checkPlaces(tx, {
            caeDivisionId: payload.caeDivisionId,
            cityId: payload.cityId,
          }).then(
            () => false,
            () => true,
          );
          if (placesGone) {
            await tx
              .update(pendingRegistrations)
              .set({ expiresAt: at })
              .where(eq(pendingRegistrations.id, row.id));
            return null;
          }

          const [used] = await tx
            .update(pendingRegistrations)
            .set({ usedAt: at })
            .where(and(eq(pendingRegistrations.id, row.id), isNull(pendingRegistrations.usedAt)))
            .returning({ id: pendingRegistrations.id });
          if (!used) throw linkInvalid();
          const [existing] = await tx
            .select({ id: accounts.id })
            .from(accounts)
            .where(or(eq(accounts.email, row.email), eq(accounts.subject, row.idpUserId)))
            .limit(1);
          if (existing) throw emailTaken();
          const [account] = await tx
            .insert(accounts)
            .values({
              subject: row.idpUserId,
              email: row.email,
              name: payload.responsibleName,
              language: row.language,
              roles: storedRoles(['company']),
            })
            .returning();
          if (!account) throw new Error('The account could not be stored');
          const [company] = await tx
            .insert(companies)
            .values({
              companyName: payload.companyName,
              nif: row.nif,
              email: row.email,
              phone: payload.phone,
              responsibleName: payload.responsibleName,
              caeDivisionId: payload.caeDivisionId,
              cityId: payload.cityId,
            })
            .returning();
          if (!company) throw new Error('The company could not be stored');
          await tx.insert(companyMembers).values({ companyId: company.id, accountId: account.id });
          const audit = { actorAccountId: account.id, requestId };
          await writeAudit(tx, {
            ...audit,
            action: 'create',
            entity: 'accounts',
            entityId: account.id,
            after: account,
          });
          await writeAudit(tx, {
            ...audit,
            action: 'create',
            entity: COMPANIES_ENTITY,
            entityId: company.id,
            after: company,
          });
          await writeAudit(tx, {
            ...audit,
            action: 'confirm',
            entity: REGISTRATION_ENTITY,
            entityId: row.id,
            after: { companyId: company.id, accountId: account.id },
          });
          // Last: if the provider cannot enable the account, everything above rolls back and the link stays usable.
          // No portal account to repair from if this rolls back (it is created here): an undo failure is logged.
          await atProviderSteps(null, [
            {
              apply: () => identity.setEnabled(row.idpUserId, true),
              undo: () => identity.setEnabled(row.idpUserId, false),
            },
          ]);
          return { status: 'confirmed' as const, email: row.email };
        }),
      );
      if (!confirmed) throw new AppError(409, 'registration_place_gone', 'errors:registrationPlaceGone');
      return confirmed;
    },

    /** A fresh link (the previous one stops working) when an unconfirmed registration exists; silent otherwise. */
    async resend(email: string, requestId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(pendingRegistrations)
          .where(and(eq(pendingRegistrations.email, email), isNull(pendingRegistrations.usedAt)))
          .for('update');
        if (!row) return;
        const { token, hash } = newLinkToken();
        const at = now();
        await tx
          .update(pendingRegistrations)
          .set({ tokenHash: hash, expiresAt: new Date(at.getTime() + REGISTRATION_LINK_HOURS * HOUR_MS) })
          .where(eq(pendingRegistrations.id, row.id));
        await sendLink(tx, row, token);
        await writeAudit(tx, {
          actorAccountId: null,
          action: 'resend',
          entity: REGISTRATION_ENTITY,
          entityId: row.id,
          requestId,
        });
      });
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
