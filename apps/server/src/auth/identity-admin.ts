import type { Language, Role } from '@excelencia/domain';
import * as client from 'openid-client';
import { discover } from './oidc.ts';

export interface IdentityUser {
  id: string;
  email: string;
  name: string;
  enabled: boolean;
}

/**
 * The few account operations the portal needs at the identity provider. Implemented once over Keycloak's admin
 * REST API, which the built-in provider mirrors, so the same code works against both.
 */
export interface IdentityAdmin {
  createUser(input: {
    email: string;
    name: string;
    password?: string;
    enabled: boolean;
    roles: Role[];
    language: Language;
  }): Promise<{ id: string }>;
  findUserByEmail(email: string): Promise<IdentityUser | null>;
  setEnabled(id: string, enabled: boolean): Promise<void>;
  /** Grants exactly these portal roles (admin, company, partner); other realm roles are left alone. */
  setRoles(id: string, roles: Role[]): Promise<void>;
  setPassword(id: string, password: string): Promise<void>;
  updateProfile(id: string, profile: { name?: string; language?: Language }): Promise<void>;
  /** Removes the user (undoes a creation the portal could not complete); an unknown id is not an error. */
  deleteUser(id: string): Promise<void>;
  /** The user's one-time code credential (Keycloak's credential of type `otp`), or null when none. */
  otpCredential(id: string): Promise<{ id: string } | null>;
}

/** Portal roles this interface manages; default realm roles such as uma_authorization are never removed. */
const MANAGED_ROLES: readonly string[] = ['admin', 'company', 'partner'];

interface KeycloakUser {
  id: string;
  username?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  enabled?: boolean;
  attributes?: Record<string, string[]>;
}

interface KeycloakRole {
  id?: string;
  name: string;
}

export class IdentityAdminError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'IdentityAdminError';
    this.status = status;
  }
}

function splitName(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  const space = trimmed.indexOf(' ');
  return space < 0
    ? { firstName: trimmed, lastName: '' }
    : { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) };
}

function toIdentityUser(user: KeycloakUser): IdentityUser {
  return {
    id: user.id,
    email: (user.email ?? user.username ?? '').toLowerCase(),
    name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username || '',
    enabled: user.enabled !== false,
  };
}

export function createIdentityAdmin(options: {
  issuerUrl: string;
  adminUrl: string;
  clientId: string;
  clientSecret: string;
}): IdentityAdmin {
  const base = options.adminUrl.replace(/\/+$/, '');
  let configuration: Promise<client.Configuration> | undefined;
  let token: { value: string; expiresAt: number } | undefined;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt - 10_000 > Date.now()) return token.value;
    if (!configuration) {
      configuration = discover(options.issuerUrl, options.clientId, options.clientSecret);
      configuration.catch(() => {
        configuration = undefined;
      });
    }
    const grant = await client.clientCredentialsGrant(await configuration);
    token = { value: grant.access_token, expiresAt: Date.now() + (grant.expires_in ?? 60) * 1000 };
    return token.value;
  }

  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw new IdentityAdminError(
        `Identity admin ${method} ${path} answered ${response.status}: ${text.slice(0, 200)}`,
        response.status,
      );
    }
    return response;
  }

  async function json<T>(method: string, path: string, body?: unknown): Promise<T> {
    return (await (await call(method, path, body)).json()) as T;
  }

  const userPath = (id: string) => `/users/${encodeURIComponent(id)}`;

  async function getUser(id: string): Promise<KeycloakUser> {
    return json<KeycloakUser>('GET', userPath(id));
  }

  const admin: IdentityAdmin = {
    async createUser(input) {
      const email = input.email.toLowerCase();
      const response = await call('POST', '/users', {
        username: email,
        email,
        emailVerified: true,
        enabled: input.enabled,
        ...splitName(input.name),
        attributes: { locale: [input.language] },
        ...(input.password
          ? { credentials: [{ type: 'password', value: input.password, temporary: false }] }
          : {}),
      });
      let id = response.headers.get('location')?.split('/').pop();
      if (!id) id = (await admin.findUserByEmail(email))?.id;
      if (!id) throw new IdentityAdminError(`The created user ${email} cannot be found`, 500);
      await admin.setRoles(id, input.roles);
      return { id };
    },

    async findUserByEmail(email) {
      const users = await json<KeycloakUser[]>(
        'GET',
        `/users?email=${encodeURIComponent(email.toLowerCase())}&exact=true`,
      );
      const user = users.find((u) => (u.email ?? '').toLowerCase() === email.toLowerCase());
      return user ? toIdentityUser(user) : null;
    },

    async setEnabled(id, enabled) {
      const user = await getUser(id);
      await call('PUT', userPath(id), { ...user, enabled });
    },

    async setRoles(id, roles) {
      const realmRoles = await json<KeycloakRole[]>('GET', '/roles');
      const current = await json<KeycloakRole[]>('GET', `${userPath(id)}/role-mappings/realm`);
      const wanted = new Set<string>(roles);
      const toRemove = current.filter((r) => MANAGED_ROLES.includes(r.name) && !wanted.has(r.name));
      const have = new Set(current.map((r) => r.name));
      const toAdd = realmRoles.filter((r) => wanted.has(r.name) && !have.has(r.name));
      const missing = [...wanted].filter((name) => !realmRoles.some((r) => r.name === name));
      if (missing.length > 0) {
        throw new IdentityAdminError(`Unknown realm roles: ${missing.join(', ')}`, 400);
      }
      if (toRemove.length > 0) await call('DELETE', `${userPath(id)}/role-mappings/realm`, toRemove);
      if (toAdd.length > 0) await call('POST', `${userPath(id)}/role-mappings/realm`, toAdd);
    },

    async setPassword(id, password) {
      await call('PUT', `${userPath(id)}/reset-password`, {
        type: 'password',
        value: password,
        temporary: false,
      });
    },

    async updateProfile(id, profile) {
      const user = await getUser(id);
      const next: KeycloakUser = { ...user };
      if (profile.name !== undefined) Object.assign(next, splitName(profile.name));
      if (profile.language !== undefined) {
        next.attributes = { ...(user.attributes ?? {}), locale: [profile.language] };
      }
      await call('PUT', userPath(id), next);
    },

    async deleteUser(id) {
      try {
        await call('DELETE', userPath(id));
      } catch (error) {
        if (error instanceof IdentityAdminError && error.status === 404) return;
        throw error;
      }
    },

    async otpCredential(id) {
      const credentials = await json<{ id?: string; type?: string }[]>('GET', `${userPath(id)}/credentials`);
      const otp = credentials.find((credential) => credential.type === 'otp' && credential.id);
      return otp?.id ? { id: otp.id } : null;
    },
  };
  return admin;
}
