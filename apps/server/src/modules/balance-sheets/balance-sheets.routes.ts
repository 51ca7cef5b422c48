import {
  AdminBalanceSheetItem,
  BALANCE_SHEET_MAX_BYTES,
  BalanceSheetComparison,
  BalanceSheetDetail,
  BalanceSheetItem,
  BalanceSheetLineItem,
  BalanceSheetUploadFields,
  ErrorResponse,
  isCatalogKey,
  languageFromTag,
  megabytes,
  pageOf,
  SaveBalanceSheetEntry,
  translate,
} from '@excelencia/domain';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../auth/caller.ts';
import { ADMIN, MEMBERS } from '../../auth/route-access.ts';
import { actorOf } from '../../platform/actor.ts';
import { attachment, type FileStream, sendStream } from '../../platform/attachment.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { AppError } from '../../platform/errors.ts';
import { withFileOnDisk } from '../../platform/multipart-file.ts';
import { requestLanguage } from '../../platform/request-language.ts';
import { type ExportColumn, sendXlsx, XLSX_MIME } from '../../platform/xlsx-export.ts';
import {
  AdminBalanceSheetQuery,
  CompanySheetParams,
  CompanySheetsQuery,
  CompareQuery,
  EntryQuery,
  LinesQuery,
  SheetParams,
  TemplateQuery,
} from './balance-sheets.schemas.ts';
import type { BalanceSheetsService } from './balance-sheets.service.ts';
import { balanceSheetTemplate } from './template.ts';
import { noFile } from './trial-balance-file.ts';

const COMPANY_SHEETS = '/companies/:companyId/balance-sheets';

/** A workbook made here (the template) or a stored upload's stream, saved under `name`. */
function sendFile(reply: FastifyReply, data: Buffer | FileStream, name: string): FastifyReply {
  reply.header('content-type', XLSX_MIME);
  reply.header('content-disposition', attachment(name));
  return Buffer.isBuffer(data) ? reply.send(data) : sendStream(reply, data);
}

const ADMIN_EXPORT_COLUMNS: readonly ExportColumn<AdminBalanceSheetItem>[] = [
  { header: 'companies:fields.companyName', value: (s) => s.companyName, width: 36 },
  { header: 'companies:fields.nif', value: (s) => s.nif, width: 12 },
  { header: 'balanceSheetsWeb:upload.startDate', value: (s) => s.startDate, width: 12 },
  { header: 'balanceSheetsWeb:upload.endDate', value: (s) => s.endDate, width: 12 },
  {
    header: 'balanceSheetsWeb:list.frequency',
    value: (s, language) => translate(language, `balanceSheets:frequencies.${s.typeFrequence}`),
    width: 14,
  },
  { header: 'balanceSheetsWeb:list.tag', value: (s) => s.tag, width: 8 },
  {
    header: 'balanceSheetsWeb:list.source',
    value: (s, language) => translate(language, `balanceSheets:sources.${s.source}`),
    width: 20,
  },
  { header: 'balanceSheetsWeb:list.file', value: (s) => s.fileName, width: 30 },
  { header: 'balanceSheetsWeb:list.inserted', value: (s) => s.dateInsert.slice(0, 10), width: 14 },
];

export function balanceSheetsRoutes(deps: {
  balanceSheets: BalanceSheetsService;
  /** Where uploads are written while they are checked (removed after each request). */
  uploadsDir: string;
}) {
  const { balanceSheets, uploadsDir } = deps;
  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(fastifyMultipart, {
      limits: { files: 1, fileSize: BALANCE_SHEET_MAX_BYTES, fields: 10, parts: 12, fieldSize: 1000 },
    });
    const r = app.withTypeProvider<ZodTypeProvider>();

    // ---- public template ----
    r.get(
      '/balance-sheets/template.xlsx',
      {
        schema: {
          tags: ['balance-sheets'],
          summary:
            'The trial-balance template (.xlsx): header, three sample lines and a "Rules" sheet in the language ' +
            'of ?lang= (pt, en, fr; else the request language)',
          querystring: TemplateQuery,
          response: { 200: z.any().describe('xlsx bytes'), 429: ErrorResponse },
        },
        config: { roles: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const language = languageFromTag(request.query.lang) ?? requestLanguage(request);
        reply.header('cache-control', 'public, max-age=3600');
        return sendFile(
          reply,
          await balanceSheetTemplate(language),
          `trial-balance-template-${language}.xlsx`,
        );
      },
    );

    // ---- admin (before the company routes; static paths) ----
    r.get(
      '/balance-sheets',
      {
        schema: {
          tags: ['balance-sheets'],
          summary:
            'Balance sheets across companies (admin), the latest per company and period as in the company views: ' +
            'name or NIF, company, island, frequency, year',
          querystring: AdminBalanceSheetQuery,
          response: { 200: pageOf(AdminBalanceSheetItem), ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => balanceSheets.adminList(request.query),
    );

    r.get(
      '/balance-sheets/export',
      {
        schema: {
          tags: ['balance-sheets'],
          summary:
            'The balance sheets the admin list query matches (latest per company and period), as .xlsx',
          querystring: AdminBalanceSheetQuery,
          response: { 200: z.any().describe('xlsx bytes'), ...errorResponses },
        },
        config: ADMIN,
      },
      async (request, reply) =>
        sendXlsx(reply, {
          name: 'balance-sheets',
          language: requestLanguage(request),
          columns: ADMIN_EXPORT_COLUMNS,
          rows: balanceSheets.adminExportRows(request.query),
        }),
    );

    r.get(
      '/balance-sheets/compare',
      {
        schema: {
          tags: ['balance-sheets'],
          summary:
            'Two balance sheets (two periods of a company or two companies) side by side: every node value ' +
            'and right − left (admin)',
          querystring: CompareQuery,
          response: { 200: BalanceSheetComparison, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => balanceSheets.compare(request.query.left, request.query.right),
    );

    // ---- a company's sheets ----
    r.get(
      COMPANY_SHEETS,
      {
        schema: {
          tags: ['balance-sheets'],
          summary:
            "A company's balance sheets: the latest per period (same start and end), tagged, the latest period " +
            'first (by end, then start date); with ?includeReplaced=true also the sheets a later one of their ' +
            "period replaced, marked replaced: true (members and admins; other companies' ids answer 404)",
          params: CompanySheetParams,
          querystring: CompanySheetsQuery,
          response: { 200: z.array(BalanceSheetItem), ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request) =>
        balanceSheets.list(caller(request), request.params.companyId, {
          includeReplaced: request.query.includeReplaced === 'true',
        }),
    );

    r.post(
      COMPANY_SHEETS,
      {
        schema: {
          tags: ['balance-sheets'],
          summary:
            'Uploads a trial balance: multipart fields startDate, endDate, typeFrequence and the .xlsx as `file` ' +
            `(at most ${megabytes(BALANCE_SHEET_MAX_BYTES)} MB, else 413). Not a real xlsx or a zip bomb: ` +
            '400; problems of the content: 400 invalid_spreadsheet with one detail per problem (row, column). ' +
            'A refused upload stores nothing.',
          params: CompanySheetParams,
          consumes: ['multipart/form-data'],
          response: { 201: BalanceSheetItem, ...errorResponses, 413: ErrorResponse },
        },
        config: MEMBERS,
      },
      async (request, reply) => {
        const auth = caller(request);
        const language = requestLanguage(request);
        return withFileOnDisk(
          request,
          { missing: noFile, name: 'upload.xlsx', root: uploadsDir },
          async (upload) => {
            const parsed = BalanceSheetUploadFields.safeParse(upload.fields);
            if (!parsed.success) {
              throw new AppError(400, 'validation', 'errors:validation', {
                details: parsed.error.issues.map((issue) => ({
                  path: issue.path.join('.'),
                  message: isCatalogKey(issue.message) ? issue.message : 'validation:invalid',
                })),
              });
            }
            if (!upload.file) throw noFile();
            const item = await balanceSheets.upload(
              auth,
              actorOf(request),
              request.params.companyId,
              { ...parsed.data, path: upload.file.path, originalName: upload.file.filename },
              language,
            );
            return reply.code(201).send(item);
          },
        );
      },
    );

    r.post(
      `${COMPANY_SHEETS}/entries`,
      {
        schema: {
          tags: ['balance-sheets'],
          summary:
            'A balance sheet entered by hand: every leaf value (cost lines may be sent negative, as the form ' +
            'shows them). Missing leaves: 400 fill_all_fields; Assets ≠ Equity + Liabilities: 400 ' +
            'assets_mismatch with the difference (?allowAssetsMinusOneWithZeroEquityAndLiabilities=true lets Assets -1 with Equity and ' +
            'Liabilities 0 pass); unknown keys are refused',
          params: CompanySheetParams,
          querystring: EntryQuery,
          body: SaveBalanceSheetEntry,
          response: { 201: BalanceSheetDetail, ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request, reply) => {
        const detail = await balanceSheets.createEntry(
          caller(request),
          actorOf(request),
          request.params.companyId,
          {
            ...request.body,
            allowAssetsMinusOneWithZeroEquityAndLiabilities:
              request.query.allowAssetsMinusOneWithZeroEquityAndLiabilities === 'true',
          },
        );
        return reply.code(201).send(detail);
      },
    );

    r.get(
      `${COMPANY_SHEETS}/:id`,
      {
        schema: {
          tags: ['balance-sheets'],
          summary: 'One balance sheet with every node value',
          params: SheetParams,
          response: { 200: BalanceSheetDetail, ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request) => balanceSheets.get(caller(request), request.params.companyId, request.params.id),
    );

    r.put(
      `${COMPANY_SHEETS}/:id/entries`,
      {
        schema: {
          tags: ['balance-sheets'],
          summary:
            'Corrects the values of a sheet (uploaded or entered) by the same rules as an entry; a stale ' +
            'version answers 409',
          params: SheetParams,
          querystring: EntryQuery,
          body: SaveBalanceSheetEntry,
          response: { 200: BalanceSheetDetail, ...errorResponses, 409: ErrorResponse },
        },
        config: MEMBERS,
      },
      async (request) =>
        balanceSheets.updateEntry(
          caller(request),
          actorOf(request),
          request.params.companyId,
          request.params.id,
          {
            ...request.body,
            allowAssetsMinusOneWithZeroEquityAndLiabilities:
              request.query.allowAssetsMinusOneWithZeroEquityAndLiabilities === 'true',
          },
        ),
    );

    r.get(
      `${COMPANY_SHEETS}/:id/file`,
      {
        schema: {
          tags: ['balance-sheets'],
          summary: 'The original upload (404 for a sheet entered by hand)',
          params: SheetParams,
          response: { 200: z.any().describe('xlsx bytes'), ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request, reply) => {
        const file = await balanceSheets.file(caller(request), request.params.companyId, request.params.id);
        return sendFile(reply, file, file.name);
      },
    );

    r.get(
      `${COMPANY_SHEETS}/:id/lines`,
      {
        schema: {
          tags: ['balance-sheets'],
          summary: 'The stored trial-balance lines of a sheet, 100 a page',
          params: SheetParams,
          querystring: LinesQuery,
          response: { 200: pageOf(BalanceSheetLineItem), ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request) =>
        balanceSheets.lines(caller(request), request.params.companyId, request.params.id, request.query.page),
    );

    r.delete(
      `${COMPANY_SHEETS}/:id`,
      {
        schema: {
          tags: ['balance-sheets'],
          summary: 'Deletes a balance sheet (soft: kept for history, gone from every list)',
          params: SheetParams,
          response: { 204: z.null(), ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request, reply) => {
        await balanceSheets.remove(
          caller(request),
          actorOf(request),
          request.params.companyId,
          request.params.id,
        );
        return reply.code(204).send(null);
      },
    );
  };
}
