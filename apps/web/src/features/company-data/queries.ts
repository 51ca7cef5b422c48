import type { DataExport } from '@excelencia/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { fetchActivity, fetchClosure, fetchClosureRequests, fetchExports } from './api.ts';

/** Every query of the company's data, under one root. */
export const companyDataKeys = {
  all: ['company-data'] as const,
  activity: (companyId: string) => [...companyDataKeys.all, 'activity', companyId] as const,
  exports: (companyId: string) => [...companyDataKeys.all, 'exports', companyId] as const,
  closure: (companyId: string) => [...companyDataKeys.all, 'closure', companyId] as const,
  /** The admins' list of closure requests. */
  closureRequests: () => [...companyDataKeys.all, 'closure-requests'] as const,
};

/** The company's activity, page after page: `fetchNextPage` follows the last page's cursor. */
export function useActivityQuery(companyId: string) {
  return useInfiniteQuery({
    queryKey: companyDataKeys.activity(companyId),
    queryFn: ({ pageParam, signal }) => fetchActivity(companyId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** How often the exports are read again while one is queued or running. */
export const EXPORT_POLL_MS = 2000;

export const isExportWorking = (item: DataExport) => item.state === 'queued' || item.state === 'running';

/** The company's exports; read again every EXPORT_POLL_MS while one of them is being built. */
export function useExportsQuery(companyId: string, enabled: boolean) {
  return useQuery({
    queryKey: companyDataKeys.exports(companyId),
    queryFn: ({ signal }) => fetchExports(companyId, signal),
    enabled,
    refetchInterval: (query) => (query.state.data?.some(isExportWorking) ? EXPORT_POLL_MS : false),
  });
}

export function useClosureQuery(companyId: string) {
  return useQuery({
    queryKey: companyDataKeys.closure(companyId),
    queryFn: ({ signal }) => fetchClosure(companyId, signal),
  });
}

export function useClosureRequestsQuery() {
  return useQuery({
    queryKey: companyDataKeys.closureRequests(),
    queryFn: ({ signal }) => fetchClosureRequests(signal),
  });
}
