import type { ContentPageKey, Language } from '@excelencia/domain';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  fetchAllPublic,
  fetchContentPage,
  fetchPublicItem,
  fetchPublicList,
  type PublicListParams,
} from './api.ts';

/**
 * The public content's queries, shared by the pages' hooks and their server prefetch (same keys, so the
 * page the server renders reads what it prefetched). The language is part of every key: the answers are in it.
 */
export const publicContentKeys = {
  all: ['public-content'] as const,
  page: (key: ContentPageKey, language: Language) =>
    [...publicContentKeys.all, 'page', key, language] as const,
  list: (kind: string, language: Language, params: PublicListParams) =>
    [...publicContentKeys.all, 'list', kind, language, params] as const,
  every: (kind: string, language: Language, params: object) =>
    [...publicContentKeys.all, 'every', kind, language, params] as const,
  pages: (kind: string, language: Language, from: string | null, limit: number) =>
    [...publicContentKeys.all, 'pages', kind, language, from ?? '', limit] as const,
  item: (kind: string, slug: string, language: Language) =>
    [...publicContentKeys.all, 'item', kind, slug, language] as const,
};

/** Content changes rarely while a visitor reads: a minute before it is read again. */
const STALE = 60 * 1000;

export const contentPageQuery = (key: ContentPageKey, language: Language) =>
  queryOptions({
    queryKey: publicContentKeys.page(key, language),
    queryFn: ({ signal }) => fetchContentPage(key, language, signal),
    staleTime: STALE,
  });

export function useContentPageQuery(key: ContentPageKey, language: Language) {
  return useQuery(contentPageQuery(key, language));
}

/** One page of a list (the home page's blocks: the latest news, the upcoming events). */
export const publicListQuery = <K extends 'news' | 'events' | 'testimonies' | 'gallery'>(
  kind: K,
  language: Language,
  params: PublicListParams,
) =>
  queryOptions({
    queryKey: publicContentKeys.list(kind, language, params),
    queryFn: ({ signal }) => fetchPublicList(kind, language, params, signal),
    staleTime: STALE,
  });

/** Every published FAQ item or document. */
export const everyFaqQuery = (language: Language) =>
  queryOptions({
    queryKey: publicContentKeys.every('faq', language, {}),
    queryFn: ({ signal }) => fetchAllPublic('faq', language, {}, signal),
    staleTime: STALE,
  });

export const everyDocumentQuery = (language: Language) =>
  queryOptions({
    queryKey: publicContentKeys.every('documents', language, {}),
    queryFn: ({ signal }) => fetchAllPublic('documents', language, {}, signal),
    staleTime: STALE,
  });

export const everyEventQuery = (language: Language, upcoming: boolean) =>
  queryOptions({
    queryKey: publicContentKeys.every('events', language, { upcoming }),
    queryFn: ({ signal }) => fetchAllPublic('events', language, { upcoming }, signal),
    staleTime: STALE,
  });

/**
 * A list read page after page ('load more'), starting at `from` (a cursor from the address, so a plain link
 * to the next page works without JavaScript).
 */
export const pagedListQuery = <K extends 'news' | 'gallery' | 'testimonies'>(
  kind: K,
  language: Language,
  from: string | null,
  limit: number,
) =>
  infiniteQueryOptions({
    queryKey: publicContentKeys.pages(kind, language, from, limit),
    queryFn: ({ pageParam, signal }) => fetchPublicList(kind, language, { cursor: pageParam, limit }, signal),
    initialPageParam: from,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: STALE,
  });

export function usePagedListQuery<K extends 'news' | 'gallery' | 'testimonies'>(
  kind: K,
  language: Language,
  from: string | null,
  limit: number,
) {
  return useInfiniteQuery(pagedListQuery(kind, language, from, limit));
}

/** A published item by its slug (a news article); null when there is none. */
export const publicItemQuery = <K extends 'news'>(kind: K, slug: string, language: Language) =>
  queryOptions({
    queryKey: publicContentKeys.item(kind, slug, language),
    queryFn: ({ signal }) => fetchPublicItem(kind, slug, language, signal),
    staleTime: STALE,
  });
