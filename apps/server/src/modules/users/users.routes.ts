import {
  AccountIdParam,
  CreateUserRequest,
  pageOf,
  UpdateUserRequest,
  UserItem,
  UserListQuery,
  VersionBody,
} from '@excelencia/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN } from '../../auth/route-access.ts';
import { actorOf } from '../../platform/actor.ts';
import { errorResponses, errorResponsesWith } from '../../platform/error-responses.ts';
import { requestLanguage } from '../../platform/request-language.ts';
import { sendXlsx } from '../../platform/xlsx-export.ts';
import { USER_EXPORT_COLUMNS, USERS_ENTITY, type UsersService } from './users.service.ts';

const tags = ['users'];

/** /app/api/v1/users: portal users, provisioned at the identity provider (admins only). */
export function usersRoutes(deps: { users: UsersService }) {
  const { users } = deps;
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/users',
      {
        schema: {
          tags,
          summary:
            'Users: search (name, e-mail), filter by role and status, sort (name, email, createdAt), page',
          querystring: UserListQuery,
          response: { 200: pageOf(UserItem), ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => users.list(request.query, requestLanguage(request)),
    );

    r.get(
      '/users/export',
      {
        schema: {
          tags,
          summary: 'Every user matching the list query, as an .xlsx file',
          querystring: UserListQuery,
          response: { 200: z.any().describe('The .xlsx file'), ...errorResponses },
        },
        config: ADMIN,
      },
      async (request, reply) => {
        const language = requestLanguage(request);
        const rows = users.exportRows(request.query, language);
        return sendXlsx(reply, { name: USERS_ENTITY, language, columns: USER_EXPORT_COLUMNS, rows });
      },
    );

    r.get(
      '/users/:id',
      {
        schema: {
          tags,
          summary: 'One user',
          params: AccountIdParam,
          response: { 200: UserItem, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => users.get(request.params.id),
    );

    r.post(
      '/users',
      {
        schema: {
          tags,
          summary: 'Creates a user here and at the identity provider (409 duplicate_email)',
          body: CreateUserRequest,
          response: { 201: UserItem, ...errorResponsesWith(503) },
        },
        config: ADMIN,
      },
      async (request, reply) => reply.code(201).send(await users.create(actorOf(request), request.body)),
    );

    r.put(
      '/users/:id',
      {
        schema: {
          tags,
          summary: 'Changes name, language, admin flag, and the password when given (409 stale_version)',
          params: AccountIdParam,
          body: UpdateUserRequest,
          response: { 200: UserItem, ...errorResponsesWith(503) },
        },
        config: ADMIN,
      },
      async (request) => users.update(actorOf(request), request.params.id, request.body),
    );

    for (const action of ['activate', 'deactivate'] as const) {
      r.post(
        `/users/:id/${action}`,
        {
          schema: {
            tags,
            summary:
              action === 'activate'
                ? 'Lets the user sign in again'
                : 'Stops the user signing in and ends their sessions at once',
            params: AccountIdParam,
            body: VersionBody,
            response: { 200: UserItem, ...errorResponsesWith(503) },
          },
          config: ADMIN,
        },
        async (request) =>
          users.setActive(actorOf(request), request.params.id, request.body.version, action === 'activate'),
      );
    }
  };
}
