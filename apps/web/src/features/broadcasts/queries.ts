import type { BroadcastFilter, BroadcastItem } from '@excelencia/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchBroadcasts, previewBroadcast } from './api.ts';

/** Every query of the broadcasts screen, under one root. */
export const broadcastKeys = {
  all: ['broadcasts'] as const,
  list: () => [...broadcastKeys.all, 'list'] as const,
  reach: (filter: BroadcastFilter) => [...broadcastKeys.all, 'reach', filter] as const,
};

/** How often the list is read again while a broadcast is being sent (its progress bar moves). */
export const BROADCAST_POLL_MS = 2000;

export function useBroadcastsQuery() {
  return useQuery({
    queryKey: broadcastKeys.list(),
    queryFn: ({ signal }) => fetchBroadcasts(signal),
    refetchInterval: (query) =>
      (query.state.data ?? []).some((item: BroadcastItem) => item.status === 'sending')
        ? BROADCAST_POLL_MS
        : false,
  });
}

/** How many the filter reaches now (the caller debounces the filter). */
export function useReachQuery(filter: BroadcastFilter | null) {
  return useQuery({
    queryKey: broadcastKeys.reach(filter ?? {}),
    queryFn: ({ signal }) => previewBroadcast(filter ?? {}, signal),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
  });
}
