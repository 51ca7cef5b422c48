import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken, type IdpContext } from './context.ts';
import { accountClaims } from './provider.ts';

/** Claims each scope releases at the userinfo endpoint (Keycloak's default client scopes). */
const SCOPE_CLAIMS: Record<string, readonly string[]> = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['name', 'given_name', 'family_name', 'preferred_username', 'locale'],
};

/**
 * GET|POST <realm>/protocol/openid-connect/userinfo with `Authorization: Bearer <access token>`.
 * oidc-provider's own endpoint refuses access tokens that carry an audience, and ours all do (JWT for the
 * portal), so this one verifies the token itself and answers as Keycloak does.
 */
export async function userinfoRoutes(app: FastifyInstance, idp: IdpContext): Promise<void> {
  await app.register(formbody, { bodyLimit: 16 * 1024 });

  function refuse(reply: FastifyReply, error: string, description: string) {
    return reply
      .code(401)
      .header(
        'WWW-Authenticate',
        `Bearer realm="${idp.realm}", error="${error}", error_description="${description}"`,
      )
      .send({ error, error_description: description });
  }

  async function userinfo(request: FastifyRequest, reply: FastifyReply) {
    reply.header('Cache-Control', 'no-store');
    const token = bearerToken(request.headers.authorization);
    if (!token) return refuse(reply, 'invalid_request', 'Missing bearer token');
    let payload: Awaited<ReturnType<IdpContext['verifyAccessToken']>>;
    try {
      payload = await idp.verifyAccessToken(token);
    } catch {
      return refuse(reply, 'invalid_token', 'Token verification failed');
    }
    const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
    if (!scopes.includes('openid')) return refuse(reply, 'insufficient_scope', 'Missing openid scope');
    const account = payload.sub ? idp.accounts.findById(payload.sub) : undefined;
    if (!account?.enabled) return refuse(reply, 'invalid_token', 'User not found or disabled');
    const claims = accountClaims(account);
    const released: Record<string, unknown> = {};
    for (const scope of scopes) {
      for (const name of SCOPE_CLAIMS[scope] ?? []) {
        if (claims[name] !== undefined) released[name] = claims[name];
      }
    }
    return reply.send(released);
  }

  const path = `${idp.realmPath}/protocol/openid-connect/userinfo`;
  app.get(path, userinfo);
  app.post(path, userinfo);
}
