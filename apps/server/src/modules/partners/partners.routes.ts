import {
  CreatePartnerRequest,
  PartnerItem,
  PartnerListQuery,
  pageOf,
  UpdatePartnerRequest,
  VersionBody,
} from '@excelencia/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN } from '../../auth/route-access.ts';
import { actorOf } from '../../platform/actor.ts';
import { errorResponses, errorResponsesWith } from '../../platform/error-responses.ts';
import { requestLanguage } from '../../platform/request-language.ts';
import { IdParams } from '../../platform/route-schemas.ts';
import { sendXlsx } from '../../platform/xlsx-export.ts';
import { PARTNER_EXPORT_COLUMNS, PARTNERS_ENTITY, type PartnersService } from './partners.service.ts';

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
          response: { 200: pageOf(PartnerItem), ...errorResponses },
        },
        config: ADMIN,
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
          response: { 200: z.any().describe('The .xlsx file'), ...errorResponses },
        },
        config: ADMIN,
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
        schema: {
          tags,
          summary: 'One partner',
          params: IdParams,
          response: { 200: PartnerItem, ...errorResponses },
        },
        config: ADMIN,
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
          response: { 201: PartnerItem, ...errorResponsesWith(503) },
        },
        config: ADMIN,
      },
      async (request, reply) => reply.code(201).send(await partners.create(actorOf(request), request.body)),
    );

    r.put(
      '/partners/:id',
      {
        schema: {
          tags,
          summary: 'Changes name, language and entity (409 stale_version)',
          params: IdParams,
          body: UpdatePartnerRequest,
          response: { 200: PartnerItem, ...errorResponsesWith(503) },
        },
        config: ADMIN,
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
          params: IdParams,
          response: { 204: z.null().describe('Removed'), ...errorResponsesWith(503) },
        },
        config: ADMIN,
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
            params: IdParams,
            body: VersionBody,
            response: { 200: PartnerItem, ...errorResponsesWith(503) },
          },
          config: ADMIN,
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
