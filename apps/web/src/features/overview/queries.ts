import { useQuery } from '@tanstack/react-query';
import { fetchAdminOverview } from './api.ts';

/** The one query-key factory of the admin overview. */
export const adminKeys = {
  all: ['admin'] as const,
  overview: () => [...adminKeys.all, 'overview'] as const,
};

/** The admin dashboard's figures, refetched when the admin comes back to the tab. */
export function useAdminOverviewQuery() {
  return useQuery({
    queryKey: adminKeys.overview(),
    queryFn: ({ signal }) => fetchAdminOverview(signal),
    refetchOnWindowFocus: true,
  });
}
