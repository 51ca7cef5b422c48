import { buildBalanceTree } from '@excelencia/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListState } from '../../ui/data-table/list-state.ts';
import { deleteSheet, fetchComparison, fetchLines, fetchSheet, fetchSheets, fetchTree } from './api.ts';

export const sheetKeys = {
  all: ['balance-sheets'] as const,
  /** Everything of one company's sheets (list, details, lines), refreshed together after a write. */
  company: (companyId: string) => [...sheetKeys.all, companyId] as const,
  list: (companyId: string, includeReplaced = false) =>
    [...sheetKeys.all, companyId, 'list', includeReplaced ? 'withReplaced' : 'kept'] as const,
  one: (companyId: string, id: string) => [...sheetKeys.all, companyId, 'one', id] as const,
  lines: (companyId: string, id: string, page: number) =>
    [...sheetKeys.all, companyId, 'lines', id, page] as const,
  tree: () => [...sheetKeys.all, 'tree'] as const,
  comparison: (left: string, right: string) => [...sheetKeys.all, 'compare', left, right] as const,
  adminList: (state: ListState) => [...sheetKeys.all, 'admin', state] as const,
};

/** The company's sheets, the latest period first (with includeReplaced, the replaced ones too, marked). */
export function useSheetsQuery(companyId: string | null, options: { includeReplaced?: boolean } = {}) {
  const includeReplaced = options.includeReplaced ?? false;
  return useQuery({
    queryKey: sheetKeys.list(companyId ?? '', includeReplaced),
    queryFn: ({ signal }) => fetchSheets(companyId ?? '', signal, { includeReplaced }),
    enabled: Boolean(companyId),
  });
}

export function useSheetQuery(companyId: string | null, id: string | null) {
  return useQuery({
    queryKey: sheetKeys.one(companyId ?? '', id ?? ''),
    queryFn: ({ signal }) => fetchSheet(companyId ?? '', id ?? '', signal),
    enabled: Boolean(companyId && id),
  });
}

/** The admin comparator's two sheets and their differences; idle until both are chosen. */
export function useComparisonQuery(left: string, right: string) {
  return useQuery({
    queryKey: sheetKeys.comparison(left, right),
    queryFn: ({ signal }) => fetchComparison(left, right, signal),
    enabled: Boolean(left && right),
  });
}

export function useLinesQuery(companyId: string | null, id: string | null, page: number) {
  return useQuery({
    queryKey: sheetKeys.lines(companyId ?? '', id ?? '', page),
    queryFn: ({ signal }) => fetchLines(companyId ?? '', id ?? '', page, signal),
    enabled: Boolean(companyId && id),
    placeholderData: keepPreviousData,
  });
}

/** The balance tree (headings → sub-categories) with natures, statements and cost lines. */
export function useBalanceTreeQuery() {
  return useQuery({
    queryKey: sheetKeys.tree(),
    queryFn: async ({ signal }) => buildBalanceTree(await fetchTree(signal)),
    staleTime: 5 * 60 * 1000,
  });
}

export function useDeleteSheetMutation(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteSheet(companyId, id),
    onSuccess: () => client.invalidateQueries({ queryKey: sheetKeys.company(companyId) }),
  });
}
