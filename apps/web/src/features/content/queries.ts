import type { ContentKind } from '@excelencia/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ContentListFilter,
  createItem,
  deleteItem,
  fetchItem,
  fetchItems,
  type ItemOf,
  updateItem,
} from './api.ts';

/** The one query-key factory of the content manager. */
export const contentKeys = {
  all: ['content'] as const,
  kind: (kind: ContentKind) => [...contentKeys.all, kind] as const,
  list: (kind: ContentKind, filter: ContentListFilter = {}) =>
    [...contentKeys.kind(kind), 'list', filter.status ?? '', filter.q?.trim() ?? ''] as const,
  item: (kind: ContentKind, id: string) => [...contentKeys.kind(kind), 'item', id] as const,
};

export function useContentList<K extends ContentKind>(kind: K, filter: ContentListFilter = {}) {
  return useQuery({
    queryKey: contentKeys.list(kind, filter),
    queryFn: ({ signal }) => fetchItems(kind, filter, signal),
    placeholderData: (previous) => previous,
  });
}

export function useContentItem<K extends ContentKind>(kind: K, id: string | null) {
  return useQuery({
    queryKey: contentKeys.item(kind, id ?? ''),
    queryFn: ({ signal }) => fetchItem(kind, id ?? '', signal),
    enabled: id !== null,
    // What the admin is typing is the truth: a refetch on focus must not reset the form.
    refetchOnWindowFocus: false,
  });
}

/** Creates (id null) or updates an item; the lists of its kind reload. */
export function useSaveContent<K extends ContentKind>(kind: K) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: unknown }): Promise<ItemOf<K>> =>
      input.id === null ? createItem(kind, input.body) : updateItem(kind, input.id, input.body),
    onSuccess: (item) => {
      client.setQueryData(contentKeys.item(kind, item.id), item);
      void client.invalidateQueries({ queryKey: [...contentKeys.kind(kind), 'list'] });
    },
  });
}

export function useDeleteContent(kind: ContentKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteItem(kind, id),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: contentKeys.item(kind, id) });
      void client.invalidateQueries({ queryKey: [...contentKeys.kind(kind), 'list'] });
    },
  });
}
