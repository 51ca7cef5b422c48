import {
  AdminDiagnosisQuery,
  CreateDiagnosisRequest,
  Diagnosis,
  DiagnosisSummary,
  type DistributionRow,
  ErrorResponse,
  IndicatorSeries,
  IndicatorSeriesQuery,
  IndicatorStatistics,
  IndicatorStatisticsQuery,
  type Language,
  type LocalizedText,
  languageFromTag,
  pageOf,
  translate,
  WhatIfResponse,
} from '@excelencia/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../auth/caller.ts';
import { ADMIN, MEMBERS } from '../../auth/route-access.ts';
import { actorOf } from '../../platform/actor.ts';
import { attachment } from '../../platform/attachment.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { requestLanguage } from '../../platform/request-language.ts';
import { CompanyParams, LangQuery } from '../../platform/route-schemas.ts';
import { type ExportColumn, sendXlsx, XLSX_MIME } from '../../platform/xlsx-export.ts';
import type { DiagnosisService } from './diagnosis.service.ts';
import { diagnosisPdf } from './diagnosis-export-pdf.ts';
import { diagnosisXlsx } from './diagnosis-export-xlsx.ts';
import { createWhatIfService, type WhatIfService } from './what-if.service.ts';

const COMPANY_DIAGNOSES = '/companies/:companyId/diagnoses';

const DiagnosisParams = CompanyParams.extend({ id: z.uuid() });

const exportLanguage = (request: FastifyRequest, lang: string | undefined): Language =>
  languageFromTag(lang) ?? requestLanguage(request);

const localized = (text: LocalizedText | null, language: Language) =>
  text ? text[language] || text.pt : null;
const number = (value: string | null) => (value === null ? null : Number(value));

type StatisticsRow = DistributionRow & { code: string; description: LocalizedText };

const STATISTICS_COLUMNS: readonly ExportColumn<StatisticsRow>[] = [
  { header: 'diagnosis:export.code', value: (r) => r.code, width: 14 },
  {
    header: 'diagnosis:export.indicator',
    value: (r, language) => localized(r.description, language),
    width: 40,
  },
  {
    header: 'diagnosis:export.group',
    value: (r, language) =>
      r.label
        ? localized(r.label, language)
        : translate(language, r.key ? 'diagnosis:export.noGroup' : 'diagnosis:export.all'),
    width: 30,
  },
  { header: 'diagnosis:export.companies', value: (r) => r.companies, width: 12 },
  { header: 'diagnosis:export.p25', value: (r) => number(r.p25), width: 14 },
  { header: 'diagnosis:export.median', value: (r) => number(r.median), width: 14 },
  { header: 'diagnosis:export.p75', value: (r) => number(r.p75), width: 14 },
  {
    header: 'diagnosis:export.share',
    value: (r) => (r.shareMeetingTarget === null ? null : Number(r.shareMeetingTarget) * 100),
    width: 16,
  },
];

export function diagnosisRoutes(deps: { diagnosis: DiagnosisService; whatIf?: WhatIfService }) {
  const { diagnosis } = deps;
  const whatIf = deps.whatIf ?? createWhatIfService({ diagnosis });
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // ---- admin (static paths first) ----
    r.get(
      '/diagnoses',
      {
        schema: {
          tags: ['diagnosis'],
          summary: 'Diagnoses across companies, newest first: company, company name or NIF (admin)',
          querystring: AdminDiagnosisQuery,
          response: { 200: pageOf(DiagnosisSummary), ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => diagnosis.adminList(request.query),
    );

    r.get(
      '/diagnosis-statistics',
      {
        schema: {
          tags: ['diagnosis'],
          summary:
            'One indicator across companies (each counts once: its latest sheet of the frequency in the year) by ' +
            'island, CAE section or employee range: quartiles and share meeting the target (admin)',
          querystring: IndicatorStatisticsQuery,
          response: { 200: IndicatorStatistics, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => diagnosis.statistics(request.query),
    );

    r.get(
      '/diagnosis-statistics/export',
      {
        schema: {
          tags: ['diagnosis'],
          summary: "Every indicator's distribution by the chosen dimension, as .xlsx (admin)",
          querystring: IndicatorStatisticsQuery,
          response: { 200: z.any().describe('xlsx bytes'), ...errorResponses },
        },
        config: ADMIN,
      },
      async (request, reply) => {
        const rows = await diagnosis.statisticsRows(request.query);
        return sendXlsx(reply, {
          name: 'indicator-statistics',
          language: requestLanguage(request),
          columns: STATISTICS_COLUMNS,
          rows: (async function* () {
            yield* rows;
          })(),
        });
      },
    );

    // ---- a company's diagnoses ----
    r.get(
      COMPANY_DIAGNOSES,
      {
        schema: {
          tags: ['diagnosis'],
          summary:
            "A company's saved diagnoses, newest first (members and admins; other companies' ids: 404)",
          params: CompanyParams,
          response: { 200: z.array(DiagnosisSummary), ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request) => diagnosis.list(caller(request), request.params.companyId),
    );

    r.post(
      COMPANY_DIAGNOSES,
      {
        schema: {
          tags: ['diagnosis'],
          summary:
            'Runs and saves a diagnosis of a balance sheet, optionally compared with a previous one (type ' +
            "'simple' or 'comparison'): every active criterion in the order EE, F, L, RE, RF, C, with value, " +
            'target, pass or fail, the inputs behind it, the change from the previous sheet and the sector median',
          params: CompanyParams,
          body: CreateDiagnosisRequest,
          response: { 201: Diagnosis, ...errorResponses, 409: ErrorResponse },
        },
        config: MEMBERS,
      },
      async (request, reply) => {
        const created = await diagnosis.create(
          caller(request),
          actorOf(request),
          request.params.companyId,
          request.body,
        );
        return reply.code(201).send(created);
      },
    );

    r.get(
      `/companies/:companyId/indicators`,
      {
        schema: {
          tags: ['diagnosis'],
          summary:
            "A company's indicators over its periods of one frequency (oldest first), with their targets",
          params: CompanyParams,
          querystring: IndicatorSeriesQuery,
          response: { 200: IndicatorSeries, ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request) => diagnosis.series(caller(request), request.params.companyId, request.query.frequency),
    );

    r.get(
      `${COMPANY_DIAGNOSES}/:id`,
      {
        schema: {
          tags: ['diagnosis'],
          summary: 'A saved diagnosis, exactly as it was computed',
          params: DiagnosisParams,
          response: { 200: Diagnosis, ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request) => diagnosis.get(caller(request), request.params.companyId, request.params.id),
    );

    r.get(
      `${COMPANY_DIAGNOSES}/:id/what-if`,
      {
        schema: {
          tags: ['diagnosis'],
          summary:
            'What would make each failed criterion of a saved diagnosis pass: per criterion its levers, the ' +
            'smallest single change of one figure (capitalInjection, ebitda, netFinancialDebt, netResult, ' +
            "turnover; signed, whole escudos of the sheet's own period) and the value it gives",
          params: DiagnosisParams,
          response: { 200: WhatIfResponse, ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request) => whatIf.levers(caller(request), request.params.companyId, request.params.id),
    );

    r.get(
      `${COMPANY_DIAGNOSES}/:id/export.pdf`,
      {
        schema: {
          tags: ['diagnosis'],
          summary:
            'A saved diagnosis as PDF, in the language of ?lang= (pt, en, fr; else the request language)',
          params: DiagnosisParams,
          querystring: LangQuery,
          response: { 200: z.any().describe('PDF bytes'), ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request, reply) => {
        const found = await diagnosis.get(caller(request), request.params.companyId, request.params.id);
        const language = exportLanguage(request, request.query.lang);
        const data = await diagnosisPdf(found, language);
        reply.header('content-type', 'application/pdf');
        reply.header('content-disposition', attachment(`${fileNameOf(found, language)}.pdf`));
        return reply.send(data);
      },
    );

    r.get(
      `${COMPANY_DIAGNOSES}/:id/export.xlsx`,
      {
        schema: {
          tags: ['diagnosis'],
          summary:
            'A saved diagnosis as .xlsx, in the language of ?lang= (pt, en, fr; else the request language)',
          params: DiagnosisParams,
          querystring: LangQuery,
          response: { 200: z.any().describe('xlsx bytes'), ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request, reply) => {
        const found = await diagnosis.get(caller(request), request.params.companyId, request.params.id);
        const language = exportLanguage(request, request.query.lang);
        const data = await diagnosisXlsx(found, language);
        reply.header('content-type', XLSX_MIME);
        reply.header('content-disposition', attachment(`${fileNameOf(found, language)}.xlsx`));
        return reply.send(data);
      },
    );

    r.delete(
      `${COMPANY_DIAGNOSES}/:id`,
      {
        schema: {
          tags: ['diagnosis'],
          summary: 'Deletes a saved diagnosis (soft: kept for history, gone from every list)',
          params: DiagnosisParams,
          response: { 204: z.null(), ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request, reply) => {
        await diagnosis.remove(
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

/** '<title>-<company>-<sheet end date>' in the export's language. */
function fileNameOf(found: Diagnosis, language: Language): string {
  const title = translate(language, 'diagnosis:export.title');
  return `${title} - ${found.companyName} - ${found.balanceSheet.endDate}`.replace(/[\\/:*?"<>|]/g, '_');
}
