import {
  AdminAppealQuery,
  Appeal,
  AppealConfirmationRequest,
  AppealDecisionRequest,
  AppealRequest,
  ApplicationAppealState,
  ApplicationFile,
  ErrorResponse,
} from '@excelencia/domain';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../auth/caller.ts';
import { ADMIN, MEMBERS } from '../../auth/route-access.ts';
import { actorOf } from '../../platform/actor.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { PDF_UPLOAD_LIMITS } from '../../platform/multipart-file.ts';
import { CompanyItemParams, IdParams } from '../../platform/route-schemas.ts';
import type { AppealsService } from './appeals.service.ts';
import { withDocumentUpload } from './document-upload.ts';

const BASE = '/companies/:companyId/applications/:id/appeal';

/** An appeal is the company's own act (its owner's): admins decide appeals, they do not make them. */
const COMPANY_ONLY = { roles: ['company'] as ['company'] };

/** Appeals of refused applications: the company's appeal and its documents, the admins' four eyes. */
export function appealsRoutes(deps: { appeals: AppealsService; uploadsDir: string }) {
  const { appeals, uploadsDir } = deps;
  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(fastifyMultipart, { limits: PDF_UPLOAD_LIMITS });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['applications'];

    // ---- admin ----
    r.get(
      '/appeals',
      {
        schema: {
          tags,
          summary: "Appeals of refused applications, oldest first: an edition's, of a status (admin)",
          querystring: AdminAppealQuery,
          response: { 200: z.array(Appeal), ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => appeals.adminList(request.query),
    );

    r.get(
      '/applications/:id/appeal',
      {
        schema: {
          tags,
          summary: "The application's appeal, with its proposal, and its appeal period (admin)",
          params: IdParams,
          response: { 200: ApplicationAppealState, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => appeals.adminState(request.params.id),
    );

    r.post(
      '/appeals/:id/decision',
      {
        schema: {
          tags,
          summary:
            'Proposes the outcome of a pending appeal (upheld or dismissed) with its grounds; 409 already_evaluated when proposed meanwhile (admin)',
          params: IdParams,
          body: AppealDecisionRequest,
          response: { 200: Appeal, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => appeals.decide(actorOf(request), request.params.id, request.body),
    );

    r.post(
      '/appeals/:id/confirmation',
      {
        schema: {
          tags,
          summary:
            'A second admin confirms (or sends back) the proposed outcome; upheld issues the seal; both are mailed (admin)',
          params: IdParams,
          body: AppealConfirmationRequest,
          response: { 200: Appeal, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => appeals.confirm(actorOf(request), request.params.id, request.body),
    );

    // ---- company ----
    r.get(
      BASE,
      {
        schema: {
          tags,
          summary:
            'Whether the application may be appealed, the last day of its appeal period, and its appeal',
          params: CompanyItemParams,
          response: { 200: ApplicationAppealState, ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request) => appeals.state(caller(request), request.params.companyId, request.params.id),
    );

    r.post(
      BASE,
      {
        schema: {
          tags,
          summary:
            "Appeals a refused application within the edition's appeal period (owner); 409 not_appealable, appeal_exists or appeal_closed",
          params: CompanyItemParams,
          body: AppealRequest,
          response: { 201: Appeal, ...errorResponses },
        },
        config: COMPANY_ONLY,
      },
      async (request, reply) => {
        const appeal = await appeals.appeal(
          caller(request),
          actorOf(request),
          request.params.companyId,
          request.params.id,
          request.body,
        );
        return reply.code(201).send(appeal);
      },
    );

    r.post(
      `${BASE}/files`,
      {
        schema: {
          tags,
          summary:
            "A new document for the pending appeal (owner): multipart `fileType` (0-7), `issuedAt` and file `file` (PDF, 10 MB); it takes the place of the application's document of that type",
          params: CompanyItemParams,
          response: { 201: ApplicationFile, 413: ErrorResponse, ...errorResponses },
        },
        config: COMPANY_ONLY,
      },
      async (request, reply) => {
        const stored = await withDocumentUpload(request, uploadsDir, (upload) =>
          appeals.addFile(
            caller(request),
            actorOf(request),
            request.params.companyId,
            request.params.id,
            upload,
          ),
        );
        return reply.code(201).send(stored);
      },
    );
  };
}
