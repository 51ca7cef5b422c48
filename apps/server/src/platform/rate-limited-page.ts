import { isLanguage, type Language, translate } from '@excelencia/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
  const appName = escapeHtml(translate(language, 'common:appName'));
  const html = `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t('title')} · ${appName}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1b1e;background:#f8f9fa}
main{max-width:28rem;margin:4rem auto;padding:2rem 1.5rem;background:#fff;border:1px solid #dee2e6;border-radius:8px}
h1{font-size:1.5rem;margin:0 0 1rem}
p{line-height:1.5}
a{color:#1c4f8c}
.actions{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;margin-top:1.5rem}
</style>
</head>
<body>
<main>
<p>${appName}</p>
<h1>${t('title')}</h1>
<p>${t('text')}</p>
<p class="actions"><a href="${escapeHtml(request.url)}">${t('retry')}</a> <a href="/${language}/">${t('home')}</a></p>
</main>
</body>
</html>
`;
  return reply.code(429).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}
