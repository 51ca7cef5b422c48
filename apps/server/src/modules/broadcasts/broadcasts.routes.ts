import {
  BroadcastIdParam,
  BroadcastInput,
  BroadcastItem,
  BroadcastList,
  BroadcastPreviewRequest,
  BroadcastReach,
} from '@excelencia/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN } from '../../auth/route-access.ts';
import { actorOf } from '../../platform/actor.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import type { BroadcastsService } from './broadcasts.service.ts';

const tags = ['broadcasts'];

/**
 * /app/api/v1 broadcasts (admin): how many a filter reaches, sending a message in pt, en and fr to it (a job, in
 * batches through the outbox), and the broadcasts sent with their counts.
 */
export function broadcastsRoutes(deps: { broadcasts: BroadcastsService }) {
  const { broadcasts } = deps;
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/broadcasts/preview',
      {
        schema: {
          tags,
          summary:
            'How many companies (not closed, with an owner or accountant) and people (each account once) a ' +
            'filter reaches now',
          body: BroadcastPreviewRequest,
          response: { 200: BroadcastReach, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => broadcasts.preview(request.body.filter),
    );

    r.post(
      '/broadcasts',
      {
        schema: {
          tags,
          summary:
            'Sends a message (subject and body per language, the body sanitised) to the owners and accountants ' +
            'of the companies the filter picks, each once in their language, as a job; follow it with GET ' +
            'broadcasts/{id}. 409 while another broadcast is being sent',
          body: BroadcastInput,
          response: { 202: BroadcastItem, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request, reply) => reply.code(202).send(await broadcasts.send(actorOf(request), request.body)),
    );

    r.get(
      '/broadcasts',
      {
        schema: {
          tags,
          summary: 'The broadcasts, newest first, with their status and counts',
          response: { 200: BroadcastList, ...errorResponses },
        },
        config: ADMIN,
      },
      async () => broadcasts.list(),
    );

    r.get(
      '/broadcasts/:id',
      {
        schema: {
          tags,
          summary:
            'A broadcast with its progress (sentCount of totalRecipients in the outbox) and delivery counts',
          params: BroadcastIdParam,
          response: { 200: BroadcastItem, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => broadcasts.get(request.params.id),
    );
  };
}
