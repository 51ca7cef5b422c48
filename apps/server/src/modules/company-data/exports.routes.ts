import { DataExport, DataExportsResponse } from '@excelencia/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../auth/caller.ts';
import { MEMBERS, PUBLIC } from '../../auth/route-access.ts';
import { actorOf } from '../../platform/actor.ts';
import { attachment, sendStream } from '../../platform/attachment.ts';
import { errorResponses, errorResponsesWith } from '../../platform/error-responses.ts';
import { requestLanguage } from '../../platform/request-language.ts';
import { CompanyParams } from '../../platform/route-schemas.ts';
import type { ExportDownload, ExportsService } from './exports.service.ts';

const OWNERS = { roles: ['company'] as ['company'] };
/** The mailed link is public: bounded per address, as other token links are. */
const LINK = { ...PUBLIC, rateLimit: { max: 30, timeWindow: '1 minute' } };
const tags = ['company data'];
const ExportParams = CompanyParams.extend({ id: z.uuid() });
const TokenParams = z.object({ token: z.string().min(1).max(200) });

function sendZip(reply: FastifyReply, file: ExportDownload) {
  reply.header('content-type', 'application/zip');
  reply.header('content-disposition', attachment(file.name));
  return sendStream(reply, file);
}

export function exportsRoutes(deps: { exports: ExportsService }) {
  const { exports } = deps;
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/companies/:companyId/exports',
      {
        schema: {
          tags,
          summary:
            "Asks for an export of everything the portal keeps of the company (owner): 202, a job builds the zip and the owner is mailed a link for 7 days; 409 while one is being prepared, 429 past the day's limit",
          params: CompanyParams,
          response: { 202: DataExport, ...errorResponsesWith(429) },
        },
        config: OWNERS,
      },
      async (request, reply) =>
        reply
          .code(202)
          .send(
            await exports.request(
              caller(request),
              actorOf(request),
              request.params.companyId,
              requestLanguage(request),
            ),
          ),
    );

    r.get(
      '/companies/:companyId/exports',
      {
        schema: {
          tags,
          summary: "The company's data exports, newest first, with their progress (owner, admins)",
          params: CompanyParams,
          response: { 200: DataExportsResponse, ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request) => exports.list(caller(request), request.params.companyId),
    );

    r.get(
      '/companies/:companyId/exports/:id/file',
      {
        schema: {
          tags,
          summary: "A ready export's zip (owner); 410 once its 7 days are over",
          params: ExportParams,
          produces: ['application/zip'],
          response: errorResponsesWith(410),
        },
        config: OWNERS,
      },
      async (request, reply) =>
        sendZip(reply, await exports.ownerFile(caller(request), request.params.companyId, request.params.id)),
    );

    r.get(
      '/data-exports/:token',
      {
        schema: {
          tags,
          summary:
            'The zip of the export whose mailed link this is (public: the token opens that one export only); 410 after 7 days',
          params: TokenParams,
          produces: ['application/zip'],
          response: errorResponsesWith(410),
        },
        config: LINK,
      },
      async (request, reply) => sendZip(reply, await exports.linkFile(request.params.token)),
    );
  };
}
