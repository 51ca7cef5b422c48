import {
  type AcceptInvitationRequest,
  INVITATION_LINK_DAYS,
  type InvitationAccepted,
  type InvitationJoined,
  type InvitationState,
  type InvitationSummary,
  type Page,
  type PreRegisterCompanyRequest,
  type PreRegistrationItem,
  type PreRegistrationListQuery,
} from '@excelencia/domain';
import type { z } from 'zod';
import {
  atProvider,
  compensateCreatedUser,
  keepProviderInStep,
  type PortalRole,
  type ProviderDeps,
  portalRolesOf,
  storedRoles,
} from '../../auth/provisioning.ts';
import type { AuthContext } from '../../auth/types.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { isUniqueViolation } from '../../platform/database-errors.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { pageWindow } from '../../platform/listing.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { hashLinkToken, newLinkToken } from '../../platform/tokens.ts';
import { COMPANIES_ENTITY, INVITATIONS_ENTITY, TEAM_INVITATIONS_ENTITY } from './entities.ts';
import { invitationLink, invitationMail } from './mails.ts';
import { cancelPreRegistration } from './nif-claims.service.ts';
import { checkPlaces } from './reference-checks.ts';
import {
  accountNames,
  accountRowOfEmail,
  countInvitations,
  type InvitationRow,
  type InvitationWithCompany,
  insertAccountReturningId,
  insertCompany,
  insertInvitation,
  insertMemberUnlessKnown,
  invitationById,
  invitationByTokenHash,
  invitationsListWhere,
  invitationsPage,
  inviterOf,
  linkAccount,
  liveInvitationOf,
  lockAccountOfEmail,
  lockInvitation,
  lockInvitationsOf,
  markInvitationAccepted,
  nifHolder,
  renewInvitationLink,
  setAccountRoles,
} from './registration.repository.ts';
import { linkExpired, linkInvalid, nifTaken } from './registration.service.ts';

export { INVITATIONS_ENTITY };

const DAY_MS = 86_400_000;

type ListQuery = z.output<typeof PreRegistrationListQuery>;

export const invitationAccepted = () => new AppError(409, 'invitation_accepted', 'errors:invitationAccepted');
/** One address has at most one invitation waiting to be accepted (a second one would be a second mail). */
export const invitationPending = () =>
  new AppError(409, 'invitation_pending', 'errors:invitationPending', {
    details: [{ path: 'email', message: 'errors:invitationPending' }],
  });

/**
 * 409 on `POST invitations/accept` for a team's invitation of an address that has an account: its owner signs in
 * and joins (`POST invitations/join`); the link never sets an existing account's password.
 */
export const signInToJoin = () => new AppError(409, 'sign_in_to_join', 'teams:errors.signInToJoin');
/** 403 on `POST invitations/join` when the signed-in caller's e-mail is not the invitation's. */
export const invitationForAnother = () =>
  new AppError(403, 'invitation_for_another', 'teams:errors.invitationForAnother');

/** The audit entity of an invitation: the pre-registrations', or a team's. */
const entityOf = (invitation: Pick<InvitationRow, 'kind'>) =>
  invitation.kind === 'team' ? TEAM_INVITATIONS_ENTITY : INVITATIONS_ENTITY;

function stateOf(row: Pick<InvitationRow, 'acceptedAt' | 'expiresAt'>, at: Date): InvitationState {
  if (row.acceptedAt) return 'accepted';
  return row.expiresAt <= at ? 'expired' : 'pending';
}

/**
 * Pre-registration by an administrator: the company row is created at once, and its responsible person gets
 * an invitation (single use, 7 days) to set a password. Accepting creates the provider account (enabled, company
 * role) or links the existing one, the portal account and the membership.
 */
export function createInvitationsService(
  deps: ProviderDeps & {
    publicUrl: string;
    now?: () => Date;
  },
) {
  const { db, identity, publicUrl } = deps;
  const now = deps.now ?? (() => new Date());

  function present(row: InvitationWithCompany, at: Date): PreRegistrationItem {
    const i = row.invitation;
    return {
      id: i.id,
      companyId: i.companyId,
      companyName: row.companyName,
      nif: row.nif,
      email: i.email,
      name: i.name,
      language: i.language,
      state: stateOf(i, at),
      sentCount: i.sentCount,
      lastSentAt: i.lastSentAt.toISOString(),
      expiresAt: i.expiresAt.toISOString(),
      acceptedAt: i.acceptedAt?.toISOString() ?? null,
      createdAt: i.createdAt.toISOString(),
    };
  }

  async function mailInvitation(
    tx: Executor,
    invitation: Pick<InvitationRow, 'email' | 'name' | 'language' | 'companyId' | 'createdBy'>,
    companyName: string,
    token: string,
  ) {
    await enqueueMail(
      tx,
      invitationMail({
        to: invitation.email,
        name: invitation.name,
        companyName,
        language: invitation.language,
        link: invitationLink(publicUrl, invitation.language, token),
        inviter: await inviterOf(tx, invitation),
      }),
    );
  }

  /** The invitation of a link token; 410 when it is unknown, accepted or expired. */
  async function byToken(tx: Executor, token: string, lock: boolean) {
    const row = await invitationByTokenHash(tx, hashLinkToken(token), lock);
    if (!row || row.invitation.acceptedAt) throw linkInvalid();
    if (row.invitation.expiresAt <= now()) throw linkExpired();
    return row;
  }

  return {
    /** `alongside` writes in the same transaction what the caller links to the new company (a partner's assistance). */
    async preRegister(
      actor: Actor,
      input: PreRegisterCompanyRequest,
      alongside?: (tx: Executor, companyId: string) => Promise<void>,
    ): Promise<PreRegistrationItem> {
      await checkPlaces(db, input);
      try {
        return await db.transaction(async (tx) => {
          const at = now();
          await lockInvitationsOf(tx, input.email);
          if (await liveInvitationOf(tx, input.email, at)) throw invitationPending();
          // A confirmed company, or a pre-registration whose invitation still works, holds the NIF; an
          // unconfirmed registration does not (docs/adr/0020-nif-claims.md). A pre-registration whose
          // invitations all expired holds nothing and goes.
          const holder = await nifHolder(tx, input.nif, at, { lock: true });
          if (holder && (holder.confirmed || holder.live.length > 0)) throw nifTaken();
          if (holder) {
            if (!(await cancelPreRegistration(tx, holder, { actor }))) throw nifTaken();
          }
          const company = await insertCompany(tx, {
            companyName: input.companyName,
            nif: input.nif,
            email: input.email,
            phone: input.phone ?? null,
            responsibleName: input.responsibleName,
            caeDivisionId: input.caeDivisionId ?? null,
            cityId: input.cityId ?? null,
          });
          await alongside?.(tx, company.id);
          const { token, hash } = newLinkToken();
          const invitation = await insertInvitation(tx, {
            companyId: company.id,
            email: input.email,
            name: input.responsibleName,
            language: input.language,
            tokenHash: hash,
            expiresAt: new Date(at.getTime() + INVITATION_LINK_DAYS * DAY_MS),
            sentCount: 1,
            lastSentAt: at,
            createdBy: actor.accountId,
          });
          await mailInvitation(tx, invitation, company.companyName, token);
          const item = present({ invitation, companyName: company.companyName, nif: company.nif }, at);
          const audit = { actorAccountId: actor.accountId, requestId: actor.requestId };
          await writeAudit(tx, {
            ...audit,
            action: 'create',
            entity: COMPANIES_ENTITY,
            entityId: company.id,
            after: company,
          });
          await writeAudit(tx, {
            ...audit,
            action: 'create',
            entity: INVITATIONS_ENTITY,
            entityId: invitation.id,
            companyId: company.id,
            after: item,
          });
          return item;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw nifTaken();
        throw error;
      }
    },

    async list(query: ListQuery): Promise<Page<PreRegistrationItem>> {
      const at = now();
      const where = invitationsListWhere(query, at);
      const window = pageWindow(query);
      const [rows, total] = await Promise.all([
        invitationsPage(db, where, window),
        countInvitations(db, where),
      ]);
      return {
        items: rows.map((r) => present(r, at)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** A fresh link (the previous one stops working) and a new 7-day period. */
    async resend(actor: Actor, id: string): Promise<PreRegistrationItem> {
      return db.transaction(async (tx) => {
        const locked = await lockInvitation(tx, id);
        const row = locked ? await invitationById(tx, id) : undefined;
        if (!row) throw notFound();
        if (row.invitation.acceptedAt) throw invitationAccepted();
        const at = now();
        await lockInvitationsOf(tx, row.invitation.email);
        if (await liveInvitationOf(tx, row.invitation.email, at, id)) throw invitationPending();
        const { token, hash } = newLinkToken();
        const invitation = await renewInvitationLink(tx, id, {
          tokenHash: hash,
          expiresAt: new Date(at.getTime() + INVITATION_LINK_DAYS * DAY_MS),
          lastSentAt: at,
        });
        if (!invitation) throw notFound();
        await mailInvitation(tx, invitation, row.companyName, token);
        const item = present({ ...row, invitation }, at);
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'resend',
          entity: INVITATIONS_ENTITY,
          entityId: id,
          companyId: row.invitation.companyId,
          before: present(row, at),
          after: item,
          requestId: actor.requestId,
        });
        return item;
      });
    },

    /**
     * What the link's holder sees: the company, the address and the role, whether it is a pre-registration or a
     * team's invitation, who invites (a team's owner), and whether the address has an account (so the page asks
     * to sign in and join instead of setting a password). Only the link's holder learns the last.
     */
    async summary(token: string): Promise<InvitationSummary> {
      const row = await byToken(db, token, false);
      const { invitation } = row;
      const account = await accountRowOfEmail(db, invitation.email);
      const inviter =
        invitation.kind === 'team' && invitation.createdBy
          ? ((await accountNames(db, [invitation.createdBy])).get(invitation.createdBy) ?? null)
          : null;
      return {
        companyName: row.companyName,
        email: invitation.email,
        name: invitation.name,
        role: invitation.role,
        kind: invitation.kind,
        hasAccount: account !== undefined,
        invitedByName: inviter,
      };
    },

    /**
     * Sets the password of a new account from the link. A pre-registration of an address with an account links
     * that account (and sets its password, as before teams); a team's invitation of such an address answers 409
     * sign_in_to_join.
     */
    async accept(input: AcceptInvitationRequest, requestId: string): Promise<InvitationAccepted> {
      const first = await byToken(db, input.token, false);
      const email = first.invitation.email;
      const name = input.name ?? first.invitation.name;
      const account = await accountRowOfEmail(db, email);
      if (account && first.invitation.kind === 'team') throw signInToJoin();
      if (account && !account.isActive) throw forbidden('errors:accountInactive');
      const found = await atProvider(() => identity.findUserByEmail(email));
      let created: string | undefined;
      if (!found) {
        const { id } = await atProvider(() =>
          identity.createUser({
            email,
            name,
            password: input.password,
            enabled: true,
            roles: ['company'],
            language: first.invitation.language,
          }),
        );
        created = id;
      }
      const subject = found?.id ?? (created as string);
      try {
        return await keepProviderInStep(deps, (atProviderSteps) =>
          db.transaction(async (tx) => {
            const row = await byToken(tx, input.token, true);
            const at = now();
            const current = await lockAccountOfEmail(tx, email);
            if (current && row.invitation.kind === 'team') throw signInToJoin();
            const portalRoles: PortalRole[] = [
              ...new Set([...portalRolesOf(current?.roles ?? []), 'company' as const]),
            ];
            let accountId: string;
            if (current) {
              accountId = current.id;
              await linkAccount(tx, current.id, { subject, roles: storedRoles(portalRoles), updatedAt: at });
            } else {
              accountId = await insertAccountReturningId(tx, {
                subject,
                email,
                name,
                language: row.invitation.language,
                roles: storedRoles(portalRoles),
              });
            }
            const role = await insertMemberUnlessKnown(
              tx,
              row.invitation.companyId,
              accountId,
              row.invitation.role,
            );
            await markInvitationAccepted(tx, row.invitation.id, at);
            await writeAudit(tx, {
              actorAccountId: accountId,
              action: 'accept',
              entity: entityOf(row.invitation),
              entityId: row.invitation.id,
              companyId: row.invitation.companyId,
              after: {
                companyId: row.invitation.companyId,
                accountId,
                email,
                role,
                linkedExistingAccount: !created,
                acceptedTerms: input.acceptedTerms,
              },
              requestId,
            });
            if (!created) {
              // Last: a provider failure rolls the portal back and the link stays usable.
              // The password last: it cannot be put back, the others can.
              await atProviderSteps(current?.id ?? null, [
                {
                  apply: () => identity.setRoles(subject, portalRoles),
                  undo: () => identity.setRoles(subject, portalRolesOf(current?.roles ?? [])),
                },
                {
                  apply: () => identity.setEnabled(subject, true),
                  undo: () => identity.setEnabled(subject, found?.enabled ?? false),
                },
                { apply: () => identity.setPassword(subject, input.password) },
              ]);
            }
            return { status: 'accepted' as const, email };
          }),
        );
      } catch (error) {
        if (created) await compensateCreatedUser(deps, created);
        throw error;
      }
    },

    /**
     * The signed-in caller joins the invitation's company with its role (no password changes): 403 when the
     * caller's e-mail is not the invitation's, 410 for a used or expired link. The account gains the realm role
     * 'company' when it lacks it, at the provider last (a failure there rolls the portal back, the link stays
     * usable).
     */
    async join(caller: AuthContext, token: string, requestId: string): Promise<InvitationJoined> {
      const first = await byToken(db, token, false);
      if (first.invitation.email !== caller.email.toLowerCase()) throw invitationForAnother();
      return keepProviderInStep(deps, (atProviderSteps) =>
        db.transaction(async (tx) => {
          const row = await byToken(tx, token, true);
          const { invitation } = row;
          if (invitation.email !== caller.email.toLowerCase()) throw invitationForAnother();
          const at = now();
          const current = await lockAccountOfEmail(tx, invitation.email);
          if (!current || current.id !== caller.accountId) throw invitationForAnother();
          if (!current.isActive) throw forbidden('errors:accountInactive');
          const role = await insertMemberUnlessKnown(tx, invitation.companyId, current.id, invitation.role);
          await markInvitationAccepted(tx, invitation.id, at);
          const before = portalRolesOf(current.roles);
          const gainsRole = !before.includes('company');
          const portalRoles: PortalRole[] = [...new Set([...before, 'company' as const])];
          if (gainsRole) await setAccountRoles(tx, current.id, storedRoles(portalRoles), at);
          await writeAudit(tx, {
            actorAccountId: current.id,
            action: 'join',
            entity: entityOf(invitation),
            entityId: invitation.id,
            companyId: invitation.companyId,
            after: { companyId: invitation.companyId, accountId: current.id, email: invitation.email, role },
            requestId,
          });
          if (gainsRole) {
            const subject = current.subject;
            if (!subject) throw new Error('A signed-in account has no provider subject');
            // Last: a provider failure rolls the portal back and the link stays usable.
            await atProviderSteps(current.id, [
              {
                apply: () => identity.setRoles(subject, portalRoles),
                undo: () => identity.setRoles(subject, before),
              },
            ]);
          }
          return { companyId: invitation.companyId, companyName: row.companyName, role };
        }),
      );
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
