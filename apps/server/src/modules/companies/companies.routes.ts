import {
  CompanyIdParam,
  CompanyListItem,
  CompanyListQuery,
  CompanyProfile,
  DirectoryItem,
  DirectoryQuery,
  ErrorResponse,
  NameChange,
  NameChangeDecision,
  NameChangeQuery,
  PublicCompany,
  pageOf,
  UpdateCompanyRequest,
  UpdateCompanySituationRequest,
} from '@excelencia/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../auth/caller.ts';
import { ADMIN, MEMBERS, PUBLIC_ANSWER } from '../../auth/route-access.ts';
import { actorOf } from '../../platform/actor.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { requestLanguage } from '../../platform/request-language.ts';
import { IdParams } from '../../platform/route-schemas.ts';
import { sendXlsx } from '../../platform/xlsx-export.ts';
import { COMPANY_EXPORT_COLUMNS, type CompaniesService } from './companies.service.ts';
import type { NameChangesService } from './name-changes.service.ts';

/** Public reads: generous per-IP limits (the directory is searched as the visitor types). */
const PUBLIC_READ = { ...PUBLIC_ANSWER, rateLimit: { max: 600, timeWindow: '1 minute' } };

export function companiesRoutes(deps: { companies: CompaniesService; nameChanges: NameChangesService }) {
  const { companies, nameChanges } = deps;
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // ---- admin list (before /companies/:id so 'export' is not taken for an id) ----
    r.get(
      '/companies',
      {
        schema: {
          tags: ['companies'],
          summary: 'Companies (admin): search by name or NIF prefix, filters, sort, pages',
          querystring: CompanyListQuery,
          response: { 200: pageOf(CompanyListItem), ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => companies.list(request.query, requestLanguage(request)),
    );

    r.get(
      '/companies/export',
      {
        schema: {
          tags: ['companies'],
          summary: 'The companies the list query matches, as an .xlsx spreadsheet (admin)',
          querystring: CompanyListQuery,
          response: { 200: z.any().describe('xlsx bytes'), ...errorResponses },
        },
        config: ADMIN,
      },
      async (request, reply) => {
        const language = requestLanguage(request);
        const rows = companies.exportRows(request.query, language);
        return sendXlsx(reply, { name: 'companies', language, columns: COMPANY_EXPORT_COLUMNS, rows });
      },
    );

    // ---- profile ----
    // ---- name changes of companies holding the status (static paths before /companies/:id) ----
    r.get(
      '/companies/name-changes',
      {
        schema: {
          tags: ['companies'],
          summary:
            'Name changes asked for by companies holding the status, of one status (pending by default, oldest first) (admin)',
          querystring: NameChangeQuery,
          response: { 200: z.array(NameChange), ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => nameChanges.list(request.query),
    );

    r.post(
      '/companies/name-changes/:id/decision',
      {
        schema: {
          tags: ['companies'],
          summary:
            'Approves (the company takes the names asked for) or refuses (with a reason) a pending name change; ' +
            "mailed to the company's members; 409 name_change_decided when it was decided meanwhile (admin)",
          params: IdParams,
          body: NameChangeDecision,
          response: { 200: NameChange, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => nameChanges.decide(actorOf(request), request.params.id, request.body),
    );

    r.get(
      '/companies/:id/name-changes',
      {
        schema: {
          tags: ['companies'],
          summary: "The company's name changes, newest first (members and admins)",
          params: CompanyIdParam,
          response: { 200: z.array(NameChange), ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request) => nameChanges.ofCompany(caller(request), request.params.id),
    );

    r.get(
      '/companies/:id',
      {
        schema: {
          tags: ['companies'],
          summary: "A company's profile (its members and admins; other companies' ids answer 404)",
          params: CompanyIdParam,
          response: { 200: CompanyProfile, ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request) => companies.get(caller(request), request.params.id, requestLanguage(request)),
    );

    r.put(
      '/companies/:id',
      {
        schema: {
          tags: ['companies'],
          summary:
            "Edits a company's profile (members and admins). Only admins may change the NIF: a company user " +
            'sending a different NIF gets 400 nif_not_editable; while the company holds the status nobody may ' +
            "(409 nif_locked_by_seal), and a company user's change of its name or legal name becomes a request " +
            'an admin approves (the profile answers it as pendingNameChange). A stale version answers 409.',
          params: CompanyIdParam,
          body: UpdateCompanyRequest,
          response: { 200: CompanyProfile, ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request) =>
        companies.update(
          caller(request),
          actorOf(request),
          request.params.id,
          request.body,
          requestLanguage(request),
        ),
    );

    r.put(
      '/companies/:id/situation',
      {
        schema: {
          tags: ['companies'],
          summary: "Changes a company's situation (admin)",
          params: CompanyIdParam,
          body: UpdateCompanySituationRequest,
          response: { 200: CompanyProfile, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) =>
        companies.setSituation(actorOf(request), request.params.id, request.body, requestLanguage(request)),
    );

    // ---- public directory ----
    r.get(
      '/public/companies',
      {
        schema: {
          tags: ['directory'],
          summary:
            'The public company directory: listed companies only; search by name (accent- and ' +
            'case-insensitive) or NIF prefix',
          querystring: DirectoryQuery,
          response: { 200: pageOf(DirectoryItem), 400: ErrorResponse, 429: ErrorResponse },
        },
        config: PUBLIC_READ,
      },
      async (request) => companies.directory(request.query, requestLanguage(request)),
    );

    r.get(
      '/public/companies/:id',
      {
        schema: {
          tags: ['directory'],
          summary: "A listed company's public page (404 when it is not listed)",
          params: CompanyIdParam,
          response: { 200: PublicCompany, 404: ErrorResponse, 429: ErrorResponse },
        },
        config: PUBLIC_READ,
      },
      async (request) => companies.publicCompany(request.params.id, requestLanguage(request)),
    );
  };
}
