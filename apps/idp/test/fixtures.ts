import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { type IdpClient, type IdpOptions, type RunningIdp, startIdp } from '../src/index.ts';

export const PORTAL: IdpClient = {
  clientId: 'portal',
  clientSecret: 'portal-secret',
  redirectUris: ['http://127.0.0.1:4199/auth/callback'],
  postLogoutRedirectUris: ['http://127.0.0.1:4199/'],
};
export const ADMIN: IdpClient = {
  clientId: 'portal-admin',
  clientSecret: 'admin-secret',
  redirectUris: [],
  postLogoutRedirectUris: [],
  adminApi: true,
};
export const OTHER: IdpClient = {
  clientId: 'other-app',
  clientSecret: 'other-secret',
  redirectUris: ['http://127.0.0.1:4198/callback'],
  postLogoutRedirectUris: [],
};

export function startTestIdp(options: Partial<IdpOptions> & { port?: number } = {}): Promise<RunningIdp> {
  return startIdp({
    issuer: 'http://127.0.0.1:4100/realms/excelencia',
    clients: [PORTAL, ADMIN, OTHER],
    port: 0,
    ...options,
  });
}

export function adminUrl(idp: RunningIdp): string {
  return `${idp.origin}/admin/realms/excelencia`;
}

export interface TokenResponse {
  access_token: string;
  id_token?: string;
  refresh_token?: string;
  token_type: string;
  expires_in: number;
  scope?: string;
  error?: string;
}

export async function tokenRequest(
  idp: RunningIdp,
  client: IdpClient,
  params: Record<string, string>,
): Promise<{ status: number; body: TokenResponse }> {
  const response = await fetch(`${idp.issuer}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(params).toString(),
  });
  return { status: response.status, body: (await response.json()) as TokenResponse };
}

export async function clientCredentialsToken(idp: RunningIdp, client: IdpClient = ADMIN): Promise<string> {
  const { status, body } = await tokenRequest(idp, client, { grant_type: 'client_credentials' });
  if (status !== 200) throw new Error(`client_credentials answered ${status}: ${JSON.stringify(body)}`);
  return body.access_token;
}

/** Calls the admin REST API with the admin client's token. */
export async function admin(
  idp: RunningIdp,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  const token = await clientCredentialsToken(idp);
  return fetch(`${adminUrl(idp)}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

let counter = 0;
/** A fresh account through the admin API; returns its id and e-mail. */
export async function createAccount(
  idp: RunningIdp,
  input: { password?: string; roles?: string[]; firstName?: string; lastName?: string; email?: string } = {},
): Promise<{ id: string; email: string; password: string }> {
  counter += 1;
  const email = input.email ?? `user${counter}-${randomBytes(3).toString('hex')}@example.cv`;
  const password = input.password ?? 'correct horse battery staple';
  const created = await admin(idp, 'POST', '/users', {
    username: email,
    email,
    firstName: input.firstName ?? 'Ana',
    lastName: input.lastName ?? 'Tavares',
    enabled: true,
    emailVerified: true,
    attributes: { locale: ['pt'] },
    credentials: [{ type: 'password', value: password, temporary: false }],
  });
  if (created.status !== 201) throw new Error(`creating a user answered ${created.status}`);
  const id = created.headers.get('location')?.split('/').pop() ?? '';
  if (input.roles?.length) {
    const roles = (await (await admin(idp, 'GET', '/roles')).json()) as { id: string; name: string }[];
    const mapped = await admin(
      idp,
      'POST',
      `/users/${id}/role-mappings/realm`,
      roles.filter((r) => input.roles?.includes(r.name)),
    );
    if (mapped.status !== 204) throw new Error(`mapping roles answered ${mapped.status}`);
  }
  return { id, email, password };
}

/** An authorization request of the portal client with PKCE (S256), as the portal server builds it. */
export function authorizationRequest(
  idp: RunningIdp,
  extra: Record<string, string> = {},
  client: IdpClient = PORTAL,
): { url: string; verifier: string; state: string } {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(12).toString('base64url');
  const params = new URLSearchParams({
    client_id: client.clientId,
    response_type: 'code',
    scope: 'openid email profile offline_access',
    redirect_uri: client.redirectUris[0] ?? '',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state,
    nonce: randomBytes(12).toString('base64url'),
    ...extra,
  });
  return { url: `${idp.issuer}/protocol/openid-connect/auth?${params}`, verifier, state };
}

/** Exchanges the code of a redirect to the portal's redirect_uri for tokens. */
export async function exchangeCode(idp: RunningIdp, redirectUrl: string, verifier: string) {
  const code = new URL(redirectUrl).searchParams.get('code');
  if (!code) throw new Error(`No code in ${redirectUrl}`);
  return tokenRequest(idp, PORTAL, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: PORTAL.redirectUris[0] ?? '',
    code_verifier: verifier,
  });
}

/** Verifies a token against the provider's published JWKS, as a resource server does. */
export async function verifyWithJwks(idp: RunningIdp, token: string): Promise<JWTPayload> {
  const jwks = createRemoteJWKSet(new URL(`${idp.issuer}/protocol/openid-connect/certs`));
  const { payload } = await jwtVerify(token, jwks, { issuer: idp.issuer });
  return payload;
}
