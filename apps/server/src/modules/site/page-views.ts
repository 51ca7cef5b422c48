import { isLanguage, type Language } from '@excelencia/domain';
import type { FastifyRequest } from 'fastify';
import { OTHER_PAGES, PUBLIC_PAGES } from './web-pages.ts';

/** The home page's key among the counted pages. */
const HOME_PAGE = 'home';

const PAGES = [...PUBLIC_PAGES, ...OTHER_PAGES].map((page) => ({
  key: page === '' ? HOME_PAGE : page,
  segments: page === '' ? [] : page.split('/'),
}));

/**
 * The public page a path shows, as counted (docs/adr/0034): its language and its key, the page's pattern
 * ('public/news/:slug': one count for every article, no identifier kept). Null for a path without a language, a
 * signed-in area or a page that does not exist.
 */
function countedPage(path: string): { page: string; language: Language } | null {
  const [, first, ...rest] = path.split('/');
  if (!isLanguage(first)) return null;
  const segments = rest.filter((segment) => segment !== '');
  const match = PAGES.find(
    ({ segments: pattern }) =>
      pattern.length === segments.length &&
      pattern.every((part, index) => part.startsWith(':') || part === segments[index]),
  );
  return match ? { page: match.key, language: first } : null;
}

/** A browser's prefetch or prerender of a link: nobody has looked at the page yet. */
function isPrefetch(request: FastifyRequest): boolean {
  const purpose = `${request.headers['sec-purpose'] ?? ''} ${request.headers.purpose ?? ''} ${request.headers['x-moz'] ?? ''}`;
  return /prefetch|prerender/i.test(purpose);
}

/**
 * The page view a page request counts, or null: only a GET (a HEAD fetches no page) answered 200 (a 404 is no page
 * of the site), of a public page under a language, and not a prefetch. The pages carry no validator (no ETag or
 * Last-Modified), so a browser never gets a 304 for them: every view that reaches the server is a full load.
 */
export function pageViewOf(
  request: FastifyRequest,
  path: string,
  status: number,
): { page: string; language: Language } | null {
  if (request.method !== 'GET' || status !== 200 || isPrefetch(request)) return null;
  return countedPage(path);
}
