import {
  type Language,
  REGISTRATION_LINK_HOURS,
  REGISTRATION_MAIL_WINDOW_MINUTES,
  REGISTRATION_MAILS_PER_ADDRESS,
  type RegisterCompanyRequest,
  type RegistrationConfirmed,
  type RegistrationPending,
} from '@excelencia/domain';
import {
  atProvider,
  compensateCreatedUser,
  keepProviderInStep,
  type ProviderDeps,
  storedRoles,
} from '../../auth/provisioning.ts';
import type { Executor } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { isUniqueViolation } from '../../platform/database-errors.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail, type OutgoingMail } from '../../platform/mail/outbox.ts';
import { hashLinkToken, newLinkToken } from '../../platform/tokens.ts';
import { COMPANIES_ENTITY, REGISTRATION_ENTITY } from './entities.ts';
import {
  existingAccountMail,
  registrationLink,
  registrationMail,
  registrationRepeatedMail,
  signInLink,
} from './mails.ts';
import { cancelPreRegistration } from './nif-claims.service.ts';
import { checkPlaces } from './reference-checks.ts';
import {
  accountOfEmail,
  accountWithEmailOrSubject,
  deleteExpiredRegistrationsOf,
  expireRegistration,
  insertAccount,
  insertCompany,
  insertMember,
  insertPendingRegistration,
  lockOpenRegistrationOf,
  lockRegistrationByTokenHash,
  markRegistrationUsed,
  nifHolder,
  type PendingRow,
  releaseMailWindows,
  renewRegistrationLink,
  takeMailAllowance,
} from './registration.repository.ts';

export { COMPANIES_ENTITY, REGISTRATION_ENTITY };

export const nifTaken = () =>
  new AppError(409, 'nif_taken', 'errors:nifTaken', {
    details: [{ path: 'nif', message: 'errors:nifTaken' }],
  });
/**
 * 409 at confirmation when the e-mail got an account since the registration (only the mailbox's owner, who has
 * the link, learns it). Registering never says whether an address has an account.
 */
export const emailTaken = () =>
  new AppError(409, 'email_taken', 'errors:emailTaken', {
    details: [{ path: 'email', message: 'errors:emailTaken' }],
  });
export const linkExpired = () => new AppError(410, 'link_expired', 'errors:linkExpired');
export const linkInvalid = () => new AppError(410, 'link_invalid', 'errors:linkInvalid');

const HOUR_MS = 3_600_000;
/** The code of the provider's 409 on creating a user, caught within register (never answered). */
const PROVIDER_HAS_USER = 'provider_has_user';
const providerHasUser = () => new AppError(409, PROVIDER_HAS_USER, 'errors:conflict');

type RegistrationPayload = Omit<RegisterCompanyRequest, 'password' | 'confirmPassword'>;

const MAIL_LIMIT = { max: REGISTRATION_MAILS_PER_ADDRESS, minutes: REGISTRATION_MAIL_WINDOW_MINUTES };

/**
 * Company registration with e-mail confirmation. The identity provider's account is created disabled with
 * the company role and the user's password (the portal never stores it); the pending row and the mail are
 * written in one transaction. Confirming creates the account row, the company and the membership in one
 * transaction whose last step enables the account at the provider.
 *
 * Registering answers the same whether the address is new, waits for a confirmation or has an account; the mail
 * says what happened. An address receives at most REGISTRATION_MAILS_PER_ADDRESS registration mails in
 * REGISTRATION_MAIL_WINDOW_MINUTES, whoever asks. Only a confirmed company holds its NIF: unconfirmed claims on
 * one may coexist until one is confirmed or an administrator settles them (docs/adr/0020-nif-claims.md).
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
   * enabled) provider accounts, so the e-mail can be registered again; and the mail windows that are over.
   */
  async function releaseExpired(email: string, nif: string, at: Date): Promise<void> {
    const stale = await deleteExpiredRegistrationsOf(db, email, nif, at);
    for (const row of stale) await compensateCreatedUser(deps, row.idpUserId);
    await releaseMailWindows(db, new Date(at.getTime() - REGISTRATION_MAIL_WINDOW_MINUTES * 60_000));
  }

  /** Puts the mail in the outbox when the address may still receive one in its window; silent otherwise. */
  async function mailWithin(tx: Executor, to: string, at: Date, mail: () => OutgoingMail): Promise<void> {
    if (await takeMailAllowance(tx, to, at, MAIL_LIMIT)) await enqueueMail(tx, mail());
  }

  /**
   * A fresh link for the unconfirmed registration of this e-mail (the previous one stops working), mailed within
   * the address's limit. False when the address has none.
   */
  async function renewLink(
    email: string,
    requestId: string,
    mail: typeof registrationMail,
    action: 'resend' | 'repeat',
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const row = await lockOpenRegistrationOf(tx, email);
      if (!row) return false;
      const at = now();
      // Over the address's limit nothing changes: the link it received last keeps working.
      if (!(await takeMailAllowance(tx, row.email, at, MAIL_LIMIT))) return true;
      const { token, hash } = newLinkToken();
      await renewRegistrationLink(
        tx,
        row.id,
        hash,
        new Date(at.getTime() + REGISTRATION_LINK_HOURS * HOUR_MS),
      );
      await enqueueMail(tx, mail(linkMail(row, token)));
      await writeAudit(tx, {
        actorAccountId: null,
        action,
        entity: REGISTRATION_ENTITY,
        entityId: row.id,
        requestId,
      });
      return true;
    });
  }

  function linkMail(row: Pick<PendingRow, 'email' | 'companyName' | 'language' | 'payload'>, token: string) {
    const payload = row.payload as Partial<RegistrationPayload>;
    return {
      to: row.email,
      name: payload.responsibleName ?? row.email,
      companyName: row.companyName,
      language: row.language,
      link: registrationLink(publicUrl, row.language, token),
    };
  }

  /** The address has a sign-in account: nothing is registered; its owner is told (sign in, or reset the password). */
  async function noticeExistingAccount(to: { email: string; name: string; language: Language }) {
    await db.transaction((tx) =>
      mailWithin(tx, to.email, now(), () =>
        existingAccountMail({
          to: to.email,
          name: to.name,
          language: to.language,
          link: signInLink(publicUrl, to.language),
        }),
      ),
    );
  }

  return {
    async register(input: RegisterCompanyRequest, requestId: string): Promise<RegistrationPending> {
      const at = now();
      await checkPlaces(db, input);
      await releaseExpired(input.email, input.nif, at);
      // Only a confirmed company holds its NIF; the NIF is public in the directory, so saying so leaks nothing.
      if ((await nifHolder(db, input.nif, at))?.confirmed) throw nifTaken();
      const accepted: RegistrationPending = { status: 'pending', email: input.email };

      const account = await accountOfEmail(db, input.email);
      if (account) {
        await noticeExistingAccount(account);
        return accepted;
      }
      if (await renewLink(input.email, requestId, registrationRepeatedMail, 'repeat')) return accepted;

      const { password: _password, confirmPassword: _confirm, ...payload } = input;
      let idpUserId: string;
      try {
        ({ id: idpUserId } = await atProvider(
          () =>
            identity.createUser({
              email: input.email,
              name: input.responsibleName,
              password: input.password,
              enabled: false,
              roles: ['company'],
              language: input.language,
            }),
          { 409: providerHasUser },
        ));
      } catch (error) {
        if (!(error instanceof AppError && error.code === PROVIDER_HAS_USER)) throw error;
        // An account at the provider the portal has no row for yet. A disabled one is the leftover of a
        // registration the portal could not store (a job removes it): nobody to tell.
        const user = await atProvider(() => identity.findUserByEmail(input.email));
        if (user?.enabled) {
          await noticeExistingAccount({ email: input.email, name: user.name, language: input.language });
        }
        return accepted;
      }
      try {
        await db.transaction(async (tx) => {
          const { token, hash } = newLinkToken();
          const row = await insertPendingRegistration(tx, {
            tokenHash: hash,
            email: input.email,
            nif: input.nif,
            companyName: input.companyName,
            payload,
            idpUserId,
            language: input.language,
            expiresAt: new Date(at.getTime() + REGISTRATION_LINK_HOURS * HOUR_MS),
          });
          await mailWithin(tx, row.email, now(), () => registrationMail(linkMail(row, token)));
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
        // A registration of the same e-mail was stored meanwhile (a double submission): it stands.
        if (isUniqueViolation(error)) return accepted;
        throw error;
      }
      return accepted;
    },

    async confirm(token: string, requestId: string): Promise<RegistrationConfirmed> {
      const hash = hashLinkToken(token);
      const confirmed = await keepProviderInStep(deps, (atProviderSteps) =>
        db.transaction(async (tx) => {
          const row = await lockRegistrationByTokenHash(tx, hash);
          if (!row || row.usedAt) throw linkInvalid();
          const at = now();
          if (row.expiresAt <= at) throw linkExpired();
          const holder = await nifHolder(tx, row.nif, at, { lock: true });
          if (holder) {
            if (holder.confirmed) throw nifTaken();
            // A pre-registration nobody accepted does not hold the NIF: the first claim confirmed takes it.
            const actor = { accountId: null, requestId };
            const kept = holder.live.length > 0 ? { kind: 'registration' as const, id: row.id } : undefined;
            if (!(await cancelPreRegistration(tx, holder, { actor, kept }))) throw nifTaken();
          }
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
            await expireRegistration(tx, row.id, at);
            return null;
          }

          if (!(await markRegistrationUsed(tx, row.id, at))) throw linkInvalid();
          if (await accountWithEmailOrSubject(tx, row.email, row.idpUserId)) throw emailTaken();
          const account = await insertAccount(tx, {
            subject: row.idpUserId,
            email: row.email,
            name: payload.responsibleName,
            language: row.language,
            roles: storedRoles(['company']),
          });
          const company = await insertCompany(tx, {
            companyName: payload.companyName,
            nif: row.nif,
            email: row.email,
            phone: payload.phone,
            responsibleName: payload.responsibleName,
            caeDivisionId: payload.caeDivisionId,
            cityId: payload.cityId,
          });
          await insertMember(tx, company.id, account.id);
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

    /**
     * A fresh link (the previous one stops working) when an unconfirmed registration exists, within the address's
     * mail limit; silent otherwise.
     */
    async resend(email: string, requestId: string): Promise<void> {
      await releaseMailWindows(db, new Date(now().getTime() - REGISTRATION_MAIL_WINDOW_MINUTES * 60_000));
      await renewLink(email, requestId, registrationMail, 'resend');
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
