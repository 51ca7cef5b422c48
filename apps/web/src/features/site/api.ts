import {
  type ContentKind,
  type ContentPageKey,
  type Language,
  PUBLIC_CONTENT_ITEMS,
  type PublicContentItem,
  publicContentPageOf,
} from '@excelencia/domain';
import { API_BASE, ApiError, apiJson } from '../../lib/api-client.ts';

/** The visitor's reads of the site's content (published items only), parsed with the shared public schemas. */

export type PublicItemOf<K extends ContentKind> = Extract<PublicContentItem, { kind: K }>;

export interface PublicPage<T> {
  items: T[];
  nextCursor: string | null;
}

export interface PublicListParams {
  limit?: number;
  cursor?: string | null;
  q?: string;
  upcoming?: boolean;
  category?: 'regulation' | 'guide';
}

function listPath(kind: ContentKind, language: Language, params: PublicListParams): string {
  const search = new URLSearchParams({ language });
  if (params.limit) search.set('limit', String(params.limit));
  if (params.cursor) search.set('cursor', params.cursor);
  if (params.q?.trim()) search.set('q', params.q.trim());
  if (params.upcoming !== undefined) search.set('upcoming', String(params.upcoming));
  if (params.category) search.set('category', params.category);
  return `${API_BASE}/public/content/${kind}?${search.toString()}`;
}

/** One keyset page of published items of a kind in `language` (pt where a text is missing, marked). */
export async function fetchPublicList<K extends ContentKind>(
  kind: K,
  language: Language,
  params: PublicListParams = {},
  signal?: AbortSignal,
): Promise<PublicPage<PublicItemOf<K>>> {
  const schema = publicContentPageOf(PUBLIC_CONTENT_ITEMS[kind]);
  const page = schema.parse(await apiJson<unknown>(listPath(kind, language, params), { signal }));
  return page as PublicPage<PublicItemOf<K>>;
}

/** Every published item of a small kind (FAQ, documents), page after page. */
export async function fetchAllPublic<K extends ContentKind>(
  kind: K,
  language: Language,
  params: Omit<PublicListParams, 'cursor' | 'limit'> = {},
  signal?: AbortSignal,
): Promise<PublicItemOf<K>[]> {
  const items: PublicItemOf<K>[] = [];
  let cursor: string | null = null;
  // A bound on the pages read, so a server that kept answering a cursor could not loop for ever.
  for (let page = 0; page < 20; page++) {
    const answer: PublicPage<PublicItemOf<K>> = await fetchPublicList(
      kind,
      language,
      { ...params, cursor, limit: 50 },
      signal,
    );
    items.push(...answer.items);
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
  return items;
}

/** One published item by its slug or id; null when there is none (404). */
export async function fetchPublicItem<K extends ContentKind>(
  kind: K,
  slugOrId: string,
  language: Language,
  signal?: AbortSignal,
): Promise<PublicItemOf<K> | null> {
  try {
    const body = await apiJson<unknown>(
      `${API_BASE}/public/content/${kind}/${encodeURIComponent(slugOrId)}?language=${language}`,
      { signal },
    );
    return PUBLIC_CONTENT_ITEMS[kind].parse(body) as PublicItemOf<K>;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** A fixed page of the site (about, privacy…) from the content manager; null when it has none. */
export function fetchContentPage(key: ContentPageKey, language: Language, signal?: AbortSignal) {
  return fetchPublicItem('pages', key, language, signal);
}
