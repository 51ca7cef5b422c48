import {
  AccountByEmailResponse,
  AccountIdParam,
  AccountResponse,
  CompanyDetailsResponse,
  EmailParam,
  MeResponse,
  MyCompaniesOverviewResponse,
  MyCompaniesResponse,
  UpdateLanguageRequest,
} from '@excelencia/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../auth/caller.ts';
import { ADMIN } from '../../auth/route-access.ts';
import { sendStream } from '../../platform/attachment.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import type { AccountsService } from './accounts.service.ts';

/** The guard has already refused visitors on these routes; this narrows the type. */

export function accountsRoutes(deps: { accounts: AccountsService }) {
  const { accounts } = deps;
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/accounts/by-email/:email',
      {
        schema: {
          tags: ['accounts'],
          summary: 'An account by e-mail (own account, or any for admins)',
          params: EmailParam,
          response: { 200: AccountByEmailResponse, ...errorResponses },
        },
        config: { roles: ['uma_authorization'] },
      },
      async (request) => accounts.accountByEmail(caller(request), request.params.email),
    );

    r.get(
      '/accounts/:id',
      {
        schema: {
          tags: ['accounts'],
          summary: 'One account (admins)',
          params: AccountIdParam,
          response: { 200: AccountResponse, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => accounts.account(request.params.id),
    );

    r.get(
      '/accounts/:id/profile-pictures',
      {
        schema: {
          tags: ['accounts'],
          summary: 'The profile picture of an account (image bytes)',
          params: AccountIdParam,
          response: { 200: z.any().describe('Image bytes'), ...errorResponses },
        },
        config: { roles: ['uma_authorization'] },
      },
      async (request, reply) => {
        const picture = await accounts.profilePicture(caller(request), request.params.id);
        reply.header('cache-control', 'private, max-age=300');
        reply.header('content-disposition', 'inline');
        reply.type(picture.mime);
        return sendStream(reply, picture);
      },
    );

    r.get(
      '/company-details/by-email/:email',
      {
        schema: {
          tags: ['accounts'],
          summary: 'The first company linked to an account',
          params: EmailParam,
          response: { 200: CompanyDetailsResponse, ...errorResponses },
        },
        config: { roles: ['uma_authorization'] },
      },
      async (request) => accounts.companyDetailsByEmail(caller(request), request.params.email),
    );

    r.get(
      '/me',
      {
        schema: {
          tags: ['me'],
          summary: 'The signed-in caller',
          response: { 200: MeResponse, ...errorResponses },
        },
        config: { roles: ['uma_authorization'] },
      },
      async (request) => accounts.me(caller(request)),
    );

    r.get(
      '/me/companies',
      {
        schema: {
          tags: ['me'],
          summary: 'The companies the caller acts for (company users)',
          response: { 200: MyCompaniesResponse, ...errorResponses },
        },
        config: { roles: ['company'] },
      },
      async (request) => accounts.myCompanies(caller(request)),
    );

    r.get(
      '/me/companies/overview',
      {
        schema: {
          tags: ['me'],
          summary:
            "The companies the caller acts for, with its role and each one's latest trial balance, diagnosis and " +
            "application (an accountant's table of clients)",
          response: { 200: MyCompaniesOverviewResponse, ...errorResponses },
        },
        config: { roles: ['company'] },
      },
      async (request) => accounts.myCompaniesOverview(caller(request)),
    );

    r.put(
      '/me/language',
      {
        schema: {
          tags: ['me'],
          summary: "Stores the caller's language",
          body: UpdateLanguageRequest,
          response: { 200: UpdateLanguageRequest, ...errorResponses },
        },
        config: { roles: ['uma_authorization'] },
      },
      async (request) => accounts.setLanguage(caller(request), request.body.language),
    );
  };
}
