import {
  AssistedCompany,
  CreatedPartnerApiToken,
  CreateFollowRequest,
  CreatePartnerApiTokenRequest,
  ErrorResponse,
  FollowRequestDecision,
  FollowRequestParams,
  languageFromTag,
  PartnerAccessEntry,
  PartnerAccessLogQuery,
  PartnerApiToken,
  PartnerApiTokenParams,
  PartnerCompanyParams,
  PartnerCompanyView,
  PartnerConsentItem,
  PartnerConsentParams,
  PartnerDashboard,
  PartnerFollowRequest,
  PreRegisterCompanyRequest,
  pageOf,
  UpdatePartnerConsentRequest,
} from '@excelencia/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../auth/caller.ts';
import { MEMBERS } from '../../auth/route-access.ts';
import { actorOf } from '../../platform/actor.ts';
import { attachment } from '../../platform/attachment.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { requestLanguage } from '../../platform/request-language.ts';
import { LangQuery } from '../../platform/route-schemas.ts';
import { XLSX_MIME } from '../../platform/xlsx-export.ts';
import type { ApiTokensService } from './api-tokens.service.ts';
import type { ConsentsService } from './consents.service.ts';
import type { FollowRequestsService } from './follow-requests.service.ts';
import type { PartnerAreaService } from './partner-area.service.ts';

/** The partner's reads serve its own system too (a bearer token): bounded per caller and minute. */
const PARTNER = { roles: ['partner'] as ['partner'], rateLimit: { max: 120, timeWindow: '1 minute' } };
/**
 * Pre-registrations one caller (a signed-in partner, or its system with a bearer token) may send a minute, whatever
 * its address; the entity's hourly limit is counted in the database (partner-area.service.ts).
 */
const PRE_REGISTRATIONS_PER_CALLER = {
  max: 10,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) =>
    request.auth ? `partner-pre-registration:${request.auth.accountId}` : request.ip,
};
/** Follow requests one caller may send a minute, as for pre-registrations (the entity's hourly limit: the service). */
const FOLLOW_REQUESTS_PER_CALLER = {
  max: 10,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) =>
    request.auth ? `partner-follow-request:${request.auth.accountId}` : request.ip,
};
const partnerTags = ['partner area'];
const companyTags = ['partner consents'];
const EditionParams = z.object({ editionId: z.uuid() });

/**
 * The partner area (a partner entity's users, on screen or with a bearer token) and the company's consents to
 * partner entities with the log of their reads.
 */
export function partnerAreaRoutes(deps: {
  partnerArea: PartnerAreaService;
  consents: ConsentsService;
  followRequests: FollowRequestsService;
  apiTokens: ApiTokensService;
}) {
  const { partnerArea, consents, followRequests, apiTokens } = deps;
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/partner/dashboard',
      {
        schema: {
          tags: partnerTags,
          summary: "The entity's assisted companies by edition: assisted, registered, applied, distinguished",
          response: { 200: PartnerDashboard, ...errorResponses },
        },
        config: PARTNER,
      },
      async (request) => partnerArea.dashboard(caller(request)),
    );

    r.get(
      '/partner/companies',
      {
        schema: {
          tags: partnerTags,
          summary:
            "The companies the caller's entity assists, each with its state (beyond 'registered' only under the " +
            "company's state consent) and the consent it gave",
          response: { 200: z.array(AssistedCompany), ...errorResponses },
        },
        config: PARTNER,
      },
      async (request) => partnerArea.assisted(caller(request)),
    );

    r.post(
      '/partner/companies',
      {
        schema: {
          tags: partnerTags,
          summary:
            'Pre-registers a company the entity assists: the company is created and its responsible person ' +
            'invited by e-mail, as an administrator pre-registers one (409 when the NIF is taken or the address ' +
            'already has an invitation waiting). At most 20 an hour per entity and 10 a minute per caller (429).',
          body: PreRegisterCompanyRequest,
          response: { 201: AssistedCompany, ...errorResponses, 409: ErrorResponse, 429: ErrorResponse },
        },
        config: { roles: ['partner'], rateLimit: PRE_REGISTRATIONS_PER_CALLER },
      },
      async (request, reply) =>
        reply.code(201).send(await partnerArea.register(caller(request), actorOf(request), request.body)),
    );

    r.get(
      '/partner/companies/:companyId',
      {
        schema: {
          tags: partnerTags,
          summary:
            'One company as the entity may see it: public data, state under the state consent, the 8 criteria ' +
            'against their thresholds under the diagnosis consent; 404 unless assisted or consenting. Each read ' +
            "is written to the company's access log.",
          params: PartnerCompanyParams,
          response: { 200: PartnerCompanyView, ...errorResponses },
        },
        config: PARTNER,
      },
      async (request) => partnerArea.company(caller(request), request.params.companyId),
    );

    r.get(
      '/partner/follow-requests',
      {
        schema: {
          tags: partnerTags,
          summary:
            "The entity's requests to follow registered companies, newest first, with the companies' answers",
          response: { 200: z.array(PartnerFollowRequest), ...errorResponses },
        },
        config: PARTNER,
      },
      async (request) => followRequests.list(caller(request)),
    );

    r.post(
      '/partner/follow-requests',
      {
        schema: {
          tags: partnerTags,
          summary:
            'Asks to follow a company that registered on its own, by NIF: its users are mailed and accept (the ' +
            'entity then assists it) or refuse; what the entity sees stays their consent. 404 when no company ' +
            'has the NIF; 409 when the entity assists it already, it has not completed its registration, or a ' +
            'request waits for it. At most 20 an hour per entity and 10 a minute per caller (429).',
          body: CreateFollowRequest,
          response: { 201: PartnerFollowRequest, ...errorResponses, 409: ErrorResponse, 429: ErrorResponse },
        },
        config: { roles: ['partner'], rateLimit: FOLLOW_REQUESTS_PER_CALLER },
      },
      async (request, reply) =>
        reply.code(201).send(await followRequests.create(caller(request), actorOf(request), request.body)),
    );

    r.get(
      '/partner/assisted-nifs',
      {
        schema: {
          tags: partnerTags,
          summary: "The NIFs of the entity's assisted companies, to mark them in published results",
          response: { 200: z.array(z.string()), ...errorResponses },
        },
        config: PARTNER,
      },
      async (request) => partnerArea.assistedNifs(caller(request)),
    );

    r.get(
      '/partner/results/:editionId/report.xlsx',
      {
        schema: {
          tags: partnerTags,
          summary: "A published edition's results as XLSX, the entity's assisted companies marked",
          params: EditionParams,
          querystring: LangQuery,
          response: { 200: z.any().describe('The .xlsx file'), ...errorResponses },
        },
        config: PARTNER,
      },
      async (request, reply) => {
        const language = languageFromTag(request.query.lang) ?? requestLanguage(request);
        const { data, file } = await partnerArea.resultsXlsx(
          caller(request),
          request.params.editionId,
          language,
        );
        reply.header('content-type', XLSX_MIME);
        reply.header('content-disposition', attachment(`results-${data.edition.year}-${language}.xlsx`));
        return reply.send(file);
      },
    );

    r.get(
      '/companies/:companyId/partner-consents',
      {
        schema: {
          tags: companyTags,
          summary:
            'What each partner entity that concerns the company may see of it (state, diagnosis summary): the ' +
            'entities that assist it, ask to follow it (with the request) or hold a consent',
          params: PartnerCompanyParams,
          response: { 200: z.array(PartnerConsentItem), ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request) => consents.list(caller(request), request.params.companyId),
    );

    r.put(
      '/companies/:companyId/partner-consents/:partnerEntityId',
      {
        schema: {
          tags: companyTags,
          summary: "Grants or revokes a partner entity's two levels (the company's own users only)",
          params: PartnerConsentParams,
          body: UpdatePartnerConsentRequest,
          response: { 200: PartnerConsentItem, ...errorResponses },
        },
        config: { roles: ['company'] },
      },
      async (request) =>
        consents.update(
          caller(request),
          actorOf(request),
          request.params.companyId,
          request.params.partnerEntityId,
          request.body,
        ),
    );

    r.post(
      '/companies/:companyId/follow-requests/:id/decision',
      {
        schema: {
          tags: companyTags,
          summary:
            "Accepts (the entity assists the company) or refuses a partner entity's request to follow the company " +
            "(the company's own users only); 409 when it was answered already",
          params: FollowRequestParams,
          body: FollowRequestDecision,
          response: { 200: PartnerFollowRequest, ...errorResponses, 409: ErrorResponse },
        },
        config: { roles: ['company'] },
      },
      async (request) =>
        followRequests.decide(
          caller(request),
          actorOf(request),
          request.params.companyId,
          request.params.id,
          request.body,
        ),
    );

    r.get(
      '/companies/:companyId/partner-access-log',
      {
        schema: {
          tags: companyTags,
          summary: "Who at which partner entity read the company's state or diagnosis, newest first",
          params: PartnerCompanyParams,
          querystring: PartnerAccessLogQuery,
          response: { 200: pageOf(PartnerAccessEntry), ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request) => consents.accessLog(caller(request), request.params.companyId, request.query),
    );

    r.get(
      '/users/profile/api-tokens',
      {
        schema: {
          tags: partnerTags,
          summary: "The partner entity's API tokens (never the tokens themselves), newest first",
          response: { 200: z.array(PartnerApiToken), ...errorResponses },
        },
        config: { roles: ['partner'] },
      },
      async (request) => apiTokens.list(caller(request)),
    );

    r.post(
      '/users/profile/api-tokens',
      {
        schema: {
          tags: partnerTags,
          summary:
            'Creates an API token for the entity (with the session only); the answer is the only time the token ' +
            'is shown. Send it as Authorization: Bearer <token>.',
          body: CreatePartnerApiTokenRequest,
          response: { 201: CreatedPartnerApiToken, ...errorResponses },
        },
        config: { roles: ['partner'] },
      },
      async (request, reply) =>
        reply.code(201).send(await apiTokens.create(caller(request), actorOf(request), request.body)),
    );

    r.delete(
      '/users/profile/api-tokens/:id',
      {
        schema: {
          tags: partnerTags,
          summary: "Revokes one of the entity's API tokens at once",
          params: PartnerApiTokenParams,
          response: { 204: z.null().describe('Revoked'), ...errorResponses },
        },
        config: { roles: ['partner'] },
      },
      async (request, reply) => {
        await apiTokens.revoke(caller(request), actorOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
