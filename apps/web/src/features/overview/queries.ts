import type { FunnelGrouping } from '@excelencia/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchAdminOverview, fetchEditionFunnel, fetchVisits } from './api.ts';

/** The one query-key factory of the admin overview. */
export const adminKeys = {
  all: ['admin'] as const,
  overview: () => [...adminKeys.all, 'overview'] as const,
  funnel: (editionId: string, by: FunnelGrouping) => [...adminKeys.all, 'funnel', editionId, by] as const,
  visits: () => [...adminKeys.all, 'visits'] as const,
};

/** The admin dashboard's figures, refetched when the admin comes back to the tab. */
export function useAdminOverviewQuery() {
  return useQuery({
    queryKey: adminKeys.overview(),
    queryFn: ({ signal }) => fetchAdminOverview(signal),
    refetchOnWindowFocus: true,
  });
}

/** An edition's funnel split by island or CAE section; the previous split stays shown while the next loads. */
export function useEditionFunnelQuery(editionId: string, by: FunnelGrouping) {
  return useQuery({
    queryKey: adminKeys.funnel(editionId, by),
    queryFn: ({ signal }) => fetchEditionFunnel(editionId, by, signal),
    placeholderData: keepPreviousData,
  });
}

/** The page views of the last 30 days. */
export function useVisitsQuery() {
  return useQuery({ queryKey: adminKeys.visits(), queryFn: ({ signal }) => fetchVisits(signal) });
}
