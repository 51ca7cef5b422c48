import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@excelencia/domain';

/**
 * The public pages of the web app (apps/web/src/app/router.tsx), without the language prefix: the sitemap
 * lists them in every language, and the server answers them with status 200. A test checks this list
 * against the router.
 */
export const PUBLIC_PAGES = [
  '',
  'public/sobre',
  'public/elegibilidade',
  'public/sustentabilidade',
  'public/candidaturas',
  'public/autodiagnostico',
  'public/faqs',
  'public/companies',
  'public/balance-sheet-template',
  'public/privacy',
  'public/acessibilidade',
  'public/regulation',
  'public/distinguidas',
  'public/barometro',
  'public/news',
  'public/events',
  'public/gallery',
  'public/testimonies',
  'public/sitemap',
] as const;

/** Pages that exist but have no place in a sitemap: one per company, news item or seal, or steps of a flow. */
export const OTHER_PAGES = [
  'public/companies/:id',
  'public/news/:slug',
  'public/selo/:code',
  'register',
  'register/confirm',
  'register/invitation',
] as const;

/** Areas of the signed-in client app: the app itself decides which of their paths exist and who sees them. */
export const SIGNED_IN_AREAS = ['admin', 'company', 'partner', 'users'] as const;

const PATTERNS = [...PUBLIC_PAGES, ...OTHER_PAGES].map((page) => (page === '' ? [] : page.split('/')));

function matches(pattern: readonly string[], segments: readonly string[]): boolean {
  return (
    pattern.length === segments.length &&
    pattern.every((part, index) => part.startsWith(':') || part === segments[index])
  );
}

/**
 * The status a page path answers with, its HTML being the app's in both cases: 404 for /404 and every path
 * the app does not know (the app shows its 'page does not exist' screen there), 200 otherwise. A path
 * without a language is a page of the app too: the app moves it under the visitor's language.
 */
export function webPageStatus(path: string): 200 | 404 {
  let segments = path.split('/').filter((segment) => segment !== '');
  if ((LANGUAGES as readonly string[]).includes(segments[0] ?? '')) segments = segments.slice(1);
  if (segments.length === 1 && segments[0] === '404') return 404;
  if ((SIGNED_IN_AREAS as readonly string[]).includes(segments[0] ?? '')) return 200;
  return PATTERNS.some((pattern) => matches(pattern, segments)) ? 200 : 404;
}

/** The absolute address of a public page in one language; the home page ends with a slash. */
export function pageUrl(publicUrl: string, language: Language, page: string): string {
  return `${publicUrl}/${language}/${page}`;
}

/** robots.txt: the public site open to crawlers; the API, sign-in, developer tools and signed-in areas not. */
export function robotsTxt(publicUrl: string): string {
  const signedIn = LANGUAGES.flatMap((language) =>
    SIGNED_IN_AREAS.map((area) => `Disallow: /${language}/${area}`),
  );
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /app/',
    'Disallow: /auth/',
    'Disallow: /dev/',
    ...signedIn,
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** sitemap.xml: every public page in each language, each with its alternates in the others (hreflang). */
export function sitemapXml(publicUrl: string, articles: readonly string[] = []): string {
  const entries = [...PUBLIC_PAGES, ...articles].flatMap((page) => {
    const alternates = [
      ...LANGUAGES.map((language) => ({ hreflang: language, href: pageUrl(publicUrl, language, page) })),
      { hreflang: 'x-default', href: pageUrl(publicUrl, DEFAULT_LANGUAGE, page) },
    ]
      .map(
        ({ hreflang, href }) =>
          `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`,
      )
      .join('\n');
    return LANGUAGES.map(
      (language) =>
        `  <url>\n    <loc>${escapeXml(pageUrl(publicUrl, language, page))}</loc>\n${alternates}\n  </url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}
