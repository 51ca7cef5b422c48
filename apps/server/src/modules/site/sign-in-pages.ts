import {
  DEFAULT_LANGUAGE,
  escapeHtml,
  isLanguage,
  isSafeCallbackPath,
  LANGUAGES,
  type Language,
  translate,
} from '@excelencia/domain';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService } from '../../auth/auth.service.ts';
import { safeEqual } from '../../auth/auth.service.ts';
import { SESSION_COOKIE } from '../../auth/guard.ts';
import type { Config } from '../../config.ts';
import { htmlPage } from '../../platform/html-page.ts';
import { requestLanguage } from '../../platform/request-language.ts';

/** The form field that carries the session's CSRF token on the sign-out page's form. */
export const SIGN_OUT_CSRF_FIELD = 'csrfToken';

/** The paths of these pages: with no language (the caller's is used) and in each language. */
function paths(page: string): string[] {
  return [`/${page}`, ...LANGUAGES.map((language) => `/${language}/${page}`)];
}

function pathLanguage(request: FastifyRequest): Language | null {
  const first = request.url.split('/')[1] ?? '';
  return isLanguage(first) ? first : null;
}

function signOutPage(language: Language, name: string, csrfToken: string): string {
  const t = (key: string) => translate(language, `server:signOut.${key}`, { name });
  return htmlPage({
    language,
    title: t('title'),
    content: `<p>${escapeHtml(t('text'))}</p>
<form method="post" action="/auth/sign-out" class="actions">
<input type="hidden" name="${SIGN_OUT_CSRF_FIELD}" value="${escapeHtml(csrfToken)}">
<input type="hidden" name="lang" value="${language}">
<button type="submit">${escapeHtml(t('button'))}</button>
<a href="/${language}/">${escapeHtml(t('cancel'))}</a>
</form>`,
  });
}

/**
 * /login and /logout, public screens like the others, in each language and without one, working
 * without JavaScript: /login starts the sign-in at the provider (GET /auth/login, back to `callbackUrl` or the
 * home page); /logout asks to confirm and its form ends the session here and at the provider, like the app's
 * sign-out button (POST /auth/logout). The form carries the session's CSRF token, so another site cannot sign
 * a user out.
 */
export function signInPages(deps: { config: Config; auth: AuthService }) {
  const { config, auth } = deps;
  const cookieBase = { httpOnly: true, secure: config.isHttps, sameSite: 'lax' as const, path: '/' };
  const languageOf = (request: FastifyRequest) =>
    pathLanguage(request) ?? request.auth?.language ?? DEFAULT_LANGUAGE;

  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(formbody, { bodyLimit: 4 * 1024 });
    const rateLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

    for (const path of paths('login')) {
      app.get(path, { config: rateLimit, schema: { hide: true } }, async (request, reply) => {
        const language = pathLanguage(request) ?? requestLanguage(request);
        const asked = (request.query as Record<string, unknown>).callbackUrl;
        const callbackUrl = typeof asked === 'string' && isSafeCallbackPath(asked) ? asked : `/${language}/`;
        const query = new URLSearchParams({ callbackUrl, lang: language });
        reply.header('cache-control', 'no-store');
        return reply.redirect(`/auth/login?${query.toString()}`, 302);
      });
    }

    for (const path of paths('logout')) {
      app.get(path, { config: rateLimit, schema: { hide: true } }, async (request, reply) => {
        const cookie = request.cookies[SESSION_COOKIE];
        const resolved = cookie ? await auth.resolveSession(cookie) : null;
        reply.header('cache-control', 'no-store');
        const language = pathLanguage(request) ?? resolved?.auth.language ?? DEFAULT_LANGUAGE;
        if (!resolved) return reply.redirect(`/${language}/`, 302);
        return reply
          .type('text/html; charset=utf-8')
          .send(signOutPage(language, resolved.auth.name, resolved.session.csrfToken));
      });
    }

    app.post(
      '/auth/sign-out',
      // A plain HTML form cannot send the CSRF header: the form's own field carries the session's token.
      { config: { ...rateLimit, csrf: false }, schema: { hide: true } },
      async (request, reply) => {
        const form = (request.body ?? {}) as Record<string, unknown>;
        const language = isLanguage(form.lang) ? form.lang : languageOf(request);
        reply.header('cache-control', 'no-store');
        const sent = form[SIGN_OUT_CSRF_FIELD];
        // The guard resolved the session of /auth/* requests; a form without its token changes nothing.
        if (
          !request.authSession ||
          typeof sent !== 'string' ||
          !safeEqual(sent, request.authSession.csrfToken)
        ) {
          return reply.redirect(request.authSession ? `/${language}/logout` : `/${language}/`, 303);
        }
        const { redirectUrl } = await auth.logout(request.cookies[SESSION_COOKIE], language);
        reply.clearCookie(SESSION_COOKIE, cookieBase);
        return reply.redirect(redirectUrl, 303);
      },
    );
  };
}
