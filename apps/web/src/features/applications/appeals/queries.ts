import type {
  AdminAppealQuery,
  AppealConfirmationRequest,
  AppealDecisionRequest,
  AppealRequest,
} from '@excelencia/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applicationKeys } from '../queries.ts';
import {
  confirmAppealDecision,
  fetchAdminAppealState,
  fetchAppeals,
  fetchCompanyAppeal,
  makeAppeal,
  proposeAppealDecision,
} from './api.ts';

/** The query keys of appeals, under the applications area's (an appeal changes applications, seals, results). */
export const appealKeys = {
  all: [...applicationKeys.all, 'appeals'] as const,
  company: (companyId: string, applicationId: string) =>
    [...appealKeys.all, 'company', companyId, applicationId] as const,
  admin: (applicationId: string) => [...appealKeys.all, 'admin', applicationId] as const,
  list: (query: AdminAppealQuery) =>
    [...appealKeys.all, 'list', query.editionId ?? '', query.status ?? ''] as const,
};

export function useCompanyAppealQuery(companyId: string, applicationId: string, enabled = true) {
  return useQuery({
    queryKey: appealKeys.company(companyId, applicationId),
    queryFn: ({ signal }) => fetchCompanyAppeal(companyId, applicationId, signal),
    enabled,
  });
}

export function useAdminAppealQuery(applicationId: string) {
  return useQuery({
    queryKey: appealKeys.admin(applicationId),
    queryFn: ({ signal }) => fetchAdminAppealState(applicationId, signal),
  });
}

export function useAppealsQuery(query: AdminAppealQuery, enabled = true) {
  return useQuery({
    queryKey: appealKeys.list(query),
    queryFn: ({ signal }) => fetchAppeals(query, signal),
    enabled,
  });
}

/** After any change of an appeal everything of the applications area is read again (status, seal, results). */
function useRefreshAll() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: applicationKeys.all });
}

export function useMakeAppealMutation(companyId: string, applicationId: string) {
  return useMutation({
    mutationFn: (body: AppealRequest) => makeAppeal(companyId, applicationId, body),
  });
}

export function useRefreshAppeals() {
  return useRefreshAll();
}

export function useProposeAppealMutation(id: string) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (body: AppealDecisionRequest) => proposeAppealDecision(id, body),
    onSuccess: () => refresh(),
  });
}

export function useConfirmAppealMutation(id: string) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (body: AppealConfirmationRequest) => confirmAppealDecision(id, body),
    onSuccess: () => refresh(),
  });
}
