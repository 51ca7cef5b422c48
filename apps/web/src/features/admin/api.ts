import { AdminOverview } from '@excelencia/domain';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, apiJson } from '../../lib/api-client.ts';

export async function fetchAdminOverview(signal?: AbortSignal): Promise<AdminOverview> {
  return AdminOverview.parse(await apiJson<unknown>(`${API_BASE}/admin/overview`, { signal }));
}

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
