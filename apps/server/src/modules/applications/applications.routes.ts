import {
  AdminApplicationQuery,
  Application,
  ApplicationFile,
  ApplicationHistoryEntry,
  ApplicationSummary,
  ConfirmationRequest,
  CreateApplicationRequest,
  Eligibility,
  ErrorResponse,
  EvaluationRequest,
  languageFromTag,
  localized,
  pageOf,
  ReturnRequest,
  Seal,
  translate,
  yesNoText,
} from '@excelencia/domain';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../auth/caller.ts';
import { ADMIN, MEMBERS } from '../../auth/route-access.ts';
import { actorOf } from '../../platform/actor.ts';
import { attachment, sendPdf } from '../../platform/attachment.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { noPdf } from '../../platform/files/pdf-upload.ts';
import { PDF_UPLOAD_LIMITS, withRequiredFileOnDisk } from '../../platform/multipart-file.ts';
import { requestLanguage } from '../../platform/request-language.ts';
import { CompanyItemParams, CompanyParams, IdParams, LangQuery } from '../../platform/route-schemas.ts';
import { type ExportColumn, sendXlsx } from '../../platform/xlsx-export.ts';
import type { ApplicationsService } from './applications.service.ts';
import { certificatePdf, documentsZipStream } from './applications-export.ts';
import { withDocumentUpload } from './document-upload.ts';
import type { ResultsService } from './results.service.ts';

const BASE = '/companies/:companyId/applications';

const FileParams = CompanyItemParams.extend({ fileId: z.uuid() });
const SealParams = CompanyParams.extend({ sealId: z.uuid() });
const AdminFileParams = IdParams.extend({ fileId: z.uuid() });
const DownloadQuery = z.object({ download: z.enum(['0', '1']).optional() });
const EligibilityQuery = z.object({ year: z.coerce.number().int().min(1900).max(2999).optional() });

const day = (iso: string | null) => iso?.slice(0, 10) ?? '';

/** The admin list's columns as the export writes them, in the admin's language. */
const APPLICATION_EXPORT_COLUMNS: readonly ExportColumn<ApplicationSummary>[] = [
  { header: 'applicationsAdmin:list.columns.company', value: (row) => row.companyName, width: 36 },
  { header: 'applicationsAdmin:list.columns.nif', value: (row) => row.nif, width: 12 },
  {
    header: 'applicationsAdmin:list.columns.island',
    value: (row, language) => localized(row.island, language),
    width: 16,
  },
  {
    header: 'applicationsAdmin:list.columns.section',
    value: (row, language) =>
      row.section ? `${row.section.code} – ${localized(row.section.description, language)}` : '',
    width: 36,
  },
  {
    header: 'applicationsAdmin:list.columns.status',
    value: (row, language) => translate(language, `applications:statuses.${row.status}`),
    width: 22,
  },
  { header: 'applicationsAdmin:list.columns.documents', value: (row) => row.files, width: 12 },
  {
    header: 'applicationsAdmin:list.columns.complete',
    value: (row, language) => yesNoText(row.complete, language),
    width: 12,
  },
  {
    header: 'applicationsAdmin:list.columns.eligible',
    value: (row, language) => yesNoText(row.eligible, language),
    width: 12,
  },
  { header: 'applicationsAdmin:list.columns.submittedAt', value: (row) => day(row.submittedAt), width: 14 },
  { header: 'applicationsAdmin:list.columns.decidedAt', value: (row) => day(row.decidedAt), width: 14 },
  {
    header: 'applicationsAdmin:list.columns.confirmed',
    value: (row, language) => (row.decidedAt ? yesNoText(row.confirmed, language) : ''),
    width: 12,
  },
  {
    header: 'applicationsAdmin:list.filters.renewal',
    value: (row, language) => yesNoText(row.isRenewal ?? false, language),
    width: 12,
  },
];

/** The company's application (apply, documents, submit), the status certificate, and the admin's evaluation. */
export function applicationsRoutes(deps: {
  applications: ApplicationsService;
  results: ResultsService;
  /** Where uploaded PDFs are streamed while they are checked and stored (removed after each request). */
  uploadsDir: string;
}) {
  const { applications, results, uploadsDir } = deps;
  const pdfOnDisk = { missing: noPdf, name: 'upload.pdf', root: uploadsDir };
  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(fastifyMultipart, { limits: PDF_UPLOAD_LIMITS });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['applications'];

    // ---- admin (static paths first) ----
    r.get(
      '/applications',
      {
        schema: {
          tags,
          summary: "An edition's applications: status, complete, island, CAE section, name or NIF (admin)",
          querystring: AdminApplicationQuery,
          response: { 200: pageOf(ApplicationSummary), ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => applications.adminList(request.query, requestLanguage(request)),
    );

    r.get(
      '/applications/export',
      {
        schema: {
          tags,
          summary:
            'The applications the list query matches (filters, search, sort), as an .xlsx spreadsheet (admin)',
          querystring: AdminApplicationQuery,
          response: { 200: z.any().describe('xlsx bytes'), ...errorResponses },
        },
        config: ADMIN,
      },
      async (request, reply) => {
        const language = requestLanguage(request);
        const rows = applications.adminExportRows(request.query, language);
        return sendXlsx(reply, { name: 'applications', language, columns: APPLICATION_EXPORT_COLUMNS, rows });
      },
    );

    r.get(
      '/applications/:id',
      {
        schema: {
          tags,
          summary: 'One application with its decision (admin)',
          params: IdParams,
          response: { 200: Application, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => applications.adminGet(request.params.id),
    );

    r.get(
      '/applications/:id/history',
      {
        schema: {
          tags,
          summary: "The application's changes of state: who, when, from, to, reason (admin)",
          params: IdParams,
          response: { 200: z.array(ApplicationHistoryEntry), ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => applications.history(request.params.id),
    );

    r.get(
      '/applications/:id/files.zip',
      {
        schema: {
          tags,
          summary: 'Every current document of the application in one zip (admin)',
          params: IdParams,
          response: { 200: z.any(), ...errorResponses },
        },
        config: ADMIN,
      },
      async (request, reply) => {
        const application = await applications.adminGet(request.params.id);
        const zip = documentsZipStream(await applications.adminDocuments(request.params.id));
        reply.header('content-type', 'application/zip');
        reply.header('content-disposition', attachment(`${application.nif}_documents.zip`));
        return reply.send(zip);
      },
    );

    r.get(
      '/applications/:id/files/:fileId',
      {
        schema: {
          tags,
          summary: 'One document, inline (admin)',
          params: AdminFileParams,
          querystring: DownloadQuery,
          response: { 200: z.any(), ...errorResponses },
        },
        config: ADMIN,
      },
      async (request, reply) => {
        const file = await applications.adminFile(request.params.id, request.params.fileId);
        return sendPdf(reply, file, file.name, request.query.download === '1' ? 'attachment' : 'inline');
      },
    );

    r.post(
      '/applications/:id/evaluation',
      {
        schema: {
          tags,
          summary:
            'Records the decision on a pending application; 409 already_evaluated when decided meanwhile (admin)',
          params: IdParams,
          body: EvaluationRequest,
          response: { 200: Application, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => applications.evaluate(actorOf(request), request.params.id, request.body),
    );

    r.post(
      '/applications/:id/confirmation',
      {
        schema: {
          tags,
          summary: 'A second admin confirms (or sends back) the decision (admin)',
          params: IdParams,
          body: ConfirmationRequest,
          response: { 200: Application, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => applications.confirm(actorOf(request), request.params.id, request.body),
    );

    r.post(
      '/applications/:id/return',
      {
        schema: {
          tags,
          summary:
            'Sends the application back to the company for one named document, with the reason (admin)',
          params: IdParams,
          body: ReturnRequest,
          response: { 200: Application, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => applications.returnDocument(actorOf(request), request.params.id, request.body),
    );

    // ---- company ----
    r.get(
      '/companies/:companyId/eligibility',
      {
        schema: {
          tags,
          summary:
            "The eight application criteria on the company's annual sheets of a year (default: its latest annual sheet's year, else last year) and the year before",
          params: CompanyParams,
          querystring: EligibilityQuery,
          response: { 200: Eligibility, ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request) =>
        applications.eligibility(caller(request), request.params.companyId, request.query.year),
    );

    r.get(
      BASE,
      {
        schema: {
          tags,
          summary: "The company's applications, newest edition first",
          params: CompanyParams,
          response: { 200: z.array(Application), ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request) => applications.list(caller(request), request.params.companyId),
    );

    r.post(
      BASE,
      {
        schema: {
          tags,
          summary:
            "Opens the company's application to an edition during its application window (201); applying again answers the one already opened (200)",
          params: CompanyParams,
          body: CreateApplicationRequest,
          response: { 200: Application, 201: Application, ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request, reply) => {
        const { application, created } = await applications.create(
          caller(request),
          actorOf(request),
          request.params.companyId,
          request.body.editionId,
        );
        return reply.code(created ? 201 : 200).send(application);
      },
    );

    r.get(
      `${BASE}/:id`,
      {
        schema: {
          tags,
          summary: 'One application of the company',
          params: CompanyItemParams,
          response: { 200: Application, ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request) => applications.get(caller(request), request.params.companyId, request.params.id),
    );

    r.post(
      `${BASE}/:id/files`,
      {
        schema: {
          tags,
          summary:
            'Uploads one document into its typed slot: multipart `fileType` (0-7), `issuedAt` (yyyy-mm-dd; required for a type with a validity) and file `file` (PDF, 10 MB); 409 document_expired when its validity already ran out',
          params: CompanyItemParams,
          response: { 201: ApplicationFile, 413: ErrorResponse, ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request, reply) => {
        // Answered once the temporary file is removed.
        const stored = await withDocumentUpload(request, uploadsDir, (upload) =>
          applications.addFile(
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

    r.put(
      `${BASE}/:id/files/:fileId`,
      {
        schema: {
          tags,
          summary:
            'Replaces one document (same slot): multipart `issuedAt` (as on upload) and file `file` (PDF, 10 MB)',
          params: FileParams,
          response: { 200: ApplicationFile, 413: ErrorResponse, ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request) =>
        withRequiredFileOnDisk(request, pdfOnDisk, async ({ fields, file }) => {
          const { companyId, id, fileId } = request.params;
          return applications.replaceFile(caller(request), actorOf(request), companyId, id, fileId, {
            file,
            issuedAt: fields.issuedAt,
          });
        }),
    );

    r.delete(
      `${BASE}/:id/files/:fileId`,
      {
        schema: {
          tags,
          summary: 'Removes one document',
          params: FileParams,
          response: { 204: z.null(), ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request, reply) => {
        const { companyId, id, fileId } = request.params;
        await applications.removeFile(caller(request), actorOf(request), companyId, id, fileId);
        return reply.code(204).send(null);
      },
    );

    r.get(
      `${BASE}/:id/files/:fileId`,
      {
        schema: {
          tags,
          summary: 'One document, inline (?download=1 to save it)',
          params: FileParams,
          querystring: DownloadQuery,
          response: { 200: z.any(), ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request, reply) => {
        const { companyId, id, fileId } = request.params;
        const file = await applications.file(caller(request), companyId, id, fileId);
        return sendPdf(reply, file, file.name, request.query.download === '1' ? 'attachment' : 'inline');
      },
    );

    r.post(
      `${BASE}/:id/submit`,
      {
        schema: {
          tags,
          summary: 'Submits a complete, eligible application: locks it (pending) and mails a receipt',
          params: CompanyItemParams,
          response: { 200: Application, ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request) =>
        applications.submit(caller(request), actorOf(request), request.params.companyId, request.params.id),
    );

    r.get(
      '/companies/:companyId/seals',
      {
        schema: {
          tags,
          summary: "The company's status seals",
          params: CompanyParams,
          response: { 200: z.array(Seal), ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request) => results.companySeals(caller(request), request.params.companyId),
    );

    r.get(
      '/companies/:companyId/seals/:sealId/certificate.pdf',
      {
        schema: {
          tags,
          summary: 'The status certificate, with a QR code to its public check',
          params: SealParams,
          querystring: LangQuery,
          response: { 200: z.any(), ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request, reply) => {
        const language = languageFromTag(request.query.lang) ?? requestLanguage(request);
        const { seal, edition, verifyUrl } = await results.certificate(
          caller(request),
          request.params.companyId,
          request.params.sealId,
        );
        const pdf = await certificatePdf({
          language,
          companyName: seal.companyName,
          nif: seal.nif,
          edition,
          validUntil: seal.validUntil,
          issuedAt: seal.issuedAt,
          code: seal.code,
          verifyUrl,
        });
        return sendPdf(reply, pdf, `certificate-${seal.nif}-${edition.year}.pdf`, 'attachment');
      },
    );
  };
}
