import { MAX_PAGE_SIZE, type Page } from '@excelencia/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ListState, listQueryString } from '../../ui/data-table/list-state.ts';
import {
  createItem,
  deleteItem,
  fetchActiveCriteria,
  fetchItem,
  fetchPage,
  fetchSelfDiagnosisTree,
  type ItemSchema,
  postActivation,
  updateItem,
  validateFormula,
} from './api.ts';

/** The one query-key factory of the reference area. */
export const referenceKeys = {
  all: ['reference'] as const,
  resource: (resource: string) => [...referenceKeys.all, resource] as const,
  list: (resource: string, query: string) => [...referenceKeys.resource(resource), 'list', query] as const,
  options: (resource: string) => [...referenceKeys.resource(resource), 'options'] as const,
  item: (resource: string, id: string) => [...referenceKeys.resource(resource), 'item', id] as const,
  tree: () => [...referenceKeys.all, 'self-diagnosis/tree'] as const,
  formula: (formula: string) => [...referenceKeys.all, 'formula', formula] as const,
  /** Under the criteria resource, so an edit of a criterion reloads it too. */
  activeCriteria: () => [...referenceKeys.resource('criteria'), 'active'] as const,
};

export function useResourceListQuery<T>(resource: string, state: ListState, schema: ItemSchema<T>) {
  const query = listQueryString(state);
  return useQuery({
    queryKey: referenceKeys.list(resource, query),
    queryFn: ({ signal }) => fetchPage(resource, query, schema, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every row of a (small) parent resource, for selects and filters: pages of 100 sorted by code. */
export function useResourceOptionsQuery<T>(resource: string, schema: ItemSchema<T>, enabled = true) {
  return useQuery({
    queryKey: referenceKeys.options(resource),
    enabled,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const items: T[] = [];
      for (let page = 1; page <= 20; page++) {
        const state: ListState = {
          page,
          pageSize: MAX_PAGE_SIZE,
          search: '',
          sort: 'code',
          order: 'asc',
          filters: {},
        };
        const result: Page<T> = await fetchPage(resource, listQueryString(state), schema, signal);
        items.push(...result.items);
        if (items.length >= result.total || result.items.length === 0) break;
      }
      return items;
    },
  });
}

export function useResourceItemQuery<T>(resource: string, id: string | null, schema: ItemSchema<T>) {
  return useQuery({
    queryKey: referenceKeys.item(resource, id ?? ''),
    enabled: id !== null,
    queryFn: ({ signal }) => fetchItem(resource, id ?? '', schema, signal),
  });
}

/** After any change: the resource's lists, options and items, and the tree, are refetched. */
function useInvalidate(resource: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: referenceKeys.resource(resource) }),
      resource.startsWith('self-diagnosis/')
        ? client.invalidateQueries({ queryKey: referenceKeys.tree() })
        : Promise.resolve(),
    ]);
}

export function useSaveMutation(resource: string) {
  const invalidate = useInvalidate(resource);
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: unknown }) =>
      id ? updateItem(resource, id, body) : createItem(resource, body),
    onSuccess: invalidate,
  });
}

export function useDeleteMutation(resource: string) {
  const invalidate = useInvalidate(resource);
  return useMutation({ mutationFn: (id: string) => deleteItem(resource, id), onSuccess: invalidate });
}

/** Activate/deactivate: `POST <res>/{id}/activate|deactivate` or a PUT with the item's fields. */
export function useActivationMutation(resource: string) {
  const invalidate = useInvalidate(resource);
  return useMutation({
    mutationFn: (change: { id: string; active: boolean; version: number; putBody?: unknown }) =>
      change.putBody === undefined
        ? postActivation(resource, change.id, change.active, change.version)
        : updateItem(resource, change.id, change.putBody),
    onSuccess: invalidate,
  });
}

export function useSelfDiagnosisTreeQuery(enabled = true) {
  return useQuery({
    queryKey: referenceKeys.tree(),
    enabled,
    staleTime: 60_000,
    queryFn: ({ signal }) => fetchSelfDiagnosisTree(signal),
  });
}

export function useFormulaValidationQuery(formula: string) {
  const text = formula.trim();
  return useQuery({
    queryKey: referenceKeys.formula(text),
    enabled: text.length > 0,
    staleTime: 30_000,
    retry: false,
    queryFn: ({ signal }) => validateFormula(text, signal),
  });
}

/**
 * The active criteria, for the screens that show or choose them (statistics, the eligibility thresholds), staying
 * a few minutes like the other option lists.
 */
export function useActiveCriteriaQuery() {
  return useQuery({
    queryKey: referenceKeys.activeCriteria(),
    queryFn: ({ signal }) => fetchActiveCriteria(signal),
    staleTime: 5 * 60 * 1000,
  });
}
