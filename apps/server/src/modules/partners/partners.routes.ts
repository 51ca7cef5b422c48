import {
  CreatePartnerRequest,
  ErrorResponse,
  PartnerItem,
  PartnerListQuery,
  pageOf,
  UpdatePartnerRequest,
  VersionBody,
} from '@excelencia/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/actor.ts';
import { requestLanguage } from '../../platform/request-language.ts';
import { sendXlsx } from '../../platform/xlsx-export.ts';
import { PARTNER_EXPORT_COLUMNS, PARTNERS_ENTITY, type PartnersService } from './partners.service.ts';

const IdParam = z.object({ id: z.uuid() });
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const changeErrors = { ...errors, 409: ErrorResponse, 503: ErrorResponse };
const tags = ['partners'];

/** /app/api/v1/partners: partner users linked to a partner entity, provisioned at the identity provider. */
export function partnersRoutes(deps: { partners: PartnersService }) {
  const { partners } = deps;
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/partners',
      {
        schema: {
          tags,
          summary:
            'Partners: search (name, e-mail, entity), filter by entity and status, sort (name, email, ' +
            'partnerEntity, createdAt), page',
          querystring: PartnerListQuery,
          response: { 200: pageOf(PartnerItem), ...errors },
        },
        config: { roles: ['admin'] },
      },
      async (request) => partners.list(request.query, requestLanguage(request)),
    );

    r.get(
      '/partners/export',
      {
        schema: {
          tags,
          summary: 'Every partner matching the list query, as an .xlsx file',
          querystring: PartnerListQuery,
          response: { 200: z.any().describe('The .xlsx file'), ...errors },
        },
        config: { roles: ['admin'] },
      },
      async (request, reply) => {
        const language = requestLanguage(request);
        const rows = partners.exportRows(request.query, language);
        return sendXlsx(reply, { name: PARTNERS_ENTITY, language, columns: PARTNER_EXPORT_COLUMNS, rows });
      },
    );

    r.get(
      '/partners/:id',
      {
        schema: { tags, summary: 'One partner', params: IdParam, response: { 200: PartnerItem, ...errors } },
        config: { roles: ['admin'] },
      },
      async (request) => partners.get(request.params.id),
    );

    r.post(
      '/partners',
      {
        schema: {
          tags,
          summary: 'Creates a partner user (role partner) here and at the identity provider',
          body: CreatePartnerRequest,
          response: { 201: PartnerItem, ...changeErrors },
        },
        config: { roles: ['admin'] },
      },
      async (request, reply) => reply.code(201).send(await partners.create(actorOf(request), request.body)),
    );

    r.put(
      '/partners/:id',
      {
        schema: {
          tags,
          summary: 'Changes name, language and entity (409 stale_version)',
          params: IdParam,
          body: UpdatePartnerRequest,
          response: { 200: PartnerItem, ...changeErrors },
        },
        config: { roles: ['admin'] },
      },
      async (request) => partners.update(actorOf(request), request.params.id, request.body),
    );

    r.delete(
      '/partners/:id',
      {
        schema: {
          tags,
          summary:
            'Unlinks the partner: the partner role is removed, and an account left without any role is ' +
            'deactivated',
          params: IdParam,
          response: { 204: z.null().describe('Removed'), ...changeErrors },
        },
        config: { roles: ['admin'] },
      },
      async (request, reply) => {
        await partners.remove(actorOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    for (const action of ['activate', 'deactivate'] as const) {
      r.post(
        `/partners/:id/${action}`,
        {
          schema: {
            tags,
            summary:
              action === 'activate'
                ? 'Lets the partner sign in again'
                : 'Stops the partner signing in and ends their sessions at once',
            params: IdParam,
            body: VersionBody,
            response: { 200: PartnerItem, ...changeErrors },
          },
          config: { roles: ['admin'] },
        },
        async (request) =>
          partners.setActive(
            actorOf(request),
            request.params.id,
            request.body.version,
            action === 'activate',
          ),
      );
    }
  };
}
