import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { escapeHtml, isLanguage, type Language } from '@excelencia/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../auth/guard.ts';
import { MY_COMPANIES_PATH } from './first-answers.ts';
import { routeModuleFor } from './page-shell.ts';

/**
 * Server rendering of the public pages (docs/adr/0010): the web build's server entry
 * (apps/web/dist-ssr/entry-server.js, from apps/web/src/entry-server.tsx) renders a page into the built
 * index.html; the browser then hydrates it. Signed-in pages, and public pages asked for by a signed-in user,
 * keep the app shell: the client app decides there, as before.
 */

type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; language: Language; head: string; html: string; data: string };

type SignedInRenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; language: Language; html: string; data: string };

interface ServerEntry {
  render(request: { url: string; publicUrl: string }, status: number): Promise<RenderResult>;
  renderSignedIn?(request: { url: string; publicUrl: string }): Promise<SignedInRenderResult>;
  setApiTransport(transport: (path: string, init: RequestInit) => Promise<Response>): void;
}

export type PageRenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'html'; status: number; html: string };

export interface PageRenderer {
  /** Whether this request gets a server-rendered page: a public page under a language, for a visitor. */
  renders(request: FastifyRequest, path: string): boolean;
  render(request: FastifyRequest, status: number, shell: string): Promise<PageRenderResult>;
  /**
   * A signed-in page rendered for the user of the request's session (docs/adr/0037), its calls answered from
   * `answers` (first-answers.ts) or by the API with the request's cookie; null when the build has no such renderer.
   */
  renderSignedIn(
    request: FastifyRequest,
    status: number,
    shell: string,
    answers: Record<string, unknown>,
  ): Promise<PageRenderResult | null>;
}

/**
 * Whom the renderer is fetching data for: the page request's client address (the API's rate limits see it) and,
 * for a signed-in page, its cookie, language and the answers already read for it.
 */
interface Caller {
  ip: string;
  cookie?: string;
  language?: string;
  answers?: Record<string, unknown>;
}
const caller = new AsyncLocalStorage<Caller>();

/**
 * Whether a signed-in page is rendered on the server: not for a user with several companies, whose pages show the
 * company chosen in the browser (stored there); drawn without it, they would change at once.
 */
function rendersSignedIn(answers: Record<string, unknown>): boolean {
  const companies = answers[MY_COMPANIES_PATH];
  return !Array.isArray(companies) || companies.length <= 1;
}

/** The shell of a rendered page (createPageShell's, scripts deferred) with its language, head, content and data. */
export function composePage(
  shell: string,
  page: { language: Language; head?: string; html: string; data: string },
): string {
  const withLanguage = shell.replace(/<html lang="[^"]*"/, `<html lang="${escapeHtml(page.language)}"`);
  const withHead =
    page.head === undefined
      ? withLanguage
      : withLanguage
          .replace(/<title>[^<]*<\/title>/, '')
          .replace(/<meta name="description"[^>]*>/, '')
          .replace('</head>', `  ${page.head}\n  </head>`);
  return withHead.replace(
    '<div id="root"></div>',
    `<div id="root">${page.html}</div><script type="application/json" id="ssr-data">${page.data}</script>`,
  );
}

/**
 * Loads the server entry of the web build next to `distDir` (dist-ssr/), or answers null when there is none
 * (a build without it, or the tests' fixture builds): pages then go out as the app shell.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  distDir: string,
  publicUrl: string,
): Promise<PageRenderer | null> {
  const entryPath = join(distDir, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(entryPath)) return null;
  const entry = (await import(pathToFileURL(entryPath).href)) as ServerEntry;
  entry.setApiTransport(async (path, init) => {
    const current = caller.getStore();
    const method = init.method ?? 'GET';
    // Rendering a page reads; it never changes anything, whatever a component asks for.
    if (method !== 'GET') return new Response(null, { status: 405 });
    const known = current?.answers?.[path];
    if (known !== undefined) {
      return new Response(JSON.stringify(known), { headers: { 'content-type': 'application/json' } });
    }
    const headers = { ...(init.headers as Record<string, string>) };
    if (current?.cookie) headers.cookie = current.cookie;
    if (current?.language) headers['x-language'] = current.language;
    const response = await app.inject({
      method: method as 'GET',
      url: path,
      headers,
      remoteAddress: current?.ip,
    });
    return new Response(response.statusCode === 204 ? null : response.rawPayload, {
      status: response.statusCode,
      headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
    });
  });

  return {
    renders(request, path) {
      if (request.cookies[SESSION_COOKIE]) return false;
      const first = path.split('/')[1];
      if (!isLanguage(first)) return false;
      return routeModuleFor(path) !== undefined || path === `/${first}/404`;
    },
    async render(request, status, shell) {
      const result = await caller.run({ ip: request.ip }, () =>
        entry.render({ url: request.url, publicUrl }, status),
      );
      if (result.kind === 'redirect') return result;
      return { kind: 'html', status: result.status, html: composePage(shell, result) };
    },
    async renderSignedIn(request, status, shell, answers) {
      const { renderSignedIn } = entry;
      if (!renderSignedIn || !rendersSignedIn(answers)) return null;
      const language = request.url.split('/')[1];
      const result = await caller.run(
        { ip: request.ip, cookie: request.headers.cookie, language, answers },
        () => renderSignedIn({ url: request.url, publicUrl }),
      );
      if (result.kind === 'redirect') return result;
      // Inert until the app has hydrated it (app-root.tsx): a tap or a form sent before would do nothing, or
      // send the form's fields in the address.
      const html = composePage(shell, result).replace('<div id="root">', '<div id="root" inert>');
      return { kind: 'html', status, html };
    },
  };
}
