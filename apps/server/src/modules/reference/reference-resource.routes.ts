import { type ListQuery, pageOf } from '@excelencia/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../platform/actor.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { orderBy } from '../../platform/listing.ts';
import { requestLanguage } from '../../platform/request-language.ts';
import { sendXlsx } from '../../platform/xlsx-export.ts';
import type { ReferenceTable, ResourceDefinition, ResourceService } from './reference-resource.service.ts';

/**
 * The six routes of a definition-driven reference resource (list, export, get, create, update, delete), admins
 * only, described in OpenAPI from the definition's shared schemas.
 */

export const IdParam = z.object({ id: z.uuid() });
export type IdParam = z.infer<typeof IdParam>;
type Query = ListQuery & Record<string, unknown>;
export const ADMIN_ONLY = { roles: ['admin'] } as { roles: ['admin'] };

/** Registers GET list, GET export, GET one, POST, PUT and DELETE of a resource (admins only). */
export function registerResourceRoutes<
  TTable extends ReferenceTable,
  TCreate extends Record<string, unknown>,
  TItem extends { id: string },
>(
  api: FastifyInstance,
  def: ResourceDefinition<TTable, TCreate, TItem>,
  service: ResourceService<TCreate, TItem>,
): void {
  const r = api;
  const base = `/${def.path}`;
  const tags = [def.tag ?? 'reference'];
  const { create, update, item, listQuery } = def.schemas;

  r.get(
    base,
    {
      schema: {
        tags,
        summary: `List ${def.path} (search, sort, filters, pages)`,
        querystring: listQuery,
        response: { 200: pageOf(item), ...errorResponses },
      },
      config: ADMIN_ONLY,
    },
    async (request) => service.list(request.query as Query, requestLanguage(request)),
  );

  r.get(
    `${base}/export`,
    {
      schema: {
        tags,
        summary: `Every ${def.path} row matching the filter, as an .xlsx spreadsheet`,
        querystring: listQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: { 200: z.any().describe('The .xlsx file'), ...errorResponses },
      },
      config: ADMIN_ONLY,
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const query = request.query as Query;
      const rows = service.exportRows(query, language);
      // Fail on a bad query (unknown sort) before the first byte is sent.
      orderBy(def.sortable, query, language, {
        defaultSort: def.defaultSort,
        tieBreaker: def.table.id,
      });
      return sendXlsx(reply, { name: def.path, language, columns: def.exportColumns, rows });
    },
  );

  r.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: `One of ${def.path}`,
        params: IdParam,
        response: { 200: item, ...errorResponses },
      },
      config: ADMIN_ONLY,
    },
    async (request) => service.get((request.params as IdParam).id),
  );

  r.post(
    base,
    {
      schema: {
        tags,
        summary: `Creates one of ${def.path}`,
        body: create,
        response: { 201: item, ...errorResponses },
      },
      config: ADMIN_ONLY,
    },
    async (request, reply) => {
      const created = await service.create(actorOf(request), request.body as TCreate);
      return reply.code(201).send(created);
    },
  );

  r.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: `Updates one of ${def.path} (409 stale_version when version is not the stored one)`,
        params: IdParam,
        body: update,
        response: { 200: item, ...errorResponses },
      },
      config: ADMIN_ONLY,
    },
    async (request) =>
      service.update(
        actorOf(request),
        (request.params as IdParam).id,
        request.body as TCreate & { version: number },
      ),
  );

  r.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: `Deletes one of ${def.path} (409 in_use while others refer to it)`,
        params: IdParam,
        response: { 204: z.null().describe('Deleted'), ...errorResponses },
      },
      config: ADMIN_ONLY,
    },
    async (request, reply) => {
      await service.remove(actorOf(request), (request.params as IdParam).id);
      return reply.code(204).send();
    },
  );
}
