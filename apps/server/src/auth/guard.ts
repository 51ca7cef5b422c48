import { SIGNED_IN_ROLE } from '@excelencia/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthorized } from '../platform/errors.ts';
import { UNSAFE_METHODS } from '../platform/http-methods.ts';
import type { AuthService } from './auth.service.ts';
import { safeEqual } from './auth.service.ts';
import type { AuthContext } from './types.ts';

export const API_PREFIX = '/app/api/v1';
export const DOCS_PREFIX = `${API_PREFIX}/docs`;
export const SESSION_COOKIE = 'portal_session';
export const VISITOR_CSRF_COOKIE = 'portal_csrf';
export const CSRF_HEADER = 'x-csrf-token';

function isApiRoute(url: string): boolean {
  return (url === API_PREFIX || url.startsWith(`${API_PREFIX}/`)) && !url.startsWith(DOCS_PREFIX);
}

/**
 * The bearer token of the Authorization header. Another scheme (Basic from a proxy or a browser's saved
 * credentials) is ignored on public routes and refused on the others; a malformed bearer token is refused.
 */
function bearerToken(request: FastifyRequest, isPublic: boolean): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  if (isPublic && !/^Bearer(\s|$)/i.test(header)) return undefined;
  const match = /^Bearer\s+([\w.~+/=-]+)\s*$/i.exec(header);
  if (!match) throw unauthorized('errors:invalidToken');
  return match[1];
}

function csrfHeader(request: FastifyRequest): string | undefined {
  const value = request.headers[CSRF_HEADER];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Sign-in state of every request to the API and /auth: resolves `request.auth` from a bearer token or the
 * session cookie, checks the CSRF header on state-changing calls made with cookies, and enforces the
 * roles each API route declares. A route under /app/api/v1 without `config.roles` stops the start-up.
 */
export function registerAuthGuard(
  app: FastifyInstance,
  auth: AuthService,
  /**
   * Bearer tokens the portal issues itself (partner API tokens), told apart by their prefix; `allows` says which
   * operations such a token may call at all (its scope), whatever the roles of its maker.
   */
  ownTokens?: {
    prefix: string;
    resolve(token: string): Promise<AuthContext>;
    allows(method: string, routeUrl: string): boolean;
  },
): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('authSession', null);

  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url)) return;
    const roles = route.config?.roles;
    if (roles !== 'public' && !(Array.isArray(roles) && roles.length > 0)) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} must declare config.roles ('public' or a list of roles).`,
      );
    }
    // The OpenAPI document tells API clients who may call each route.
    if (route.schema) {
      const who =
        roles === 'public'
          ? 'Roles: public.'
          : `Roles: signed in (uma_authorization)${
              roles.some((r) => r !== SIGNED_IN_ROLE)
                ? ` with one of ${roles.filter((r) => r !== SIGNED_IN_ROLE).join(', ')}`
                : ''
            }.`;
      const schema = route.schema as { description?: string };
      if (!schema.description?.includes('Roles:')) {
        schema.description = schema.description ? `${schema.description}\n\n${who}` : who;
      }
    }
  });

  app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
    const url = request.routeOptions.url ?? '';
    const isApi = isApiRoute(url);
    const isAuth = url.startsWith('/auth/');
    if (!isApi && !isAuth) return;

    const roles = (isApi ? request.routeOptions.config.roles : undefined) ?? 'public';
    if (roles === 'public' && request.routeOptions.config.anonymous) return;
    const token = isApi ? bearerToken(request, roles === 'public') : undefined;
    if (token) {
      if (ownTokens && token.startsWith(ownTokens.prefix)) {
        const resolved = await ownTokens.resolve(token);
        // Outside its scope a token is refused, but a public route answers it as it answers a visitor.
        if (roles === 'public') request.auth = null;
        else if (ownTokens.allows(request.method, url)) request.auth = resolved;
        else throw forbidden('errors:tokenScope');
      } else {
        request.auth = await auth.resolveBearer(token);
      }
    } else {
      const cookie = request.cookies[SESSION_COOKIE];
      const resolved = cookie ? await auth.resolveSession(cookie) : null;
      request.auth = resolved?.auth ?? null;
      request.authSession = resolved?.session ?? null;
    }

    if (roles !== 'public' && !request.auth) throw unauthorized();

    const needsCsrf =
      UNSAFE_METHODS.has(request.method) &&
      (isApi || isAuth) &&
      !(roles === 'public' && request.routeOptions.config.csrf === false);
    if (needsCsrf && request.auth?.via !== 'bearer') {
      const sent = csrfHeader(request);
      const expected = request.authSession?.csrfToken ?? request.cookies[VISITOR_CSRF_COOKIE];
      if (!sent || !expected || !safeEqual(sent, expected)) {
        throw new AppError(403, 'csrf', 'errors:csrf');
      }
    }

    if (roles !== 'public' && request.auth) {
      const have = request.auth.roles;
      if (!have.includes(SIGNED_IN_ROLE)) throw forbidden();
      const allowed = roles.filter((r) => r !== SIGNED_IN_ROLE);
      if (allowed.length > 0 && !allowed.some((r) => have.includes(r))) throw forbidden();
    }
  });
}
