import {
  ClosureRequest,
  ClosureRequestsQuery,
  ClosureRequestsResponse,
  RefuseClosureRequest,
  RequestClosureRequest,
} from '@excelencia/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../auth/caller.ts';
import { ADMIN, MEMBERS } from '../../auth/route-access.ts';
import { actorOf } from '../../platform/actor.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { CompanyParams, IdParams } from '../../platform/route-schemas.ts';
import type { ClosureService } from './closure.service.ts';

const tags = ['company data'];

/** Closing a company's account: the owner's request, the admins' decision (closure.service.ts says what stays). */
export function closureRoutes(deps: { closure: ClosureService }) {
  const { closure } = deps;
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/companies/:companyId/closure',
      {
        schema: {
          tags,
          summary: "The company's latest request to close its account, or null (its members and admins)",
          params: CompanyParams,
          response: { 200: ClosureRequest.nullable(), ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request) => closure.latest(caller(request), request.params.companyId),
    );

    r.post(
      '/companies/:companyId/closure',
      {
        schema: {
          tags,
          summary:
            "Asks to close the company's account (owner); mailed to its owners and the admins; 409 closure_pending " +
            'while one waits',
          params: CompanyParams,
          body: RequestClosureRequest,
          response: { 201: ClosureRequest, ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await closure.request(caller(request), actorOf(request), request.params.companyId, request.body),
          ),
    );

    r.delete(
      '/companies/:companyId/closure',
      {
        schema: {
          tags,
          summary:
            "Withdraws the company's pending request to close its account (owner); mailed to its owners",
          params: CompanyParams,
          response: { 204: z.null().describe('Withdrawn'), ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request, reply) => {
        await closure.withdraw(caller(request), actorOf(request), request.params.companyId);
        return reply.code(204).send(null);
      },
    );

    r.get(
      '/closure-requests',
      {
        schema: {
          tags,
          summary:
            'Requests to close companies accounts, of one state (pending: oldest first) or all (admin)',
          querystring: ClosureRequestsQuery,
          response: { 200: ClosureRequestsResponse, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => closure.list(request.query),
    );

    r.post(
      '/closure-requests/:id/approve',
      {
        schema: {
          tags,
          summary:
            "Approves a pending request: the company's personal data, members and files are erased; its name and NIF, " +
            'published results, seals, decisions and anonymised figures stay; mailed to its owners; 409 ' +
            'closure_decided when it is not pending (admin)',
          params: IdParams,
          response: { 200: ClosureRequest, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => closure.approve(actorOf(request), request.params.id),
    );

    r.post(
      '/closure-requests/:id/refuse',
      {
        schema: {
          tags,
          summary: 'Refuses a pending request with a reason; mailed to its owners (admin)',
          params: IdParams,
          body: RefuseClosureRequest,
          response: { 200: ClosureRequest, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => closure.refuse(actorOf(request), request.params.id, request.body),
    );
  };
}
