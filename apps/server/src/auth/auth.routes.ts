import {
  CsrfResponse,
  DEFAULT_LANGUAGE,
  ErrorResponse,
  isLanguage,
  isSafeCallbackPath,
  type Language,
  LoginQuery,
  LogoutResponse,
  RemoveTwoFactorQuery,
  SessionResponse,
  SIGN_OUT_EVENT,
} from '@excelencia/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { AppError, badRequest, unauthorized } from '../platform/errors.ts';
import type { PageViewCounter } from '../platform/page-views.ts';
import { requestLanguage } from '../platform/request-language.ts';
import { type AuthAction, type AuthService, type LoginState, randomToken } from './auth.service.ts';
import { SESSION_COOKIE, VISITOR_CSRF_COOKIE } from './guard.ts';
import { openLogoutHint, sealLogoutHint } from './logout-hint.ts';

export const LOGIN_COOKIE = 'portal_login';

/**
 * One short-lived cookie per sign-in attempt, named after its state, so sign-ins started in two tabs do not
 * overwrite each other.
 */
export function loginCookieName(state: string): string {
  return `${LOGIN_COOKIE}_${state.slice(0, 16)}`;
}
const LOGIN_MAX_AGE_SECONDS = 600;

const rateLimit = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

function readLoginState(signed: string | undefined, unsign: FastifyReply['unsignCookie']): LoginState | null {
  if (!signed) return null;
  const result = unsign(signed);
  if (!result.valid || !result.value) return null;
  try {
    const parsed = JSON.parse(result.value) as Partial<LoginState>;
    if (
      typeof parsed.verifier === 'string' &&
      typeof parsed.state === 'string' &&
      typeof parsed.nonce === 'string' &&
      isSafeCallbackPath(parsed.callbackUrl) &&
      isLanguage(parsed.language)
    ) {
      return parsed as LoginState;
    }
  } catch {
    // A cookie that is not ours: treated as absent.
  }
  return null;
}

/** The backend-for-frontend sign-in routes: the browser never holds a token (docs/adr/0002). */
export function authRoutes(deps: { config: Config; auth: AuthService; pageViews?: PageViewCounter }) {
  const { config, auth } = deps;
  const cookieBase = { httpOnly: true, secure: config.isHttps, sameSite: 'lax' as const };

  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/auth/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Starts the sign-in at the identity provider',
          querystring: LoginQuery,
          response: { 400: ErrorResponse },
        },
        config: rateLimit(60),
      },
      async (request, reply) => {
        const language = request.query.lang ?? requestLanguage(request);
        return startSignIn(request, reply, language);
      },
    );

    r.get(
      '/auth/change-password',
      {
        schema: {
          tags: ['auth'],
          summary:
            "Changes the password at the identity provider (Keycloak's kc_action=UPDATE_PASSWORD), then " +
            'returns to callbackUrl through the normal sign-in callback',
          querystring: LoginQuery,
          response: { 400: ErrorResponse },
        },
        config: rateLimit(60),
      },
      async (request, reply) => {
        const language = request.query.lang ?? requestLanguage(request);
        return startSignIn(request, reply, language, 'UPDATE_PASSWORD');
      },
    );

    /**
     * Starts a sign-in at the provider, optionally asking for one of Keycloak's application-initiated actions
     * (kc_action): the state goes in a signed cookie, the browser to the provider.
     */
    async function startSignIn(
      request: { query: LoginQuery },
      reply: FastifyReply,
      language: Language,
      action?: AuthAction,
    ) {
      const callbackUrl = request.query.callbackUrl ?? `/${language}`;
      if (!isSafeCallbackPath(callbackUrl)) throw badRequest('errors:invalidCallbackUrl');
      const { url, state } = await auth.startLogin({ callbackUrl, language, ...(action ? { action } : {}) });
      reply.setCookie(loginCookieName(state.state), JSON.stringify(state), {
        ...cookieBase,
        path: '/auth',
        maxAge: LOGIN_MAX_AGE_SECONDS,
        signed: true,
      });
      reply.header('cache-control', 'no-store');
      return reply.redirect(url, 302);
    }

    r.get(
      '/auth/two-factor',
      {
        schema: {
          tags: ['auth'],
          summary:
            "Turns two-factor sign-in on at the identity provider (Keycloak's kc_action=CONFIGURE_TOTP), then " +
            'returns to callbackUrl through the normal sign-in callback',
          querystring: LoginQuery,
          response: { 400: ErrorResponse },
        },
        config: rateLimit(60),
      },
      async (request, reply) =>
        startSignIn(request, reply, request.query.lang ?? requestLanguage(request), 'CONFIGURE_TOTP'),
    );

    r.get(
      '/auth/two-factor/remove',
      {
        schema: {
          tags: ['auth'],
          summary:
            "Turns two-factor sign-in off at the identity provider (Keycloak's kc_action=delete_credential:<id>, " +
            'confirmed there with a code), then returns to callbackUrl through the normal sign-in callback',
          querystring: RemoveTwoFactorQuery,
          response: { 400: ErrorResponse },
        },
        config: rateLimit(60),
      },
      async (request, reply) =>
        startSignIn(
          request,
          reply,
          request.query.lang ?? requestLanguage(request),
          `delete_credential:${request.query.credentialId}`,
        ),
    );

    r.get(
      '/auth/callback',
      {
        schema: {
          tags: ['auth'],
          summary: 'Where the identity provider returns after sign-in',
          querystring: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
        },
        config: rateLimit(60),
      },
      async (request, reply) => {
        const stateParam = request.query.state;
        const cookieName =
          typeof stateParam === 'string' && /^[\w-]{16,256}$/.test(stateParam)
            ? loginCookieName(stateParam)
            : undefined;
        const saved = cookieName
          ? readLoginState(request.cookies[cookieName], reply.unsignCookie.bind(reply))
          : null;
        // The cookie must hold exactly this state (its name only carries a prefix).
        const state = saved && saved.state === stateParam ? saved : null;
        if (cookieName && request.cookies[cookieName]) {
          reply.clearCookie(cookieName, { ...cookieBase, path: '/auth' });
        }
        reply.header('cache-control', 'no-store');
        const language = state?.language ?? requestLanguage(request) ?? DEFAULT_LANGUAGE;
        const fail = (code: string) => reply.redirect(`/${language}/?authError=${code}`, 302);

        const providerError = request.query.error;
        if (typeof providerError === 'string') {
          request.log.info({ reqId: request.id, providerError }, 'sign-in refused by the provider');
          return fail(/^[a-z_]{1,64}$/.test(providerError) ? providerError : 'callback_failed');
        }
        if (!state) return fail('invalid_state');

        const search = new URL(request.url, 'http://callback.invalid').search;
        try {
          const { sessionToken, maxAgeSeconds } = await auth.completeLogin(
            new URL(`${config.publicUrl}/auth/callback${search}`),
            state,
          );
          reply.setCookie(SESSION_COOKIE, sessionToken, { ...cookieBase, path: '/', maxAge: maxAgeSeconds });
          return reply.redirect(state.callbackUrl, 302);
        } catch (error) {
          const code =
            error instanceof AppError
              ? error.status === 503
                ? 'provider_unavailable'
                : error.code === 'account_disabled'
                  ? 'account_disabled'
                  : 'callback_failed'
              : 'callback_failed';
          request.log.warn({ reqId: request.id, err: error }, 'sign-in callback failed');
          return fail(code);
        }
      },
    );

    r.get(
      '/auth/session',
      {
        schema: {
          tags: ['auth'],
          summary: 'The current browser session',
          response: { 200: SessionResponse },
        },
        config: rateLimit(600),
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const { auth: who, authSession } = request;
        if (!who || !authSession) {
          if (request.cookies[SESSION_COOKIE])
            reply.clearCookie(SESSION_COOKIE, { ...cookieBase, path: '/' });
          return { status: 'unauthenticated' as const };
        }
        return {
          status: 'authenticated' as const,
          user: { id: who.accountId, name: who.name, email: who.email },
          roles: who.roles,
          expires: authSession.expiresAt.toISOString(),
          language: who.language,
        };
      },
    );

    r.get(
      '/auth/csrf',
      {
        schema: {
          tags: ['auth'],
          summary: 'The CSRF token to send as x-csrf-token on state-changing calls',
          response: { 200: CsrfResponse },
        },
        config: rateLimit(600),
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        if (request.authSession) return { csrfToken: request.authSession.csrfToken };
        const existing = request.cookies[VISITOR_CSRF_COOKIE];
        if (existing && /^[\w-]{40,50}$/.test(existing)) return { csrfToken: existing };
        const token = randomToken();
        reply.setCookie(VISITOR_CSRF_COOKIE, token, { ...cookieBase, sameSite: 'strict', path: '/' });
        return { csrfToken: token };
      },
    );

    r.post(
      '/auth/session/extend',
      {
        schema: {
          tags: ['auth'],
          summary:
            'Gives the signed-in session a new full lifetime, after the provider refreshed its tokens (the warning ' +
            'before a session ends); 401 when the session or the provider sign-in has ended',
          response: { 200: SessionResponse, 401: ErrorResponse, 403: ErrorResponse },
        },
        config: rateLimit(30),
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const token = request.cookies[SESSION_COOKIE];
        const extended = await auth.extendSession(token);
        if (!extended || !token) {
          reply.clearCookie(SESSION_COOKIE, { ...cookieBase, path: '/' });
          throw unauthorized();
        }
        reply.setCookie(SESSION_COOKIE, token, { ...cookieBase, path: '/', maxAge: extended.maxAgeSeconds });
        return auth.sessionResponse(token);
      },
    );

    r.post(
      '/auth/logout',
      {
        schema: {
          tags: ['auth'],
          summary:
            'Ends the session here and returns where the browser goes next: /auth/logout/end with an opaque ' +
            'value (it redirects to the provider sign-out), or the home page',
          response: { 200: LogoutResponse, 403: ErrorResponse },
        },
        config: rateLimit(60),
      },
      async (request, reply) => {
        const session = request.cookies[SESSION_COOKIE];
        const { redirectUrl } = await auth.logout(session, requestLanguage(request));
        // A sign-out is counted among the page views (docs/adr/0034): the day, language and bot flag only.
        if (session)
          deps.pageViews?.count(SIGN_OUT_EVENT, requestLanguage(request), request.headers['user-agent']);
        reply.clearCookie(SESSION_COOKIE, { ...cookieBase, path: '/' });
        reply.header('cache-control', 'no-store');
        // The provider's address carries the id_token: the page gets it sealed, never in clear.
        if (redirectUrl.startsWith('/')) return { redirectUrl };
        const hint = sealLogoutHint(config.sessionSecret, redirectUrl);
        return { redirectUrl: `/auth/logout/end?${new URLSearchParams({ hint }).toString()}` };
      },
    );

    r.get(
      '/auth/logout/end',
      {
        schema: {
          tags: ['auth'],
          summary:
            'Redirects to the provider sign-out of a session POST /auth/logout just ended (the value it returned); ' +
            'an altered or expired value leads to the home page',
          querystring: z.object({ hint: z.string().max(8192).optional() }),
          response: { 302: z.null().describe('redirect') },
        },
        config: rateLimit(60),
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        reply.header('referrer-policy', 'no-referrer');
        const target = request.query.hint ? openLogoutHint(config.sessionSecret, request.query.hint) : null;
        return reply.redirect(target ?? `/${requestLanguage(request)}/`, 302);
      },
    );
  };
}
