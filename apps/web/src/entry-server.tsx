import {
  DEFAULT_LANGUAGE,
  escapeHtml,
  hasRole,
  isLanguage,
  LANGUAGES,
  type Language,
  type MessageTree,
  type NamespaceName,
  namespaces,
  type SessionResponse,
} from '@excelencia/domain';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { initReactI18next } from 'react-i18next';
import {
  createStaticHandler,
  createStaticRouter,
  type StaticHandlerContext,
  StaticRouterProvider,
} from 'react-router';
import { Providers } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { myCompaniesQueryOptions } from './features/companies/my-companies.ts';
import { sessionKeys, sessionQueryOptions } from './features/session/queries.ts';
import { IslandProviders } from './islands/island-providers.tsx';
import { setApiTransport } from './lib/api-client.ts';
import { FIRST_ANSWERS_FRESH_MS } from './lib/first-answers.ts';
import {
  ISLAND_MESSAGES,
  type IslandName,
  type IslandRenderer,
  IslandRendererContext,
} from './lib/island.tsx';
import type { PageComponent, PageContext, PageMeta } from './lib/page-data.ts';
import { setServerOrigin } from './lib/portal-origin.ts';
import { createQueryClient } from './lib/query-client.ts';
import type { SsrData } from './lib/ssr-data.ts';

/**
 * The server side of the public pages (docs/adr/0010): the portal server calls `render` for a public page
 * path under a language; it answers the page's HTML with its data, and the head tags of the page.
 */

export interface RenderRequest {
  /** Path and query of the page, e.g. /pt/public/faqs?x=1. */
  url: string;
  /** The portal's public address, for canonical and alternate links. */
  publicUrl: string;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      language: Language;
      /** Tags for <head>: title, description, canonical, alternates, Open Graph. */
      head: string;
      /** The content of #root. */
      html: string;
      /** The JSON of the data block the browser hydrates from (ssr-data.ts). */
      data: string;
    };

/** One i18next instance per language, with every catalog: a page's render never changes its language. */
const i18nByLanguage = new Map<Language, I18n>();

function i18nFor(language: Language): I18n {
  let instance = i18nByLanguage.get(language);
  if (instance) return instance;
  instance = i18next.createInstance();
  const resources = Object.fromEntries(
    LANGUAGES.map((lang) => [
      lang,
      Object.fromEntries(Object.entries(namespaces).map(([name, byLanguage]) => [name, byLanguage[lang]])),
    ]),
  );
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: Object.keys(namespaces),
    defaultNS: 'shell',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    react: { useSuspense: false },
  });
  i18nByLanguage.set(language, instance);
  return instance;
}

const handler = createStaticHandler(routes);

/** The calls the pages make while prefetching go to the portal server's own routes (set once at start). */
export { setApiTransport };

/** A JSON value safe inside a <script type="application/json"> block. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The head of a page: title, description, canonical, Open Graph, and its address in each language. */
function headTags(
  meta: PageMeta,
  language: Language,
  pathWithoutLanguage: string,
  publicUrl: string,
  appName: string,
): string {
  const address = (lang: Language) =>
    `${publicUrl}/${lang}${pathWithoutLanguage === '' ? '/' : pathWithoutLanguage}`;
  const title = meta.title && meta.title !== appName ? `${meta.title} · ${appName}` : appName;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    meta.noindex || meta.notFound ? '<meta name="robots" content="noindex">' : '',
    `<link rel="canonical" href="${escapeHtml(address(language))}">`,
    ...LANGUAGES.map(
      (lang) => `<link rel="alternate" hreflang="${lang}" href="${escapeHtml(address(lang))}">`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(address(DEFAULT_LANGUAGE))}">`,
    '<meta property="og:type" content="website">',
    `<meta property="og:site_name" content="${escapeHtml(appName)}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title || appName)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(address(language))}">`,
    `<meta property="og:locale" content="${OG_LOCALES[language]}">`,
    ...LANGUAGES.filter((lang) => lang !== language).map(
      (lang) => `<meta property="og:locale:alternate" content="${OG_LOCALES[lang]}">`,
    ),
    `<meta property="og:image" content="${escapeHtml(`${publicUrl}/og-image.png`)}">`,
    '<meta name="twitter:card" content="summary">',
  ];
  return tags.filter((tag) => tag !== '').join('\n    ');
}

const OG_LOCALES: Record<Language, string> = { pt: 'pt_CV', en: 'en_GB', fr: 'fr_FR' };

/**
 * Renders each island of a page as its own root (its ids prefixed, so that they match when the browser hydrates
 * it alone) inside an element that names it and carries its props; `used` collects the islands' names.
 */
function islandRenderer(
  i18n: I18n,
  language: Language,
  renderedAt: Date,
  used: Set<IslandName>,
): IslandRenderer {
  let count = 0;
  return (name, element, props) => {
    used.add(name);
    const id = `i${count++}-`;
    const html = renderToString(
      <IslandProviders i18n={i18n} language={language} renderedAt={renderedAt}>
        {element}
      </IslandProviders>,
      { identifierPrefix: id },
    );
    return (
      <div
        data-island={name}
        data-island-id={id}
        data-props={JSON.stringify(props)}
        style={{ display: 'contents' }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own rendering of the island
        dangerouslySetInnerHTML={{ __html: html }}
      />
    );
  };
}

/** The texts under the given keys (`namespace:path.to.key` or a prefix of it) in a language, as catalogs. */
function pickMessages(keys: readonly string[], language: Language): SsrData['messages'] {
  type Tree = { [key: string]: string | Tree };
  const picked: Record<string, Tree> = {};
  for (const key of keys) {
    const [namespace = '', path = ''] = key.split(':');
    let source: MessageTree | string | undefined = namespaces[namespace as NamespaceName]?.[language];
    picked[namespace] ??= {};
    let target = picked[namespace];
    const parts = path.split('.');
    for (const [index, part] of parts.entries()) {
      source = typeof source === 'object' ? source[part] : undefined;
      if (source === undefined) throw new Error(`No message ${key} in ${language}.`);
      if (index === parts.length - 1) target[part] = source;
      else {
        target[part] ??= {};
        target = target[part] as Tree;
      }
    }
  }
  return picked;
}

/**
 * The whole page once every lazy part has rendered: crawlers and visitors without JavaScript read it all, and no
 * part comes later with an inline script (the CSP allows none).
 */
async function renderToHtml(element: ReactNode): Promise<string> {
  const { prelude } = await prerender(element, {
    // Every part in place, however large: React would otherwise send a large part after the rest, with the
    // inline script that moves it, which the CSP blocks.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      console.error(error);
    },
  });
  return new Response(prelude).text();
}

/** Renders a public page; `status` is what the server decided for the path (404 for /404). */
export async function render(request: RenderRequest, status: number): Promise<RenderResult> {
  const url = new URL(request.url, 'http://portal.invalid');
  const context = await handler.query(new Request(url));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  }
  const segments = url.pathname.split('/');
  const language = isLanguage(segments[1]) ? segments[1] : DEFAULT_LANGUAGE;
  const i18n = i18nFor(language);
  const t = i18n.getFixedT(language);
  const queryClient: QueryClient = createQueryClient();
  // Public pages are rendered for visitors only: the server sends signed-in users the app shell.
  queryClient.setQueryData<SessionResponse>(sessionKeys.current(), { status: 'unauthenticated' });

  const leaf = context.matches.at(-1);
  const params = leaf?.params ?? {};
  const pageContext: PageContext = { queryClient, params, searchParams: url.searchParams, language, t };
  const pages = context.matches
    .map((match) => match.route.Component as PageComponent | undefined | null)
    .filter((component): component is PageComponent => Boolean(component));
  await Promise.all(pages.map((page) => page.prefetch?.(pageContext)));
  const page = pages.at(-1);
  const appName = t('common:appName');
  const meta: PageMeta = page?.meta?.(pageContext) ?? { title: appName, description: t('pages:home.lead') };

  const renderedAt = new Date();
  const router = createStaticRouter(handler.dataRoutes, context);
  const islands = new Set<IslandName>();
  const html = await renderToHtml(
    <Providers i18n={i18n} queryClient={queryClient} renderedAt={renderedAt}>
      <IslandRendererContext value={islandRenderer(i18n, language, renderedAt, islands)}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </IslandRendererContext>
    </Providers>,
  );
  const messages = pickMessages(
    [...islands].flatMap((name) => ISLAND_MESSAGES[name]),
    language,
  );
  const data: SsrData = { renderedAt: renderedAt.toISOString(), messages };
  const pathWithoutLanguage = url.pathname.slice(language.length + 1).replace(/\/$/, '');
  return {
    kind: 'page',
    status: meta.notFound ? 404 : status,
    language,
    head: headTags(meta, language, pathWithoutLanguage, request.publicUrl, appName),
    html,
    data: scriptJson(data),
  };
}

export type SignedInRenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; language: Language; html: string; data: string };

/** Whether a query the page's components asked for would be fetched by the browser as it renders. */
function isWaiting(query: Query, tried: Set<string>): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle' || tried.has(query.queryHash)) {
    return false;
  }
  if (typeof query.options.queryFn !== 'function') return false;
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/** At most this many renders to find a page's calls: a call can depend on an earlier one's answer. */
const MAX_DATA_PASSES = 6;

/**
 * Renders a signed-in page for the signed-in user whose calls the transport answers (docs/adr/0037). The page's
 * queries are found by rendering it: each render's queries that the browser would fetch are fetched, and the page
 * is rendered again with their answers, until no new one is asked for. A query that failed is left for the browser
 * (it shows its loading state in the HTML, as the browser would before its own call). The answers go to the
 * browser as the dehydrated query cache, and the browser hydrates the same tree.
 */
export async function renderSignedIn(request: RenderRequest): Promise<SignedInRenderResult> {
  setServerOrigin(request.publicUrl);
  const url = new URL(request.url, 'http://portal.invalid');
  const context: StaticHandlerContext | Response = await handler.query(new Request(url));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  }
  const segments = url.pathname.split('/');
  const language = isLanguage(segments[1]) ? segments[1] : DEFAULT_LANGUAGE;
  const i18n = i18nFor(language);
  const queryClient: QueryClient = createQueryClient();
  // No retries while the page waits; and the answers are as fresh as the browser will take them
  // (keepFreshFromPage), so that no component renders here as 'fetching' what the browser will not fetch.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false, staleTime: FIRST_ANSWERS_FRESH_MS },
  });
  const renderedAt = new Date();
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = (
    <Providers i18n={i18n} queryClient={queryClient} renderedAt={renderedAt}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Providers>
  );
  // What every signed-in page waits for first (the session; a company user's companies) before the first render:
  // the page's own calls then come in its first pass.
  await queryClient.prefetchQuery(sessionQueryOptions());
  const session = queryClient.getQueryData<SessionResponse>(sessionKeys.current());
  if (session?.status === 'authenticated' && hasRole(session.roles, 'company')) {
    await queryClient.prefetchQuery(myCompaniesQueryOptions());
  }
  const tried = new Set<string>();
  let html = '';
  for (let pass = 1; ; pass++) {
    html = await renderToHtml(page);
    const waiting = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => isWaiting(query, tried));
    if (waiting.length === 0 || pass === MAX_DATA_PASSES) break;
    for (const query of waiting) tried.add(query.queryHash);
    await Promise.all(
      waiting.map((query) => queryClient.prefetchQuery({ ...query.options, queryKey: query.queryKey })),
    );
    // A call that failed is left to the browser: the next render shows it loading, as the browser will first.
    queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
  }
  const data: SsrData = {
    renderedAt: renderedAt.toISOString(),
    messages: {},
    queries: dehydrate(queryClient),
  };
  return { kind: 'page', language, html, data: scriptJson(data) };
}
