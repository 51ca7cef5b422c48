import { ApplicationMessage, ApplicationMessageRequest } from '@excelencia/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../auth/caller.ts';
import { ADMIN, MEMBERS } from '../../auth/route-access.ts';
import { actorOf } from '../../platform/actor.ts';
import { errorResponses, errorResponsesWith } from '../../platform/error-responses.ts';
import { requestLanguage } from '../../platform/request-language.ts';
import { CompanyItemParams, IdParams } from '../../platform/route-schemas.ts';
import type { ApplicationMessagesService } from './messages.service.ts';

/** The thread of an application, from the company's side and from the evaluators'. */
export function applicationMessagesRoutes(deps: { messages: ApplicationMessagesService }) {
  const { messages } = deps;
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['applications'];

    r.get(
      '/applications/:id/messages',
      {
        schema: {
          tags,
          summary: "The application's messages between the company and the evaluators, oldest first (admin)",
          params: IdParams,
          response: { 200: z.array(ApplicationMessage), ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => messages.adminList(request.params.id, requestLanguage(request)),
    );

    r.post(
      '/applications/:id/messages',
      {
        schema: {
          tags,
          summary:
            "Writes to the company as the evaluators: mailed to the company's members in their language (201); 410 for a closed company, 429 past 20 an hour (admin)",
          params: IdParams,
          body: ApplicationMessageRequest,
          response: { 201: ApplicationMessage, ...errorResponsesWith(410, 429) },
        },
        config: ADMIN,
      },
      async (request, reply) => {
        const message = await messages.adminPost(
          caller(request),
          actorOf(request),
          request.params.id,
          request.body.body,
        );
        return reply.code(201).send(message);
      },
    );

    r.get(
      '/companies/:companyId/applications/:id/messages',
      {
        schema: {
          tags,
          summary:
            "The application's messages, oldest first; the evaluators' are signed by the evaluation team (any member)",
          params: CompanyItemParams,
          response: { 200: z.array(ApplicationMessage), ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request) =>
        messages.list(caller(request), request.params.companyId, request.params.id, requestLanguage(request)),
    );

    r.post(
      '/companies/:companyId/applications/:id/messages',
      {
        schema: {
          tags,
          summary:
            'Writes to the evaluators: mailed to the admins in their language (201); owner and accountant; 429 past 20 an hour',
          params: CompanyItemParams,
          body: ApplicationMessageRequest,
          response: { 201: ApplicationMessage, ...errorResponsesWith(429) },
        },
        config: MEMBERS,
      },
      async (request, reply) => {
        const { companyId, id } = request.params;
        const message = await messages.post(
          caller(request),
          actorOf(request),
          companyId,
          id,
          request.body.body,
        );
        return reply.code(201).send(message);
      },
    );
  };
}
