import {
  DistinguishedCompany,
  Edition,
  type EditionFunnel,
  EditionInput,
  EditionResults,
  EditionUpdate,
  ErrorResponse,
  hasRole,
  languageFromTag,
  PublishReadiness,
  Seal,
  SealActionRequest,
  SealVerification,
} from '@excelencia/domain';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../auth/caller.ts';
import { ADMIN, PUBLIC, PUBLIC_ANSWER } from '../../auth/route-access.ts';
import { actorOf } from '../../platform/actor.ts';
import { attachment, sendPdf } from '../../platform/attachment.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { notFound } from '../../platform/errors.ts';
import { noPdf } from '../../platform/files/pdf-upload.ts';
import { PDF_UPLOAD_LIMITS, withRequiredFileOnDisk } from '../../platform/multipart-file.ts';
import { requestLanguage } from '../../platform/request-language.ts';
import { IdParams, LangQuery } from '../../platform/route-schemas.ts';
import { XLSX_MIME } from '../../platform/xlsx-export.ts';
import { type PendingAppealLine, resultsReportPdf, resultsReportXlsx } from './applications-export.ts';
import type { EditionsService } from './editions.service.ts';
import type { ResultsService } from './results.service.ts';
import { sealBadgeSvg } from './seal-badge.ts';

const RESULTS_READERS = { roles: ['admin', 'partner'] as ['admin', 'partner'] };

const CodeParams = z.object({ code: z.string().regex(/^[0-9a-z]{12}$/) });
const SealsQuery = z.object({ editionId: z.uuid().optional() });
const BadgeQuery = z.object({ language: z.string().max(10).optional() });

/** Editions, publishing results, the status (seals) and their public reads. */
export function editionsRoutes(deps: {
  editions: EditionsService;
  results: ResultsService;
  /** Where uploaded PDFs are streamed while they are checked and stored (removed after each request). */
  uploadsDir: string;
  /** The edition's funnel by island, added to an admin's results report (the overview area's, wired by app.ts). */
  funnel?: (editionId: string) => Promise<EditionFunnel>;
  /** The edition's appeals still pending, added to an admin's results report (docs/adr/0031-appeals.md). */
  pendingAppeals?: (editionId: string) => Promise<PendingAppealLine[]>;
}) {
  const { editions, results, uploadsDir } = deps;
  /**
   * What only an admin's results report adds: the edition's funnel and its pending appeals (a partner's report has
   * neither: the funnel is the admins', appeals are the company's and the admins').
   */
  async function adminReportParts(request: FastifyRequest<{ Params: { id: string } }>) {
    if (!hasRole(caller(request).roles, 'admin')) return { funnel: undefined, pendingAppeals: undefined };
    const { id } = request.params;
    return { funnel: await deps.funnel?.(id), pendingAppeals: await deps.pendingAppeals?.(id) };
  }
  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(fastifyMultipart, { limits: PDF_UPLOAD_LIMITS });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['applications'];

    r.get(
      '/editions/current',
      {
        schema: {
          tags,
          summary: 'The edition the public site speaks of (404 when none is announced)',
          response: { 200: Edition, 404: ErrorResponse },
        },
        config: PUBLIC_ANSWER,
      },
      async () => {
        const current = await editions.current();
        if (!current) throw notFound('applications:editions.noCurrent');
        return current;
      },
    );

    r.get(
      '/editions',
      {
        schema: {
          tags,
          summary: 'Every edition, newest first (admin)',
          response: { 200: z.array(Edition), ...errorResponses },
        },
        config: ADMIN,
      },
      async () => editions.list(),
    );

    r.post(
      '/editions',
      {
        schema: {
          tags,
          summary: 'Creates an edition; at most one edition takes applications at a time (admin)',
          body: EditionInput,
          response: { 201: Edition, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request, reply) => reply.code(201).send(await editions.create(actorOf(request), request.body)),
    );

    r.post(
      '/editions/:id/copy',
      {
        schema: {
          tags,
          summary:
            "Creates next year's edition from this one: numbered next, every date one year later, no applications " +
            '(admin); 409 edition_overlap when its application window meets another edition’s',
          params: IdParams,
          response: { 201: Edition, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request, reply) =>
        reply.code(201).send(await editions.copy(actorOf(request), request.params.id)),
    );

    r.put(
      '/editions/:id',
      {
        schema: {
          tags,
          summary: 'Updates an edition (admin)',
          params: IdParams,
          body: EditionUpdate,
          response: { 200: Edition, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => editions.update(actorOf(request), request.params.id, request.body),
    );

    r.post(
      '/editions/:id/regulation',
      {
        schema: {
          tags,
          summary: "Uploads the edition's regulation (multipart, file `file`, PDF up to 10 MB) (admin)",
          params: IdParams,
          response: { 200: Edition, 413: ErrorResponse, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) =>
        withRequiredFileOnDisk(
          request,
          { missing: noPdf, name: 'regulation.pdf', root: uploadsDir },
          async ({ file }) => editions.setRegulation(actorOf(request), request.params.id, file),
        ),
    );

    r.get(
      '/editions/:id/regulation',
      {
        schema: {
          tags,
          summary: "The edition's regulation PDF",
          params: IdParams,
          response: { 200: z.any(), 404: ErrorResponse },
        },
        config: PUBLIC,
      },
      async (request, reply) => {
        const file = await editions.regulation(request.params.id);
        return sendPdf(reply, file, file.name, 'inline');
      },
    );

    r.get(
      '/editions/:id/results/readiness',
      {
        schema: {
          tags,
          summary:
            'Whether the results can be published: decisions still to make or to confirm, and the drafts never submitted that publishing closes (admin)',
          params: IdParams,
          response: { 200: PublishReadiness, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => results.readiness(request.params.id),
    );

    r.post(
      '/editions/:id/results/publish',
      {
        schema: {
          tags,
          summary:
            'Publishes the results once every decision is made and confirmed: seals for the qualified, mail to every applicant; closes the drafts never submitted, mailing their companies (admin)',
          params: IdParams,
          response: {
            200: z.object({
              edition: Edition,
              distinguished: z.number().int(),
              notified: z.number().int(),
              closed: z.number().int(),
            }),
            ...errorResponses,
          },
        },
        config: ADMIN,
      },
      async (request) => results.publish(actorOf(request), request.params.id),
    );

    r.get(
      '/editions/:id/results',
      {
        schema: {
          tags,
          summary:
            "A published edition's results: counts by island and CAE section, the distinguished companies",
          params: IdParams,
          response: { 200: EditionResults, ...errorResponses },
        },
        config: RESULTS_READERS,
      },
      async (request) => results.results(request.params.id),
    );

    r.get(
      '/editions/:id/results/report.pdf',
      {
        schema: {
          tags,
          summary: "The results report as PDF (an admin's with the edition's funnel)",
          params: IdParams,
          querystring: LangQuery,
          response: { 200: z.any(), ...errorResponses },
        },
        config: RESULTS_READERS,
      },
      async (request, reply) => {
        const language = languageFromTag(request.query.lang) ?? requestLanguage(request);
        const data = await results.results(request.params.id);
        const { funnel, pendingAppeals } = await adminReportParts(request);
        const pdf = await resultsReportPdf(data, language, new Date(), funnel, pendingAppeals);
        return sendPdf(reply, pdf, `results-${data.edition.year}-${language}.pdf`, 'attachment');
      },
    );

    r.get(
      '/editions/:id/results/report.xlsx',
      {
        schema: {
          tags,
          summary: "The results report as XLSX (an admin's with the edition's funnel)",
          params: IdParams,
          querystring: LangQuery,
          response: { 200: z.any(), ...errorResponses },
        },
        config: RESULTS_READERS,
      },
      async (request, reply) => {
        const language = languageFromTag(request.query.lang) ?? requestLanguage(request);
        const data = await results.results(request.params.id);
        reply.header('content-type', XLSX_MIME);
        reply.header('content-disposition', attachment(`results-${data.edition.year}-${language}.xlsx`));
        const { funnel, pendingAppeals } = await adminReportParts(request);
        return reply.send(await resultsReportXlsx(data, language, undefined, funnel, pendingAppeals));
      },
    );

    r.get(
      '/public/editions',
      {
        schema: {
          tags,
          summary: 'Editions whose results are published',
          response: { 200: z.array(Edition) },
        },
        config: PUBLIC_ANSWER,
      },
      async () => editions.published(),
    );

    r.get(
      '/public/editions/:id/distinguished',
      {
        schema: {
          tags,
          summary: "A published edition's distinguished companies",
          params: IdParams,
          response: { 200: z.array(DistinguishedCompany), 400: ErrorResponse, 404: ErrorResponse },
        },
        config: PUBLIC_ANSWER,
      },
      async (request) => results.publicDistinguished(request.params.id),
    );

    r.get(
      '/public/seals/:code',
      {
        schema: {
          tags,
          summary: 'Live check of a status certificate: valid, expired, suspended or withdrawn',
          params: CodeParams,
          response: { 200: SealVerification, 400: ErrorResponse, 404: ErrorResponse },
        },
        config: { ...PUBLIC, rateLimit: { max: 120, timeWindow: '1 minute' } },
      },
      async (request) => results.verify(request.params.code),
    );

    r.get(
      '/public/seals/:code/badge.svg',
      {
        schema: {
          tags,
          summary:
            "The status badge for the company's own website (SVG): the status now, in the language, and the seal's edition year",
          params: CodeParams,
          querystring: BadgeQuery,
          response: { 200: z.any().describe('SVG'), 400: ErrorResponse, 404: ErrorResponse },
        },
        // Embedded on companies' sites: asked for by their visitors, each from its own address.
        config: { ...PUBLIC, rateLimit: { max: 600, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const language = languageFromTag(request.query.language) ?? requestLanguage(request);
        const svg = sealBadgeSvg(await results.verify(request.params.code), language);
        reply.header('content-type', 'image/svg+xml; charset=utf-8');
        // Live enough (a suspension shows within minutes) while a busy page does not ask at every view.
        reply.header('cache-control', 'public, max-age=300');
        // Other sites show it in an <img>: the default same-origin resource policy would block it there.
        reply.header('cross-origin-resource-policy', 'cross-origin');
        return reply.send(svg);
      },
    );

    r.get(
      '/seals',
      {
        schema: {
          tags,
          summary: 'Seals, of one edition or all (admin)',
          querystring: SealsQuery,
          response: { 200: z.array(Seal), ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => results.adminSeals(request.query.editionId),
    );

    r.post(
      '/seals/:id/actions',
      {
        schema: {
          tags,
          summary: 'Suspends, reinstates or withdraws a status, with a reason (admin)',
          params: IdParams,
          body: SealActionRequest,
          response: { 200: Seal, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => results.sealAction(actorOf(request), request.params.id, request.body),
    );
  };
}
