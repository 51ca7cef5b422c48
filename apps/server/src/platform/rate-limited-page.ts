import { isLanguage, type Language, translate } from '@excelencia/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { htmlPage } from './html-page.ts';
import { requestLanguage } from './request-language.ts';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/**
 * True for a page the browser navigated to (GET of HTML outside the API): the sign-in button's /auth/login,
 * /login and /logout. Those get a page, not the API's JSON, when they answer 429.
 */
export function wantsPage(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers.accept ?? '').includes('text/html') &&
    !request.url.startsWith('/app/api')
  );
}

/** The page's language: ?lang= (the sign-in button sends it), the path's /pt/…, else the request's. */
function pageLanguage(request: FastifyRequest): Language {
  const lang = (request.query as Record<string, unknown> | undefined)?.lang;
  if (isLanguage(lang)) return lang;
  const first = request.url.split('/')[1] ?? '';
  return isLanguage(first) ? first : requestLanguage(request);
}

/** The translated 429 page with the wait of the Retry-After header (set by the rate limiter before this). */
export function sendRateLimitedPage(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const language = pageLanguage(request);
  const seconds = Math.max(1, Number(reply.getHeader('retry-after')) || 60);
  if (!reply.hasHeader('retry-after')) reply.header('retry-after', String(seconds));
  const t = (key: string) =>
    escapeHtml(translate(language, `server:tooManyRequests.${key}`, { count: seconds }));
  const html = htmlPage({
    language,
    title: translate(language, 'server:tooManyRequests.title'),
    content: `<p>${t('text')}</p>
<p class="actions"><a href="${escapeHtml(request.url)}">${t('retry')}</a> <a href="/${language}/">${t('home')}</a></p>`,
  });
  return reply.code(429).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}
