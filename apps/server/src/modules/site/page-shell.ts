import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LANGUAGE, escapeHtml, isLanguage, LANGUAGES, translate } from '@excelencia/domain';
import { isSignedInPagePath } from './first-answers.ts';

/** The signed-in areas' layout (apps/web/src/app/router.tsx), the first chunk of every signed-in page. */
const SIGNED_IN_LAYOUT = 'src/app/layouts/signed-in-layout.tsx';
/** The public pages' layout (header, footer): a lazy chunk of its own, so its styles are not the route's. */
const PUBLIC_LAYOUT = 'src/app/layouts/public-layout.tsx';

/**
 * The source module of each public page's lazy route (apps/web/src/app/router.tsx), by page pattern without
 * the language. A test checks it against the router.
 */
export const PUBLIC_ROUTE_MODULES: ReadonlyArray<readonly [pattern: string, module: string]> = [
  ['', 'src/features/site/pages/public-pages.tsx'],
  ['public/sobre', 'src/features/site/pages/public-pages.tsx'],
  ['public/elegibilidade', 'src/features/site/pages/public-pages.tsx'],
  ['public/sustentabilidade', 'src/features/site/pages/public-pages.tsx'],
  ['public/candidaturas', 'src/features/site/pages/public-pages.tsx'],
  ['public/autodiagnostico', 'src/features/site/pages/public-pages.tsx'],
  ['public/faqs', 'src/features/site/pages/public-pages.tsx'],
  ['public/privacy', 'src/features/site/pages/site-pages.tsx'],
  ['public/acessibilidade', 'src/features/site/pages/accessibility-page.tsx'],
  ['public/regulation', 'src/features/site/pages/site-pages.tsx'],
  ['public/news', 'src/features/site/pages/news-pages.tsx'],
  ['public/news/:slug', 'src/features/site/pages/news-pages.tsx'],
  ['public/gallery', 'src/features/site/pages/gallery-page.tsx'],
  ['public/testimonies', 'src/features/site/pages/site-pages.tsx'],
  ['public/events', 'src/features/site/pages/site-pages.tsx'],
  ['public/sitemap', 'src/features/site/pages/site-pages.tsx'],
  ['public/companies', 'src/features/companies/pages/directory-page.tsx'],
  ['public/companies/:id', 'src/features/companies/pages/public-company-page.tsx'],
  ['public/distinguidas', 'src/features/applications/pages/public-results-pages.tsx'],
  ['public/selo/:code', 'src/features/applications/pages/public-results-pages.tsx'],
  ['public/barometro', 'src/features/barometer/pages/barometer-page.tsx'],
  ['public/balance-sheet-template', 'src/features/balance-sheets/pages/template-section.tsx'],
];

/**
 * The source module of the signed-in pages people open most (the web's router), by page path without the
 * language: it is preloaded with the layout, instead of being asked for once the router has run. A test checks
 * each against the router.
 */
export const SIGNED_IN_ROUTE_MODULES: ReadonlyArray<readonly [path: string, module: string]> = [
  ['company/dashboard', 'src/features/companies/pages/company-dashboard-page.tsx'],
  ['company/balance-sheet', 'src/features/balance-sheets/pages/balance-sheet-page.tsx'],
  ['company/diagnosis', 'src/features/diagnosis/pages/company-diagnosis-page.tsx'],
  ['company/application', 'src/features/applications/pages/company-application-page.tsx'],
  ['company/esg', 'src/features/esg/pages/company-esg-page.tsx'],
  ['admin/dashboard', 'src/features/overview/pages/admin-dashboard-page.tsx'],
  ['admin/application', 'src/features/applications/pages/admin-applications-page.tsx'],
  ['partner/dashboard', 'src/features/partners/pages/partner-dashboard-page.tsx'],
];

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The language of a page path: its prefix, else the default (the app moves such paths under a language). */
function languageOf(path: string): string {
  const first = path.split('/').find((segment) => segment !== '') ?? '';
  return (LANGUAGES as readonly string[]).includes(first) ? first : DEFAULT_LANGUAGE;
}

/** The lazy route module a public page path runs, or undefined (signed-in pages, unknown paths). */
export function routeModuleFor(path: string): string | undefined {
  let segments = path.split('/').filter((segment) => segment !== '');
  if ((LANGUAGES as readonly string[]).includes(segments[0] ?? '')) segments = segments.slice(1);
  for (const [pattern, module] of PUBLIC_ROUTE_MODULES) {
    const parts = pattern === '' ? [] : pattern.split('/');
    if (
      parts.length === segments.length &&
      parts.every((part, index) => part.startsWith(':') || part === segments[index])
    ) {
      return module;
    }
  }
  return undefined;
}

/** The route module of a signed-in page of SIGNED_IN_ROUTE_MODULES, as a list of one, or none. */
function signedInRouteModule(path: string): string[] {
  const page = path
    .split('/')
    .filter((segment) => segment !== '')
    .slice(1)
    .join('/');
  return SIGNED_IN_ROUTE_MODULES.filter(([known]) => known === page).map(([, module]) => module);
}

/** The built index.html's module script: the app's entry. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="\/([^"]+)"><\/script>/;

/**
 * A server-rendered page's start (docs/adr/0014, docs/adr/0037): no module preloads, and its script (on a visitor's
 * page the islands', from the islands build's manifest; on a signed-in page the app's entry) started by /boot.js
 * after `load`, so that the HTML and its styles get the connection first: the phone shows the page sooner. Without
 * a script to start, the page keeps none. A signed-in page lists on the script the files its routes need
 * (`data-preload`), which the app asks for a few per task before loading its routes (docs/adr/0039).
 */
function bootStart(html: string, entry: string | undefined, preload: readonly string[] = []): string {
  const listed =
    preload.length > 0 ? ` data-preload="${escapeHtml(preload.map((file) => `/${file}`).join(' '))}"` : '';
  return html
    .replace(/\n\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(
      ENTRY_SCRIPT,
      entry ? `<script type="module" src="/boot.js" data-entry="/${entry}"${listed}></script>` : '',
    );
}

/** The app's entry in the built index.html. */
function appEntryOf(html: string): string | undefined {
  return ENTRY_SCRIPT.exec(html)?.[1];
}

/**
 * A signed-in page shows the app's loading text (ui/loading-screen.tsx) from its HTML, in the page's language, until
 * the app renders over it: the phone paints at once instead of a blank page while the scripts load.
 */
function withLoadingText(html: string, language: string): string {
  const text = escapeHtml(translate(isLanguage(language) ? language : DEFAULT_LANGUAGE, 'common:loading'));
  return html.replace(
    '<div id="root"></div>',
    `<div id="root"><div role="status" style="min-height:100vh;display:flex;align-items:center;justify-content:center">${text}</div></div>`,
  );
}

/**
 * The built index.html for a page path, with its route's stylesheets in the head. As the app shell (the
 * browser renders the page), it also preloads the route chunk and its imports, so that the browser fetches
 * them with the entry instead of after it has run. A page the server renders (`rendered`) starts its script
 * after it has loaded instead (bootStart): a visitor's page its islands, a signed-in page the app. Re-read when the
 * build changes; without a manifest the HTML is sent as built.
 */
export function createPageShell(distDir: string): (path: string, rendered?: boolean) => string {
  const indexPath = join(distDir, 'index.html');
  const manifestPath = join(distDir, '.vite/manifest.json');
  const islandsManifestPath = join(distDir, '.vite/islands-manifest.json');
  let builtAt = -1;
  let html = '';
  let manifest: Record<string, ManifestChunk> = {};
  let islandsEntry: string | undefined;
  const byModule = new Map<string, string>();

  function refresh(): void {
    const mtime = statSync(indexPath).mtimeMs;
    if (mtime === builtAt) return;
    builtAt = mtime;
    html = readFileSync(indexPath, 'utf8');
    manifest = existsSync(manifestPath)
      ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>)
      : {};
    islandsEntry = existsSync(islandsManifestPath)
      ? (JSON.parse(readFileSync(islandsManifestPath, 'utf8')) as Record<string, ManifestChunk>)[
          'src/islands.tsx'
        ]?.file
      : undefined;
    byModule.clear();
  }

  /** The script a page the server rendered starts: the islands' on a visitor's page, the app on a signed-in one. */
  const startOf = (signedIn: boolean) => (signedIn ? appEntryOf(html) : islandsEntry);

  function withPreloads(modules: readonly string[], rendered: boolean, signedIn: boolean): string {
    const files: string[] = [];
    const styles: string[] = [];
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) return;
      if (!html.includes(`"/${chunk.file}"`)) files.push(chunk.file);
      for (const style of chunk.css ?? []) {
        if (!html.includes(`"/${style}"`) && !styles.includes(style)) styles.push(style);
      }
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const module of modules) visit(module);
    // The route's own styles (CSS modules of the page and its imports) come with the HTML: a server-rendered
    // page would otherwise show unstyled until its JavaScript has loaded them, and move (layout shift).
    const links = [
      ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
      ...(rendered ? [] : files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)),
    ].join('\n    ');
    const page = rendered ? bootStart(html, startOf(signedIn), signedIn ? files : []) : html;
    return links === '' ? page : page.replace('</head>', `  ${links}\n  </head>`);
  }

  return (path, rendered = false) => {
    refresh();
    const language = languageOf(path);
    const module = routeModuleFor(path);
    // A signed-in page (the browser renders it): the signed-in layout and the start, public and signed-in texts
    // of the page's language come with the entry, instead of after it has run (docs/adr/0025).
    const modules = isSignedInPagePath(path)
      ? [
          SIGNED_IN_LAYOUT,
          `virtual:messages/${language}/start`,
          `virtual:messages/${language}/public`,
          `virtual:messages/${language}/signedIn`,
          ...signedInRouteModule(path),
        ]
      : module
        ? // The start and public texts of the page's language (the web's message catalogs per language) come
          // with it, and so do the public layout's styles (its header and footer are in the page's HTML).
          [module, PUBLIC_LAYOUT, `virtual:messages/${language}/start`, `virtual:messages/${language}/public`]
        : [];
    const signedIn = isSignedInPagePath(path);
    if (!modules[0] || !manifest[modules[0]]) return rendered ? bootStart(html, startOf(signedIn)) : html;
    const present = modules.filter((key) => manifest[key] !== undefined);
    const key = `${present.join(' ')} ${rendered}`;
    let page = byModule.get(key);
    if (page === undefined) {
      page = withPreloads(present, rendered, signedIn);
      // A signed-in page the server renders (docs/adr/0037) has its content in place of the loading text.
      if (signedIn && !rendered) page = withLoadingText(page, language);
      byModule.set(key, page);
    }
    return page;
  };
}
