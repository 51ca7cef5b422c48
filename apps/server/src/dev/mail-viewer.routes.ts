import { escapeHtml } from '@excelencia/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { notFound } from '../platform/errors.ts';
import { ICON_LINKS } from '../platform/html-page.ts';
import { listOutbox, type OutboxRow } from '../platform/mail/outbox.ts';

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"']+/g;

/** Escapes text and turns the http(s) addresses in it into links (the address is the link's text). */
function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = match[0].replace(/[.,;:!?)]+$/, '');
    const start = match.index;
    out += escapeHtml(text.slice(last, start));
    out += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return out + escapeHtml(text.slice(last));
}

/** How many messages the viewer shows (newest first). */
export const DEV_MAIL_LIMIT = 100;

const STYLE = `body{font-family:system-ui,sans-serif;margin:1.5rem;color:#1a1a1a}
article{border:1px solid #ccc;border-radius:6px;padding:.75rem 1rem;margin:0 0 1rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0 0 .5rem}
dt{font-weight:600}pre{white-space:pre-wrap;word-break:break-word;background:#f6f6f6;padding:.5rem;margin:0}`;

function renderMessage(row: OutboxRow): string {
  return `<article>
<h2>${escapeHtml(row.subject)}</h2>
<dl>
<dt>To</dt><dd>${escapeHtml(row.toAddress)}</dd>
<dt>State</dt><dd>${escapeHtml(row.state)}${row.attempts > 0 ? ` (${row.attempts} attempt(s))` : ''}</dd>
${row.lastError ? `<dt>Last error</dt><dd>${escapeHtml(row.lastError)}</dd>\n` : ''}<dt>Created</dt><dd><time datetime="${row.createdAt.toISOString()}">${row.createdAt.toISOString()}</time></dd>
<dt>Language</dt><dd>${escapeHtml(row.language)}</dd>
</dl>
<pre>${linkify(row.textBody)}</pre>
</article>`;
}

/** The page: every message of the outbox, newest first. Static HTML, no script. */
export function renderMailPage(rows: readonly OutboxRow[]): string {
  const body =
    rows.length === 0 ? '<p>The outbox is empty.</p>' : rows.map((row) => renderMessage(row)).join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${ICON_LINKS}
<title>Outbox (development)</title><style>${STYLE}</style></head>
<body>
<h1>Outbox (development)</h1>
<p>The latest ${DEV_MAIL_LIMIT} messages the portal wrote, newest first. Only outside production.</p>
${body}
</body>
</html>`;
}

/** Whether `host` (the HOST the portal listens on, or a socket's address) names this machine only. */
export function isLoopback(host: string | undefined): boolean {
  if (!host) return false;
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    bare === 'localhost' || bare === '::1' || /^127\.\d+\.\d+\.\d+$/.test(bare) || /^::ffff:127\./.test(bare)
  );
}

/**
 * GET /dev/mail: the development mail viewer, so a registration can be confirmed without an SMTP server. It shows
 * every mail, password-reset links included, so it exists only outside production, on a portal listening on a
 * loopback HOST, and answers only a client on this machine that came straight to the socket (no proxy's
 * X-Forwarded-For, whatever TRUST_PROXY says); anything else gets the same 404 as an unknown path.
 */
export function devMailRoutes(deps: { db: Database; enabled: boolean }) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/dev/mail', { schema: { hide: true } }, async (request, reply) => {
      const direct =
        isLoopback(request.socket.remoteAddress) && request.headers['x-forwarded-for'] === undefined;
      if (!deps.enabled || !direct) throw notFound();
      const rows = await listOutbox(deps.db, { limit: DEV_MAIL_LIMIT });
      reply.header('cache-control', 'no-store');
      return reply.type('text/html; charset=utf-8').send(renderMailPage(rows));
    });
  };
}
