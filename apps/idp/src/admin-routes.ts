import { createHash } from 'node:crypto';
import { EmailParam } from '@excelencia/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  type Account,
  type AccountChanges,
  ASSIGNABLE_ROLES,
  type AssignableRole,
  DuplicateEmailError,
  isAssignableRole,
  realmRolesOf,
} from './accounts.ts';
import { bearerToken, type IdpContext } from './context.ts';
import type { IdpClient } from './types.ts';

/** Keycloak's UserRepresentation, the fields the portal uses. */
export interface UserRepresentation {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  enabled: boolean;
  emailVerified: boolean;
  createdTimestamp: number;
  attributes: Record<string, string[]>;
}

export interface RoleRepresentation {
  id: string;
  name: string;
  description: string;
  composite: false;
  clientRole: false;
  containerId: string;
}

function userRepresentation(account: Account): UserRepresentation {
  return {
    id: account.id,
    username: account.email,
    email: account.email,
    firstName: account.firstName,
    lastName: account.lastName,
    enabled: account.enabled,
    emailVerified: account.emailVerified,
    createdTimestamp: account.createdTimestamp,
    attributes: account.attributes,
  };
}

/** A stable, UUID-shaped id for a name (Keycloak's ids are UUIDs). */
function stableId(seed: string): string {
  const h = createHash('sha256').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A stable, UUID-shaped id per realm role. */
function roleId(realm: string, name: string): string {
  return stableId(`${realm}:role:${name}`);
}

/** Keycloak's CredentialRepresentation, the fields a client reads (never the secret). */
interface CredentialRepresentation {
  id: string;
  type: 'password' | 'otp';
  userLabel?: string;
  createdDate: number;
}

function credentialsOf(realm: string, account: Account): CredentialRepresentation[] {
  const out: CredentialRepresentation[] = [];
  if (account.passwordHash) {
    out.push({
      id: stableId(`${realm}:password:${account.id}`),
      type: 'password',
      createdDate: account.createdTimestamp,
    });
  }
  if (account.totp) {
    out.push({
      id: account.totp.id,
      type: 'otp',
      userLabel: 'TOTP',
      createdDate: account.totp.createdTimestamp,
    });
  }
  return out;
}

const REALM_ROLES = [...ASSIGNABLE_ROLES, 'uma_authorization'] as const;

const ROLE_DESCRIPTIONS: Record<(typeof REALM_ROLES)[number], string> = {
  admin: 'Portal administrator',
  company: 'Company user',
  partner: 'Partner user',
  uma_authorization: 'User-Managed Access (default role of every account)',
};

const attributesSchema = {
  type: 'object',
  additionalProperties: { type: 'array', items: { type: 'string', maxLength: 2048 }, maxItems: 50 },
  maxProperties: 50,
} as const;

const userProperties = {
  username: { type: 'string', maxLength: 254 },
  email: { type: 'string', maxLength: 254 },
  firstName: { type: 'string', maxLength: 255 },
  lastName: { type: 'string', maxLength: 255 },
  enabled: { type: 'boolean' },
  emailVerified: { type: 'boolean' },
  attributes: attributesSchema,
} as const;

const credentialSchema = {
  type: 'object',
  required: ['value'],
  properties: {
    type: { type: 'string' },
    value: { type: 'string', minLength: 1, maxLength: 1024 },
    temporary: { type: 'boolean' },
  },
} as const;

const roleListSchema = {
  type: 'array',
  maxItems: 50,
  items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } },
} as const;

interface UserBody {
  username?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  enabled?: boolean;
  emailVerified?: boolean;
  attributes?: Record<string, string[]>;
  credentials?: { type?: string; value: string; temporary?: boolean }[];
}

interface UserQuery {
  email?: string;
  username?: string;
  search?: string;
  exact?: string;
  enabled?: string;
  first?: string;
  max?: string;
}

function isEmail(value: string): boolean {
  return EmailParam.shape.email.safeParse(value.trim()).success;
}

/**
 * The subset of Keycloak's admin REST API the portal uses, at <origin>/admin/realms/<realm>.
 * Callers need an access token from client_credentials of a client registered with `adminApi: true`
 * (it carries realm-management roles, as a Keycloak service account with manage-users would).
 */
export async function adminRoutes(app: FastifyInstance, idp: IdpContext, clients: IdpClient[]) {
  const adminClients = new Set(clients.filter((c) => c.adminApi).map((c) => c.clientId));
  const realmRoles = REALM_ROLES.map(
    (name): RoleRepresentation => ({
      id: roleId(idp.realm, name),
      name,
      description: ROLE_DESCRIPTIONS[name],
      composite: false,
      clientRole: false,
      containerId: idp.realm,
    }),
  );
  const base = `/admin${idp.realmPath}`;

  app.addHook('onRequest', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const token = bearerToken(request.headers.authorization);
    if (!token) return reply.code(401).send({ error: 'HTTP 401 Unauthorized' });
    let payload: Record<string, unknown>;
    try {
      payload = await idp.verifyAccessToken(token);
    } catch {
      return reply.code(401).send({ error: 'HTTP 401 Unauthorized' });
    }
    const clientId = typeof payload.client_id === 'string' ? payload.client_id : '';
    const access = payload.resource_access as Record<string, { roles?: unknown }> | undefined;
    const roles = access?.['realm-management']?.roles;
    const mayManage = Array.isArray(roles) && roles.includes('manage-users');
    if (!adminClients.has(clientId) || !mayManage)
      return reply.code(403).send({ error: 'HTTP 403 Forbidden' });
  });

  app.setErrorHandler(
    (error: { validation?: unknown; statusCode?: number; message?: string }, _req, reply) => {
      if (error.validation || error.statusCode === 400) {
        return reply.code(400).send({ errorMessage: error.message ?? 'Invalid request' });
      }
      if (error.statusCode === 413 || error.statusCode === 415) {
        return reply.code(error.statusCode).send({ errorMessage: error.message ?? 'Invalid request' });
      }
      idp.logger.error({ err: error }, 'idp: admin API error');
      return reply.code(500).send({ error: 'unknown_error' });
    },
  );

  const userNotFound = (reply: FastifyReply) => reply.code(404).send({ error: 'User not found' });
  const conflict = (reply: FastifyReply) =>
    reply.code(409).send({ errorMessage: 'User exists with same email' });

  function rolesFromBody(body: { id?: string; name?: string }[]): AssignableRole[] | 'unknown' {
    const out: AssignableRole[] = [];
    for (const item of body) {
      const role = realmRoles.find((r) => (item.name ? r.name === item.name : r.id === item.id));
      if (!role) return 'unknown';
      if (isAssignableRole(role.name)) out.push(role.name);
    }
    return out;
  }

  app.post<{ Body: UserBody }>(
    `${base}/users`,
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            ...userProperties,
            credentials: { type: 'array', items: credentialSchema, maxItems: 5 },
          },
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const email = (body.email ?? body.username ?? '').trim();
      if (!isEmail(email)) return reply.code(400).send({ errorMessage: 'A valid email is required' });
      const password = body.credentials?.find((c) => (c.type ?? 'password') === 'password')?.value;
      try {
        const account = await idp.accounts.create({
          email,
          ...(body.firstName !== undefined ? { firstName: body.firstName } : {}),
          ...(body.lastName !== undefined ? { lastName: body.lastName } : {}),
          ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
          ...(body.emailVerified !== undefined ? { emailVerified: body.emailVerified } : {}),
          ...(body.attributes !== undefined ? { attributes: body.attributes } : {}),
          ...(password !== undefined ? { password } : {}),
        });
        idp.logger.info({ accountId: account.id }, 'idp: account created');
        return reply
          .code(201)
          .header('Location', `${new URL(idp.issuer()).origin}${base}/users/${account.id}`)
          .send();
      } catch (error) {
        if (error instanceof DuplicateEmailError) return conflict(reply);
        throw error;
      }
    },
  );

  app.get<{ Querystring: UserQuery }>(`${base}/users`, async (request) => {
    const q = request.query;
    const exact = q.exact === 'true';
    const matches = (value: string, wanted: string | undefined) => {
      if (wanted === undefined) return true;
      const w = wanted.trim().toLowerCase();
      return exact ? value === w : value.includes(w);
    };
    const search = q.search?.trim().toLowerCase().replaceAll('*', '');
    const first = Math.max(0, Number.parseInt(q.first ?? '0', 10) || 0);
    const max = Math.min(1000, Math.max(0, Number.parseInt(q.max ?? '100', 10) || 100));
    return idp.accounts
      .list()
      .filter((a) => matches(a.email, q.email) && matches(a.email, q.username))
      .filter((a) => q.enabled === undefined || String(a.enabled) === q.enabled)
      .filter(
        (a) =>
          !search ||
          [a.email, a.firstName.toLowerCase(), a.lastName.toLowerCase()].some((v) => v.includes(search)),
      )
      .slice(first, first + max)
      .map(userRepresentation);
  });

  app.get(`${base}/users/count`, async () => idp.accounts.list().length);

  app.get<{ Params: { id: string } }>(`${base}/users/:id`, async (request, reply) => {
    const account = idp.accounts.findById(request.params.id);
    return account ? userRepresentation(account) : userNotFound(reply);
  });

  app.put<{ Params: { id: string }; Body: UserBody }>(
    `${base}/users/:id`,
    { schema: { body: { type: 'object', properties: userProperties } } },
    async (request, reply) => {
      const body = request.body;
      if (body.email !== undefined && !isEmail(body.email)) {
        return reply.code(400).send({ errorMessage: 'A valid email is required' });
      }
      const changes: AccountChanges = {};
      if (body.email !== undefined) changes.email = body.email;
      if (body.firstName !== undefined) changes.firstName = body.firstName;
      if (body.lastName !== undefined) changes.lastName = body.lastName;
      if (body.enabled !== undefined) changes.enabled = body.enabled;
      if (body.emailVerified !== undefined) changes.emailVerified = body.emailVerified;
      if (body.attributes !== undefined) changes.attributes = body.attributes;
      try {
        const account = await idp.accounts.update(request.params.id, changes);
        if (!account) return userNotFound(reply);
        if (body.enabled !== undefined) {
          idp.logger.info(
            { accountId: account.id, enabled: account.enabled },
            'idp: account enabled changed',
          );
        }
        return reply.code(204).send();
      } catch (error) {
        if (error instanceof DuplicateEmailError) return conflict(reply);
        throw error;
      }
    },
  );

  app.delete<{ Params: { id: string } }>(`${base}/users/:id`, async (request, reply) => {
    const removed = await idp.accounts.remove(request.params.id);
    return removed ? reply.code(204).send() : userNotFound(reply);
  });

  app.put<{ Params: { id: string }; Body: { type?: string; value: string; temporary?: boolean } }>(
    `${base}/users/:id/reset-password`,
    { schema: { body: credentialSchema } },
    async (request, reply) => {
      if ((request.body.type ?? 'password') !== 'password') {
        return reply.code(400).send({ errorMessage: 'Only password credentials are supported' });
      }
      const done = await idp.accounts.setPassword(request.params.id, request.body.value);
      return done ? reply.code(204).send() : userNotFound(reply);
    },
  );

  // Keycloak's credentials of a user: the password and, when two-factor sign-in is on, the `otp` credential
  // (its id is what kc_action=delete_credential:<id> names). Secrets never leave the provider.
  app.get<{ Params: { id: string } }>(`${base}/users/:id/credentials`, async (request, reply) => {
    const account = idp.accounts.findById(request.params.id);
    if (!account) return userNotFound(reply);
    return credentialsOf(idp.realm, account);
  });

  app.delete<{ Params: { id: string; credentialId: string } }>(
    `${base}/users/:id/credentials/:credentialId`,
    async (request, reply) => {
      const account = idp.accounts.findById(request.params.id);
      if (!account) return userNotFound(reply);
      if (!account.totp || account.totp.id !== request.params.credentialId) {
        return reply.code(404).send({ error: 'Credential not found' });
      }
      await idp.accounts.removeTotp(account.id);
      idp.logger.info({ accountId: account.id }, 'idp: two-factor sign-in removed through the admin API');
      return reply.code(204).send();
    },
  );

  app.get(`${base}/roles`, async () => realmRoles);

  app.get<{ Params: { name: string } }>(`${base}/roles/:name`, async (request, reply) => {
    const role = realmRoles.find((r) => r.name === request.params.name);
    return role ?? reply.code(404).send({ error: 'Could not find role' });
  });

  const mappings = `${base}/users/:id/role-mappings/realm`;

  app.get<{ Params: { id: string } }>(mappings, async (request, reply) => {
    const account = idp.accounts.findById(request.params.id);
    if (!account) return userNotFound(reply);
    const names = realmRolesOf(account);
    return realmRoles.filter((r) => names.includes(r.name));
  });

  app.post<{ Params: { id: string }; Body: { id?: string; name?: string }[] }>(
    mappings,
    { schema: { body: roleListSchema } },
    async (request, reply) => {
      const roles = rolesFromBody(request.body);
      if (roles === 'unknown') return reply.code(404).send({ error: 'Role not found' });
      const done = await idp.accounts.addRoles(request.params.id, roles);
      return done ? reply.code(204).send() : userNotFound(reply);
    },
  );

  app.delete<{ Params: { id: string }; Body: { id?: string; name?: string }[] }>(
    mappings,
    { schema: { body: roleListSchema } },
    async (request, reply) => {
      const roles = rolesFromBody(request.body ?? []);
      if (roles === 'unknown') return reply.code(404).send({ error: 'Role not found' });
      const done = await idp.accounts.removeRoles(request.params.id, roles);
      return done ? reply.code(204).send() : userNotFound(reply);
    },
  );
}
