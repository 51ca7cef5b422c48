import { useQuery } from '@tanstack/react-query';
import { fetchCompaniesOverview, fetchMembers } from './api.ts';

/** Every query of the teams area, under one root. */
export const teamKeys = {
  all: ['teams'] as const,
  members: (companyId: string) => [...teamKeys.all, 'members', companyId] as const,
  overview: () => [...teamKeys.all, 'overview'] as const,
};

/** A company's members and pending invitations; nothing is fetched without a company. */
export function useMembersQuery(companyId: string | null) {
  return useQuery({
    queryKey: teamKeys.members(companyId ?? ''),
    queryFn: ({ signal }) => fetchMembers(companyId ?? '', signal),
    enabled: companyId !== null,
  });
}

/** The caller's companies with their latest state (the dashboard's table). */
export function useCompaniesOverviewQuery(enabled: boolean) {
  return useQuery({
    queryKey: teamKeys.overview(),
    queryFn: ({ signal }) => fetchCompaniesOverview(signal),
    enabled,
    staleTime: 60_000,
  });
}
