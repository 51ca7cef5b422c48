import {
  type CompanyMember,
  type CompanyMembersResponse,
  type CompanyRole,
  INVITATION_LINK_DAYS,
  type InviteMemberRequest,
  TEAM_INVITATION_WINDOW_MINUTES,
  TEAM_INVITATIONS_PER_WINDOW,
  type UpdateMemberRequest,
} from '@excelencia/domain';
import type { AuthContext } from '../../auth/types.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { newLinkToken } from '../../platform/tokens.ts';
import { assertCompanyAccess } from '../../policies/company-access.ts';
import { invitationAccepted, invitationLink, TEAM_INVITATIONS_ENTITY } from '../registration/index.ts';
import {
  companyNameOf,
  deleteExpiredTeamInvitationsOf,
  deleteMember,
  deleteTeamInvitation,
  insertTeamInvitation,
  invitationsSentSince,
  liveTeamInvitationOf,
  lockMembers,
  lockTeamInvitation,
  lockTeamInvitations,
  type MemberRow,
  memberByEmail,
  membersOfCompany,
  openTeamInvitations,
  renewTeamInvitation,
  setMemberRole,
  type TeamInvitationRow,
} from './members.repository.ts';
import { dashboardLink, memberRemovedMail, roleChangedMail, teamInvitationMail } from './members-mails.ts';

/** The audit entity of memberships (the activity lists them under it). */
export const MEMBERS_ENTITY = 'company_members';

const DAY_MS = 86_400_000;

/** 409: the change would leave the company without an owner (docs/adr/0028). */
export const lastOwner = () => new AppError(409, 'last_owner', 'teams:errors.lastOwner');
export const alreadyMember = () =>
  new AppError(409, 'already_member', 'teams:errors.alreadyMember', {
    details: [{ path: 'email', message: 'teams:errors.alreadyMember' }],
  });
/** One waiting invitation per address and company; other companies may invite the same address meanwhile. */
export const teamInvitationPending = () =>
  new AppError(409, 'invitation_pending', 'teams:errors.invitationPending', {
    details: [{ path: 'email', message: 'teams:errors.invitationPending' }],
  });
export const invitationLimit = () =>
  new AppError(429, 'invitation_limit', 'teams:errors.invitationLimit', {
    params: { max: TEAM_INVITATIONS_PER_WINDOW },
  });

function presentMember(row: MemberRow): CompanyMember {
  return {
    accountId: row.accountId,
    name: row.name,
    email: row.email,
    role: row.role,
    since: row.since.toISOString(),
    status: 'active',
    invitationId: null,
    expiresAt: null,
  };
}

function presentInvitation(row: TeamInvitationRow): CompanyMember {
  return {
    accountId: null,
    name: row.name,
    email: row.email,
    role: row.role,
    since: row.createdAt.toISOString(),
    status: 'invited',
    invitationId: row.id,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** What an invitation's audit row keeps (never the token). */
const invitationAudit = (row: TeamInvitationRow) => ({
  companyId: row.companyId,
  email: row.email,
  role: row.role,
  language: row.language,
  expiresAt: row.expiresAt.toISOString(),
  sentCount: row.sentCount,
});

/**
 * A company's team (docs/adr/0028-company-teams.md): its members and the invitations of its owners. Reading is any
 * member's (and admins'); everything else is an owner's, but a member may always leave. A company keeps at least one
 * owner: demoting, removing or the leaving of its last owner answers 409 last_owner and changes nothing. Each
 * change is audited with the company's id and mailed (the invitation, a removal, a role change) through the outbox,
 * in the same transaction.
 */
export function createMembersService(deps: { db: Database; publicUrl: string; now?: () => Date }) {
  const { db, publicUrl } = deps;
  const now = deps.now ?? (() => new Date());

  async function companyName(executor: Executor, companyId: string): Promise<string> {
    const name = await companyNameOf(executor, companyId);
    if (name === undefined) throw notFound();
    return name;
  }

  /** Counts one more invitation mail of the company in its window: 429 past TEAM_INVITATIONS_PER_WINDOW. */
  async function takeInvitationAllowance(tx: Executor, companyId: string, at: Date): Promise<void> {
    await lockTeamInvitations(tx, companyId);
    const since = new Date(at.getTime() - TEAM_INVITATION_WINDOW_MINUTES * 60_000);
    const sent = await invitationsSentSince(tx, companyId, TEAM_INVITATIONS_ENTITY, since);
    if (sent >= TEAM_INVITATIONS_PER_WINDOW) throw invitationLimit();
  }

  async function mailInvitation(
    tx: Executor,
    row: TeamInvitationRow,
    inviter: string,
    name: string,
    token: string,
  ) {
    await enqueueMail(
      tx,
      teamInvitationMail({
        to: row.email,
        language: row.language,
        inviter,
        companyName: name,
        role: row.role,
        link: invitationLink(publicUrl, row.language, token),
        expiresAt: row.expiresAt,
      }),
    );
  }

  function owners(members: readonly MemberRow[]): number {
    return members.filter((m) => m.role === 'owner').length;
  }

  return {
    /** The members (owners first), then the invitations not accepted yet. */
    async list(caller: AuthContext, companyId: string): Promise<CompanyMembersResponse> {
      await assertCompanyAccess(db, caller, companyId, 'read');
      const [members, invitations] = await Promise.all([
        membersOfCompany(db, companyId),
        openTeamInvitations(db, companyId),
      ]);
      return [...members.map(presentMember), ...invitations.map(presentInvitation)];
    },

    /**
     * Invites an address with a role (single-use link, INVITATION_LINK_DAYS days), mailed in `language`. 409 when
     * the address is a member already or has an invitation of this company waiting; 429 past the company's hourly
     * allowance. The answer is the same whether the address has an account or not.
     */
    async invite(
      caller: AuthContext,
      actor: Actor,
      companyId: string,
      input: InviteMemberRequest,
    ): Promise<CompanyMember> {
      await assertCompanyAccess(db, caller, companyId, 'own');
      return db.transaction(async (tx) => {
        const at = now();
        const name = await companyName(tx, companyId);
        await lockTeamInvitations(tx, companyId);
        if (await memberByEmail(tx, companyId, input.email)) throw alreadyMember();
        if (await liveTeamInvitationOf(tx, companyId, input.email, at)) throw teamInvitationPending();
        await takeInvitationAllowance(tx, companyId, at);
        await deleteExpiredTeamInvitationsOf(tx, companyId, input.email, at);
        const { token, hash } = newLinkToken();
        const row = await insertTeamInvitation(tx, {
          companyId,
          email: input.email,
          name: input.name ?? input.email,
          language: input.language,
          role: input.role,
          tokenHash: hash,
          expiresAt: new Date(at.getTime() + INVITATION_LINK_DAYS * DAY_MS),
          sentCount: 1,
          lastSentAt: at,
          createdBy: actor.accountId,
        });
        await mailInvitation(tx, row, caller.name, name, token);
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'invite',
          entity: TEAM_INVITATIONS_ENTITY,
          entityId: row.id,
          companyId,
          after: invitationAudit(row),
          requestId: actor.requestId,
        });
        return presentInvitation(row);
      });
    },

    /** A fresh link (the previous one stops working) and a new period, counted in the hourly allowance. */
    async resendInvitation(
      caller: AuthContext,
      actor: Actor,
      companyId: string,
      id: string,
    ): Promise<CompanyMember> {
      await assertCompanyAccess(db, caller, companyId, 'own');
      return db.transaction(async (tx) => {
        const at = now();
        const name = await companyName(tx, companyId);
        const current = await lockTeamInvitation(tx, companyId, id);
        if (!current) throw notFound();
        if (current.acceptedAt) throw invitationAccepted();
        await takeInvitationAllowance(tx, companyId, at);
        const { token, hash } = newLinkToken();
        const row = await renewTeamInvitation(tx, id, {
          tokenHash: hash,
          expiresAt: new Date(at.getTime() + INVITATION_LINK_DAYS * DAY_MS),
          lastSentAt: at,
        });
        await mailInvitation(tx, row, caller.name, name, token);
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'resend',
          entity: TEAM_INVITATIONS_ENTITY,
          entityId: id,
          companyId,
          before: invitationAudit(current),
          after: invitationAudit(row),
          requestId: actor.requestId,
        });
        return presentInvitation(row);
      });
    },

    /** Cancels an invitation not accepted yet: its link stops working. */
    async cancelInvitation(caller: AuthContext, actor: Actor, companyId: string, id: string): Promise<void> {
      await assertCompanyAccess(db, caller, companyId, 'own');
      await db.transaction(async (tx) => {
        const current = await lockTeamInvitation(tx, companyId, id);
        if (!current) throw notFound();
        if (current.acceptedAt) throw invitationAccepted();
        await deleteTeamInvitation(tx, id);
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'cancel',
          entity: TEAM_INVITATIONS_ENTITY,
          entityId: id,
          companyId,
          before: invitationAudit(current),
          requestId: actor.requestId,
        });
      });
    },

    /** Gives a member another role (an owner may give any); the member is mailed unless it changed its own. */
    async updateRole(
      caller: AuthContext,
      actor: Actor,
      companyId: string,
      accountId: string,
      input: UpdateMemberRequest,
    ): Promise<CompanyMember> {
      await assertCompanyAccess(db, caller, companyId, 'own');
      return db.transaction(async (tx) => {
        const members = await lockMembers(tx, companyId);
        const member = members.find((m) => m.accountId === accountId);
        if (!member) throw notFound();
        if (member.role === input.role) return presentMember(member);
        if (member.role === 'owner' && owners(members) <= 1) throw lastOwner();
        await setMemberRole(tx, companyId, accountId, input.role);
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'update',
          entity: MEMBERS_ENTITY,
          entityId: accountId,
          companyId,
          before: { companyId, accountId, email: member.email, role: member.role },
          after: { companyId, accountId, email: member.email, role: input.role },
          requestId: actor.requestId,
        });
        if (accountId !== caller.accountId) {
          await enqueueMail(
            tx,
            roleChangedMail({
              to: member.email,
              name: member.name,
              language: member.language,
              actor: caller.name,
              companyName: await companyName(tx, companyId),
              before: member.role,
              after: input.role,
              link: dashboardLink(publicUrl, member.language),
            }),
          );
        }
        return presentMember({ ...member, role: input.role as CompanyRole });
      });
    },

    /**
     * Removes a member (an owner), or the caller leaves (any member, its own account id). The last owner can do
     * neither (409 last_owner). A removed member is mailed; one who leaves is not.
     */
    async remove(caller: AuthContext, actor: Actor, companyId: string, accountId: string): Promise<void> {
      const leaving = accountId === caller.accountId;
      await assertCompanyAccess(db, caller, companyId, leaving ? 'read' : 'own');
      await db.transaction(async (tx) => {
        const members = await lockMembers(tx, companyId);
        const member = members.find((m) => m.accountId === accountId);
        if (!member) throw notFound();
        if (member.role === 'owner' && owners(members) <= 1) throw lastOwner();
        await deleteMember(tx, companyId, accountId);
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: leaving ? 'leave' : 'remove',
          entity: MEMBERS_ENTITY,
          entityId: accountId,
          companyId,
          before: { companyId, accountId, email: member.email, role: member.role },
          requestId: actor.requestId,
        });
        if (!leaving) {
          await enqueueMail(
            tx,
            memberRemovedMail({
              to: member.email,
              name: member.name,
              language: member.language,
              actor: caller.name,
              companyName: await companyName(tx, companyId),
              link: dashboardLink(publicUrl, member.language),
            }),
          );
        }
      });
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
