import {
  CompanyMember,
  CompanyMembersResponse,
  InviteMemberRequest,
  UpdateMemberRequest,
} from '@excelencia/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../auth/caller.ts';
import { MEMBERS } from '../../auth/route-access.ts';
import { actorOf } from '../../platform/actor.ts';
import { errorResponses, errorResponsesWith } from '../../platform/error-responses.ts';
import { CompanyParams } from '../../platform/route-schemas.ts';
import type { MembersService } from './members.service.ts';

const MemberParams = z.object({ companyId: z.uuid(), accountId: z.uuid() });
const InvitationParams = z.object({ companyId: z.uuid(), id: z.uuid() });
const tags = ['companies'];

/**
 * A company's team under /app/api/v1 (docs/adr/0028-company-teams.md): its members and the owners' invitations.
 * Reading is any member's and admins'; the rest an owner's (403 naming the caller's role), leaving anyone's.
 */
export function membersRoutes(deps: { members: MembersService }) {
  const { members } = deps;
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/companies/:companyId/members',
      {
        schema: {
          tags,
          summary: "The company's team: its members (owners first), then the invitations not accepted yet",
          params: CompanyParams,
          response: { 200: CompanyMembersResponse, ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request) => members.list(caller(request), request.params.companyId),
    );

    r.post(
      '/companies/:companyId/members',
      {
        schema: {
          tags,
          summary:
            'Invites someone into the team with a role (owner): a single-use link by e-mail, valid 7 days, in the ' +
            'language given; the answer is the same whether the address has an account. 409 already_member, ' +
            'invitation_pending (an invitation of this company waits for the address); 429 invitation_limit past ' +
            "the company's invitations per hour",
          params: CompanyParams,
          body: InviteMemberRequest,
          response: { 201: CompanyMember, ...errorResponsesWith(429) },
        },
        config: MEMBERS,
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await members.invite(caller(request), actorOf(request), request.params.companyId, request.body),
          ),
    );

    r.put(
      '/companies/:companyId/members/:accountId',
      {
        schema: {
          tags,
          summary:
            "Gives a member another role (owner); the member is mailed. 409 last_owner when it is the company's " +
            'last owner',
          params: MemberParams,
          body: UpdateMemberRequest,
          response: { 200: CompanyMember, ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request) =>
        members.updateRole(
          caller(request),
          actorOf(request),
          request.params.companyId,
          request.params.accountId,
          request.body,
        ),
    );

    r.delete(
      '/companies/:companyId/members/:accountId',
      {
        schema: {
          tags,
          summary:
            'Removes a member (owner; the member is mailed), or the caller leaves (its own account id, any member). ' +
            "409 last_owner for the company's last owner",
          params: MemberParams,
          response: { 204: z.null(), ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request, reply) => {
        await members.remove(
          caller(request),
          actorOf(request),
          request.params.companyId,
          request.params.accountId,
        );
        return reply.code(204).send(null);
      },
    );

    r.delete(
      '/companies/:companyId/invitations/:id',
      {
        schema: {
          tags,
          summary: 'Cancels an invitation not accepted yet (owner): its link stops working',
          params: InvitationParams,
          response: { 204: z.null(), ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request, reply) => {
        await members.cancelInvitation(
          caller(request),
          actorOf(request),
          request.params.companyId,
          request.params.id,
        );
        return reply.code(204).send(null);
      },
    );

    r.post(
      '/companies/:companyId/invitations/:id/resend',
      {
        schema: {
          tags,
          summary:
            'Sends an invitation again with a fresh link and 7 more days (owner; the previous link stops working); ' +
            "counted in the company's invitations per hour (429)",
          params: InvitationParams,
          response: { 200: CompanyMember, ...errorResponsesWith(429) },
        },
        config: MEMBERS,
      },
      async (request) =>
        members.resendInvitation(
          caller(request),
          actorOf(request),
          request.params.companyId,
          request.params.id,
        ),
    );
  };
}
