import {
  type AcceptInvitationRequest,
  INVITATION_LINK_DAYS,
  type InvitationAccepted,
  type InvitationState,
  type InvitationSummary,
  type Page,
  type PreRegisterCompanyRequest,
  type PreRegistrationItem,
  type PreRegistrationListQuery,
} from '@excelencia/domain';
import { and, count, desc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
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
import type { Executor } from '../../db/client.ts';
import { accounts, companies, companyInvitations, companyMembers } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { isUniqueViolation } from '../../platform/database-errors.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { pageWindow, searchCondition } from '../../platform/listing.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { hashLinkToken, newLinkToken } from '../../platform/tokens.ts';
import { COMPANIES_ENTITY, INVITATIONS_ENTITY } from './entities.ts';
import { invitationLink, invitationMail } from './mails.ts';
import { cancelPreRegistration } from './nif-claims.service.ts';
import { checkPlaces } from './reference-checks.ts';
import {
  type InvitationRow,
  inviterOf,
  liveInvitationOf,
  lockInvitationsOf,
  nifHolder,
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

/** The invitations in a state at `at`, as SQL: the same rule as stateOf, for lists and counts. */
export function invitationStateWhere(state: InvitationState, at: Date): SQL {
  if (state === 'accepted') return isNotNull(companyInvitations.acceptedAt);
  const expiry =
    state === 'pending'
      ? sql`${companyInvitations.expiresAt} > ${at}`
      : sql`${companyInvitations.expiresAt} <= ${at}`;
  return and(isNull(companyInvitations.acceptedAt), expiry) as SQL;
}

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

  const selection = {
    invitation: companyInvitations,
    companyName: companies.companyName,
    nif: companies.nif,
  };

  function present(
    row: { invitation: InvitationRow; companyName: string; nif: string },
    at: Date,
  ): PreRegistrationItem {
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

  async function one(tx: Executor, id: string) {
    const [row] = await tx
      .select(selection)
      .from(companyInvitations)
      .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
      .where(eq(companyInvitations.id, id));
    return row;
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
    const query = tx
      .select(selection)
      .from(companyInvitations)
      .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
      .where(eq(companyInvitations.tokenHash, hashLinkToken(token)));
    const [row] = lock ? await query.for('update', { of: companyInvitations }) : await query;
    if (!row || row.invitation.acceptedAt) throw linkInvalid();
    if (row.invitation.expiresAt <= now()) throw linkExpired();
    return row;
  }

  function whereOf(query: ListQuery, at: Date): SQL | undefined {
    const conditions: SQL[] = [];
    const byName = searchCondition(companies.searchText, query.search);
    const byNif = searchCondition(companies.nif, query.search);
    const byEmail = searchCondition(companyInvitations.email, query.search);
    const bySearch = or(byName, byNif, byEmail);
    if (bySearch) conditions.push(bySearch);
    if (query.state) conditions.push(invitationStateWhere(query.state, at));
    return conditions.length > 0 ? and(...conditions) : undefined;
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
          const [company] = await tx
            .insert(companies)
            .values({
              companyName: input.companyName,
              nif: input.nif,
              email: input.email,
              phone: input.phone ?? null,
              responsibleName: input.responsibleName,
              caeDivisionId: input.caeDivisionId ?? null,
              cityId: input.cityId ?? null,
            })
            .returning();
          if (!company) throw new Error('The company could not be stored');
          await alongside?.(tx, company.id);
          const { token, hash } = newLinkToken();
          const [invitation] = await tx
            .insert(companyInvitations)
            .values({
              companyId: company.id,
              email: input.email,
              name: input.responsibleName,
              language: input.language,
              tokenHash: hash,
              expiresAt: new Date(at.getTime() + INVITATION_LINK_DAYS * DAY_MS),
              sentCount: 1,
              lastSentAt: at,
              createdBy: actor.accountId,
            })
            .returning();
          if (!invitation) throw new Error('The invitation could not be stored');
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
      const where = whereOf(query, at);
      const window = pageWindow(query);
      const [rows, [total]] = await Promise.all([
        db
          .select(selection)
          .from(companyInvitations)
          .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
          .where(where)
          .orderBy(desc(companyInvitations.createdAt), desc(companyInvitations.id))
          .limit(window.limit)
          .offset(window.offset),
        db
          .select({ n: count() })
          .from(companyInvitations)
          .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
          .where(where),
      ]);
      return {
        items: rows.map((r) => present(r, at)),
        total: total?.n ?? 0,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** A fresh link (the previous one stops working) and a new 7-day period. */
    async resend(actor: Actor, id: string): Promise<PreRegistrationItem> {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ id: companyInvitations.id })
          .from(companyInvitations)
          .where(eq(companyInvitations.id, id))
          .for('update');
        const row = locked ? await one(tx, id) : undefined;
        if (!row) throw notFound();
        if (row.invitation.acceptedAt) throw invitationAccepted();
        const at = now();
        await lockInvitationsOf(tx, row.invitation.email);
        if (await liveInvitationOf(tx, row.invitation.email, at, id)) throw invitationPending();
        const { token, hash } = newLinkToken();
        const [invitation] = await tx
          .update(companyInvitations)
          .set({
            tokenHash: hash,
            expiresAt: new Date(at.getTime() + INVITATION_LINK_DAYS * DAY_MS),
            sentCount: sql`${companyInvitations.sentCount} + 1`,
            lastSentAt: at,
          })
          .where(eq(companyInvitations.id, id))
          .returning();
        if (!invitation) throw notFound();
        await mailInvitation(tx, invitation, row.companyName, token);
        const item = present({ ...row, invitation }, at);
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'resend',
          entity: INVITATIONS_ENTITY,
          entityId: id,
          before: present(row, at),
          after: item,
          requestId: actor.requestId,
        });
        return item;
      });
    },

    async summary(token: string): Promise<InvitationSummary> {
      const row = await byToken(db, token, false);
      return { companyName: row.companyName, email: row.invitation.email, name: row.invitation.name };
    },

    async accept(input: AcceptInvitationRequest, requestId: string): Promise<InvitationAccepted> {
      const first = await byToken(db, input.token, false);
      const email = first.invitation.email;
      const account = (await db.select().from(accounts).where(eq(accounts.email, email)).limit(1))[0];
      if (account && !account.isActive) throw forbidden('errors:accountInactive');
      const found = await atProvider(() => identity.findUserByEmail(email));
      let created: string | undefined;
      if (!found) {
        const { id } = await atProvider(() =>
          identity.createUser({
            email,
            name: first.invitation.name,
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
            const [current] = await tx.select().from(accounts).where(eq(accounts.email, email)).for('update');
            const portalRoles: PortalRole[] = [
              ...new Set([...portalRolesOf(current?.roles ?? []), 'company' as const]),
            ];
            let accountId: string;
            if (current) {
              accountId = current.id;
              await tx
                .update(accounts)
                .set({
                  subject,
                  roles: storedRoles(portalRoles),
                  version: sql`${accounts.version} + 1`,
                  updatedAt: at,
                })
                .where(eq(accounts.id, current.id));
            } else {
              const [inserted] = await tx
                .insert(accounts)
                .values({
                  subject,
                  email,
                  name: row.invitation.name,
                  language: row.invitation.language,
                  roles: storedRoles(portalRoles),
                })
                .returning({ id: accounts.id });
              if (!inserted) throw new Error('The account could not be stored');
              accountId = inserted.id;
            }
            await tx
              .insert(companyMembers)
              .values({ companyId: row.invitation.companyId, accountId })
              .onConflictDoNothing();
            await tx
              .update(companyInvitations)
              .set({ acceptedAt: at })
              .where(eq(companyInvitations.id, row.invitation.id));
            await writeAudit(tx, {
              actorAccountId: accountId,
              action: 'accept',
              entity: INVITATIONS_ENTITY,
              entityId: row.invitation.id,
              after: {
                companyId: row.invitation.companyId,
                accountId,
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
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
