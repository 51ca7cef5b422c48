import {
  BarometerQuery,
  BarometerResponse,
  DiagnosisPositions,
  StatisticsConsent,
  StatisticsConsentRequest,
} from '@excelencia/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../auth/caller.ts';
import { MEMBERS } from '../../auth/route-access.ts';
import { actorOf } from '../../platform/actor.ts';
import { attachment } from '../../platform/attachment.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { CompanyItemParams, CompanyParams } from '../../platform/route-schemas.ts';
import { XLSX_MIME } from '../../platform/xlsx-export.ts';
import { barometerCsv, barometerXlsx, downloadName, narrowed } from './barometer.downloads.ts';
import type { BarometerService } from './barometer.service.ts';

/** Public, without a session: the guard does not look for one (the answer is the same for everyone). */
const ANYONE = { roles: 'public' as const, anonymous: true as const };

/** The public answers may be kept by browsers and proxies for 5 minutes. */
const cacheable = (reply: FastifyReply) => reply.header('cache-control', 'public, max-age=300');

export function barometerRoutes(deps: { barometer: BarometerService }) {
  const { barometer } = deps;
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['barometer'];

    r.get(
      '/public/barometer',
      {
        schema: {
          tags,
          summary:
            "The public barometer of a year (?year=, else the latest): each active criterion's count, quartiles " +
            'and share meeting the target, overall and by ?by= (overall, island, caeSection, employeeRange), ' +
            "and the editions' counts; cells of fewer than 5 companies, dominated by one company or that would " +
            'give another away carry no figure and say why',
          querystring: BarometerQuery,
          response: { 200: BarometerResponse, ...errorResponses },
        },
        config: { ...ANYONE, publicAnswer: true },
      },
      async (request, reply) => {
        cacheable(reply);
        return barometer.barometer(request.query);
      },
    );

    r.get(
      '/public/barometer.csv',
      {
        schema: {
          tags,
          summary:
            "The barometer's table ?table= (criteria, editions; ?criterion=<code> for one) as CSV, headings and " +
            'suppression notes in ?lang=',
          querystring: BarometerQuery,
          response: { 200: z.any().describe('text/csv'), ...errorResponses },
        },
        config: ANYONE,
      },
      async (request, reply) => {
        const answer = narrowed(await barometer.barometer(request.query), request.query.criterion);
        const language = request.query.lang;
        cacheable(reply);
        reply.header('content-type', 'text/csv; charset=utf-8');
        reply.header('content-disposition', attachment(`${downloadName(answer, language)}.csv`));
        return reply.send(barometerCsv(answer, language, request.query.table));
      },
    );

    r.get(
      '/public/barometer.xlsx',
      {
        schema: {
          tags,
          summary:
            "The barometer as .xlsx: a sheet of the criteria's cells (?criterion=<code> for one) and one of the " +
            "editions' counts, in ?lang=",
          querystring: BarometerQuery,
          response: { 200: z.any().describe('xlsx bytes'), ...errorResponses },
        },
        config: ANYONE,
      },
      async (request, reply) => {
        const answer = narrowed(await barometer.barometer(request.query), request.query.criterion);
        const language = request.query.lang;
        const data = await barometerXlsx(answer, language);
        cacheable(reply);
        reply.header('content-type', XLSX_MIME);
        reply.header('content-disposition', attachment(`${downloadName(answer, language)}.xlsx`));
        return reply.send(data);
      },
    );

    r.get(
      '/companies/:companyId/diagnoses/:id/positions',
      {
        schema: {
          tags,
          summary:
            "Where each indicator of a saved diagnosis falls among the year's companies (its CAE section's and " +
            'all): quartile 1 to 4 and the three cut points, or why the group shows none (fewer than 5 companies)',
          params: CompanyItemParams,
          response: { 200: DiagnosisPositions, ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request) => barometer.positions(caller(request), request.params.companyId, request.params.id),
    );

    r.put(
      '/companies/:companyId/statistics-consent',
      {
        schema: {
          tags,
          summary:
            "Withdraws ({allowed: false}) or grants again the statistical use of the company's figures in the " +
            'barometer and the quartiles (owner)',
          params: CompanyParams,
          body: StatisticsConsentRequest,
          response: { 200: StatisticsConsent, ...errorResponses },
        },
        // The company's own choice: its owner's, not an admin's (as its consents to partners).
        config: { roles: ['company'] },
      },
      async (request) =>
        barometer.setConsent(
          caller(request),
          actorOf(request),
          request.params.companyId,
          request.body.allowed,
        ),
    );
  };
}
