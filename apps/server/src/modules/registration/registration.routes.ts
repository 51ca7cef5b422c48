import {
  AcceptInvitationRequest,
  CaeDivisionOptionsQuery,
  CityOptionsQuery,
  ConfirmRegistrationRequest,
  ErrorResponse,
  InvitationAccepted,
  InvitationJoined,
  InvitationSummary,
  InvitationTokenParam,
  JoinInvitationRequest,
  NifConflict,
  NifConflictSettled,
  PreRegisterCompanyRequest,
  PreRegistrationIdParam,
  PreRegistrationItem,
  PreRegistrationListQuery,
  PublicOption,
  pageOf,
  RegisterCompanyRequest,
  RegistrationConfirmed,
  RegistrationPending,
  ResendAccepted,
  ResendRegistrationRequest,
  SettleNifConflictRequest,
} from '@excelencia/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../auth/caller.ts';
import { ADMIN } from '../../auth/route-access.ts';
import { actorOf } from '../../platform/actor.ts';
import { errorResponses, errorResponsesWith } from '../../platform/error-responses.ts';
import { requestLanguage } from '../../platform/request-language.ts';
import type { InvitationsService } from './invitations.service.ts';
import type { NifClaimsService } from './nif-claims.service.ts';
import type { createPublicOptions } from './reference-checks.ts';
import type { RegistrationService } from './registration.service.ts';

/** Requests per minute and client address. */
const perMinute = (max: number) => ({ max, timeWindow: '1 minute' });
const visitors = (max: number) => ({ roles: 'public' as const, rateLimit: perMinute(max) });
/** The forms' options: the same for every visitor, kept for a few seconds once made (platform/public-answers.ts). */
const OPTIONS = { ...visitors(120), publicAnswer: true as const };

/**
 * Company onboarding under /app/api/v1: the public options of the registration form, registration with e-mail
 * confirmation, invitations, the administrator's pre-registrations and the NIFs claimed twice.
 */
export function registrationRoutes(deps: {
  registrations: RegistrationService;
  invitations: InvitationsService;
  nifClaims: NifClaimsService;
  options: ReturnType<typeof createPublicOptions>;
}) {
  const { registrations, invitations, nifClaims, options } = deps;
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const optionsSchema = (summary: string) => ({
      tags: ['public'],
      summary,
      response: { 200: z.array(PublicOption), ...errorResponsesWith(429) },
    });

    r.get(
      '/public/options/cae-sections',
      { schema: optionsSchema('Active CAE sections (registration form)'), config: OPTIONS },
      async (request) => options.caeSections(requestLanguage(request)),
    );
    r.get(
      '/public/options/cae-divisions',
      {
        schema: {
          ...optionsSchema('Active CAE divisions, of one section'),
          querystring: CaeDivisionOptionsQuery,
        },
        config: OPTIONS,
      },
      async (request) => options.caeDivisions(requestLanguage(request), request.query.sectionId),
    );
    r.get(
      '/public/options/islands',
      { schema: optionsSchema('Active islands (registration form)'), config: OPTIONS },
      async (request) => options.islands(requestLanguage(request)),
    );
    r.get(
      '/public/options/company-types',
      { schema: optionsSchema('Active company types (company profile form)'), config: OPTIONS },
      async (request) => options.companyTypes(requestLanguage(request)),
    );

    r.get(
      '/public/options/cities',
      {
        schema: { ...optionsSchema('Active cities, of one island'), querystring: CityOptionsQuery },
        config: OPTIONS,
      },
      async (request) => options.cities(requestLanguage(request), request.query.islandId),
    );

    const tags = ['registration'];
    r.post(
      '/registrations',
      {
        schema: {
          tags,
          summary:
            'Registers a company; the account stays disabled until the link sent by e-mail is followed (48 h). ' +
            'The answer is the same whether the address is new, waits for a confirmation or has an account (the ' +
            'mail says which); 409 nif_taken only for the NIF of a confirmed company',
          body: RegisterCompanyRequest,
          response: { 202: RegistrationPending, ...errorResponsesWith(410, 429, 503) },
        },
        config: visitors(10),
      },
      async (request, reply) => reply.code(202).send(await registrations.register(request.body, request.id)),
    );
    r.post(
      '/registrations/confirm',
      {
        schema: {
          tags,
          summary: 'Confirms a registration: creates the company and enables the account (single use)',
          body: ConfirmRegistrationRequest,
          response: { 200: RegistrationConfirmed, ...errorResponsesWith(410, 429, 503) },
        },
        config: visitors(30),
      },
      async (request) => registrations.confirm(request.body.token, request.id),
    );
    r.post(
      '/registrations/resend',
      {
        schema: {
          tags,
          summary:
            'Sends a fresh confirmation link when an unconfirmed registration exists, at most 3 registration ' +
            'mails an hour to one address whoever asks (always 202)',
          body: ResendRegistrationRequest,
          response: { 202: ResendAccepted, ...errorResponsesWith(429) },
        },
        config: visitors(10),
      },
      async (request, reply) => {
        await registrations.resend(request.body.email, request.id);
        return reply.code(202).send({ status: 'accepted' as const });
      },
    );

    r.get(
      '/invitations/:token',
      {
        schema: {
          tags,
          summary:
            'The invitation of a link: company, e-mail and name of the invited person, the role it gives, its ' +
            "kind (an administrator's pre-registration of the owner, or a team's) and whether the address has an " +
            'account (the link holder signs in and joins instead of setting a password)',
          params: InvitationTokenParam,
          response: { 200: InvitationSummary, ...errorResponsesWith(410, 429, 503) },
        },
        config: visitors(30),
      },
      async (request) => invitations.summary(request.params.token),
    );
    r.post(
      '/invitations/accept',
      {
        schema: {
          tags,
          summary:
            'Accepts an invitation: sets the password and links the account to the company with the role ' +
            "invited; a team's invitation of an address that has an account answers 409 sign_in_to_join",
          body: AcceptInvitationRequest,
          response: { 200: InvitationAccepted, ...errorResponsesWith(410, 429, 503) },
        },
        config: visitors(30),
      },
      async (request) => invitations.accept(request.body, request.id),
    );
    r.post(
      '/invitations/join',
      {
        schema: {
          tags,
          summary:
            "Joins the invitation's company with its role, signed in (no password change); 403 " +
            "invitation_for_another unless the caller's e-mail is the invitation's, 410 for a used or expired link",
          body: JoinInvitationRequest,
          response: { 200: InvitationJoined, ...errorResponsesWith(410, 429, 503) },
        },
        config: { roles: ['uma_authorization'], rateLimit: perMinute(30) },
      },
      async (request) => invitations.join(caller(request), request.body.token, request.id),
    );

    const adminTags = ['companies'];
    r.get(
      '/companies/pre-registrations',
      {
        schema: {
          tags: adminTags,
          summary: 'Pre-registered companies with their invitation state (pending, accepted, expired)',
          querystring: PreRegistrationListQuery,
          response: { 200: pageOf(PreRegistrationItem), ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => invitations.list(request.query),
    );
    r.post(
      '/companies/pre-registrations',
      {
        schema: {
          tags: adminTags,
          summary:
            'Pre-registers a company; its responsible person is invited by e-mail (7 days). 409 invitation_pending ' +
            'when the address already has an invitation waiting, nif_taken when a confirmed company or a ' +
            'pending pre-registration holds the NIF',
          body: PreRegisterCompanyRequest,
          response: { 201: PreRegistrationItem, ...errorResponses, 409: ErrorResponse },
        },
        config: ADMIN,
      },
      async (request, reply) =>
        reply.code(201).send(await invitations.preRegister(actorOf(request), request.body)),
    );
    r.post(
      '/companies/pre-registrations/:id/resend',
      {
        schema: {
          tags: adminTags,
          summary: 'Sends the invitation again with a fresh link (the previous one stops working)',
          params: PreRegistrationIdParam,
          response: { 200: PreRegistrationItem, ...errorResponses, 409: ErrorResponse },
        },
        config: ADMIN,
      },
      async (request) => invitations.resend(actorOf(request), request.params.id),
    );

    r.get(
      '/companies/nif-conflicts',
      {
        schema: {
          tags: adminTags,
          summary:
            'NIFs claimed twice or more while a claim is not confirmed (registrations waiting for their ' +
            'e-mail confirmation, pre-registrations not accepted, the confirmed company), newest first',
          response: { 200: z.array(NifConflict), ...errorResponses },
        },
        config: ADMIN,
      },
      async () => nifClaims.list(),
    );
    r.post(
      '/companies/nif-conflicts/settle',
      {
        schema: {
          tags: adminTags,
          summary:
            'Keeps one claim of a NIF; the other unconfirmed claims are cancelled and their claimants mailed in ' +
            'their language (404 when the claim or the conflict is gone, 409 when a confirmed company holds it)',
          body: SettleNifConflictRequest,
          response: { 200: NifConflictSettled, ...errorResponses, 409: ErrorResponse },
        },
        config: ADMIN,
      },
      async (request) => nifClaims.settle(actorOf(request), request.body),
    );
  };
}
