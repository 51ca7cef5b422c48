import {
  CONTENT_ITEMS,
  ContentImageUpload,
  type ContentItem,
  type ContentKind,
  DocumentItem,
  type Language,
  PUBLIC_CONTENT_ITEMS,
  type PublicContentItem,
} from '@excelencia/domain';
import { API_BASE, apiJson } from '../../lib/api-client.ts';
import { uploadWithProgress } from '../../ui/upload-with-progress.ts';

/** The calls of the content manager; every answer is parsed with the shared schemas. */

const enc = encodeURIComponent;

export type ItemOf<K extends ContentKind> = Extract<ContentItem, { kind: K }>;
export type PublicItemOf<K extends ContentKind> = Extract<PublicContentItem, { kind: K }>;

export const kindPath = (kind: ContentKind) => `${API_BASE}/content/${kind}`;
export const itemPath = (kind: ContentKind, id: string) => `${kindPath(kind)}/${enc(id)}`;
/** The stored PDF of a regulation or guide, for the admin: inline to view, `?download=1` to save it. */
export const documentFilePath = (id: string) => `${itemPath('documents', id)}/file`;

export interface ContentListFilter {
  status?: string;
  q?: string;
}

/** Every item of a kind, drafts included (the admin list). */
export async function fetchItems<K extends ContentKind>(
  kind: K,
  filter: ContentListFilter = {},
  signal?: AbortSignal,
): Promise<ItemOf<K>[]> {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.q?.trim()) params.set('q', filter.q.trim());
  const query = params.toString();
  const body = await apiJson<{ items: unknown[] }>(`${kindPath(kind)}${query ? `?${query}` : ''}`, {
    signal,
  });
  const schema = CONTENT_ITEMS[kind];
  return body.items.map((item) => schema.parse(item) as ItemOf<K>);
}

export async function fetchItem<K extends ContentKind>(
  kind: K,
  id: string,
  signal?: AbortSignal,
): Promise<ItemOf<K>> {
  return CONTENT_ITEMS[kind].parse(await apiJson<unknown>(itemPath(kind, id), { signal })) as ItemOf<K>;
}

export async function createItem<K extends ContentKind>(kind: K, body: unknown): Promise<ItemOf<K>> {
  return CONTENT_ITEMS[kind].parse(
    await apiJson<unknown>(kindPath(kind), { method: 'POST', body }),
  ) as ItemOf<K>;
}

export async function updateItem<K extends ContentKind>(
  kind: K,
  id: string,
  body: unknown,
): Promise<ItemOf<K>> {
  return CONTENT_ITEMS[kind].parse(
    await apiJson<unknown>(itemPath(kind, id), { method: 'PUT', body }),
  ) as ItemOf<K>;
}

export async function deleteItem(kind: ContentKind, id: string): Promise<void> {
  await apiJson<unknown>(itemPath(kind, id), { method: 'DELETE' });
}

/** The item as a visitor would read it in `language`, whatever its status. */
export async function fetchPreview<K extends ContentKind>(
  kind: K,
  id: string,
  language: Language,
  signal?: AbortSignal,
): Promise<PublicItemOf<K>> {
  return PUBLIC_CONTENT_ITEMS[kind].parse(
    await apiJson<unknown>(`${itemPath(kind, id)}/preview?language=${language}`, { signal }),
  ) as PublicItemOf<K>;
}

/** Uploads a picture; the server re-encodes it to WebP in several widths. */
export async function uploadImage(
  file: File,
  onProgress: (fraction: number) => void,
): Promise<ContentImageUpload> {
  const form = new FormData();
  form.append('file', file, file.name);
  return ContentImageUpload.parse(
    await uploadWithProgress({ method: 'POST', path: `${API_BASE}/content/images`, form, onProgress }),
  );
}

/** Uploads (or replaces) the PDF of a regulation or guide. */
export async function uploadDocumentFile(
  id: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<DocumentItem> {
  const form = new FormData();
  form.append('file', file, file.name);
  return DocumentItem.parse(
    await uploadWithProgress({ method: 'PUT', path: documentFilePath(id), form, onProgress }),
  );
}
