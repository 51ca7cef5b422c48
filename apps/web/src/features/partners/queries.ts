import type { FollowRequestDecision, UpdatePartnerConsentRequest } from '@excelencia/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fetchApiTokens,
  fetchAssistedCompanies,
  fetchAssistedNifs,
  fetchFollowRequests,
  fetchPartnerAccessLog,
  fetchPartnerCompany,
  fetchPartnerConsents,
  fetchPartnerDashboard,
  postApiToken,
  postAssistedCompany,
  postFollowDecision,
  postFollowRequest,
  putPartnerConsent,
  revokeApiToken,
} from './api.ts';

/** The one query-key factory of the partner area (the partner's screens and the company's consents). */
export const partnerKeys = {
  all: ['partner'] as const,
  dashboard: () => [...partnerKeys.all, 'dashboard'] as const,
  assisted: () => [...partnerKeys.all, 'assisted'] as const,
  assistedNifs: () => [...partnerKeys.all, 'assisted-nifs'] as const,
  followRequests: () => [...partnerKeys.all, 'follow-requests'] as const,
  company: (companyId: string) => [...partnerKeys.all, 'company', companyId] as const,
  consents: (companyId: string) => [...partnerKeys.all, 'consents', companyId] as const,
  accessLog: (companyId: string, page: number) =>
    [...partnerKeys.all, 'access-log', companyId, page] as const,
  apiTokens: () => [...partnerKeys.all, 'api-tokens'] as const,
};

export function usePartnerDashboardQuery() {
  return useQuery({
    queryKey: partnerKeys.dashboard(),
    queryFn: ({ signal }) => fetchPartnerDashboard(signal),
  });
}

export function useAssistedCompaniesQuery() {
  return useQuery({
    queryKey: partnerKeys.assisted(),
    queryFn: ({ signal }) => fetchAssistedCompanies(signal),
  });
}

export function useAssistedNifsQuery() {
  return useQuery({
    queryKey: partnerKeys.assistedNifs(),
    queryFn: ({ signal }) => fetchAssistedNifs(signal),
  });
}

/** Every open is a read the company's access log records: not cached across openings. */
export function usePartnerCompanyQuery(companyId: string | null) {
  return useQuery({
    queryKey: partnerKeys.company(companyId ?? ''),
    queryFn: ({ signal }) => fetchPartnerCompany(companyId ?? '', signal),
    enabled: Boolean(companyId),
    gcTime: 0,
    staleTime: 0,
  });
}

export function useRegisterAssistedMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postAssistedCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}

export function useFollowRequestsQuery() {
  return useQuery({
    queryKey: partnerKeys.followRequests(),
    queryFn: ({ signal }) => fetchFollowRequests(signal),
  });
}

export function useFollowRequestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postFollowRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.followRequests() }),
  });
}

/** The company accepts or refuses an entity's request to follow it; its sharing table is read again. */
export function useFollowDecisionMutation(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; body: FollowRequestDecision }) =>
      postFollowDecision(companyId, input.id, input.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.consents(companyId) }),
  });
}

export function usePartnerConsentsQuery(companyId: string | null) {
  return useQuery({
    queryKey: partnerKeys.consents(companyId ?? ''),
    queryFn: ({ signal }) => fetchPartnerConsents(companyId ?? '', signal),
    enabled: Boolean(companyId),
  });
}

export function useUpdateConsentMutation(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { partnerEntityId: string; body: UpdatePartnerConsentRequest }) =>
      putPartnerConsent(companyId, input.partnerEntityId, input.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.consents(companyId) }),
  });
}

export function usePartnerAccessLogQuery(companyId: string | null, page: number) {
  return useQuery({
    queryKey: partnerKeys.accessLog(companyId ?? '', page),
    queryFn: ({ signal }) => fetchPartnerAccessLog(companyId ?? '', page, signal),
    enabled: Boolean(companyId),
    placeholderData: keepPreviousData,
  });
}

export function useApiTokensQuery() {
  return useQuery({ queryKey: partnerKeys.apiTokens(), queryFn: ({ signal }) => fetchApiTokens(signal) });
}

export function useCreateApiTokenMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.apiTokens() }),
  });
}

export function useRevokeApiTokenMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.apiTokens() }),
  });
}
