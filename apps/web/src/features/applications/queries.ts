import type { Application } from '@excelencia/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createApplication,
  deleteApplicationFile,
  fetchApplication,
  fetchApplications,
  fetchCompanySeals,
  fetchCurrentEdition,
  fetchDistinguished,
  fetchEligibility,
  fetchPublishedEditions,
  fetchSealVerification,
  submitApplication,
} from './api.ts';

/** The one query-key factory of the applications area. */
export const applicationKeys = {
  all: ['applications'] as const,
  editions: () => [...applicationKeys.all, 'editions'] as const,
  current: () => [...applicationKeys.all, 'editions', 'current'] as const,
  edition: (id: string) => [...applicationKeys.editions(), 'one', id] as const,
  readiness: (editionId: string) => [...applicationKeys.editions(), 'readiness', editionId] as const,
  results: (editionId: string) => [...applicationKeys.editions(), 'results', editionId] as const,
  published: () => [...applicationKeys.editions(), 'published'] as const,
  distinguished: (editionId: string) => [...applicationKeys.editions(), 'distinguished', editionId] as const,
  sealCheck: (code: string) => [...applicationKeys.all, 'seal-check', code] as const,
  company: (companyId: string) => [...applicationKeys.all, 'company', companyId] as const,
  companyList: (companyId: string) => [...applicationKeys.company(companyId), 'list'] as const,
  one: (companyId: string, id: string) => [...applicationKeys.company(companyId), 'one', id] as const,
  eligibility: (companyId: string, year: number | null) =>
    [...applicationKeys.company(companyId), 'eligibility', year] as const,
  seals: (companyId: string) => [...applicationKeys.company(companyId), 'seals'] as const,
  admin: () => [...applicationKeys.all, 'admin'] as const,
  adminList: (query: string) => [...applicationKeys.admin(), 'list', query] as const,
  adminOne: (id: string) => [...applicationKeys.admin(), 'one', id] as const,
  history: (id: string) => [...applicationKeys.admin(), 'history', id] as const,
  sealsAdmin: (editionId: string) => [...applicationKeys.admin(), 'seals', editionId] as const,
};

// ---- editions and public ----

/** The current edition (null = none announced); it changes rarely, so it stays a minute. */
export function useCurrentEditionQuery() {
  return useQuery({
    queryKey: applicationKeys.current(),
    queryFn: ({ signal }) => fetchCurrentEdition(signal),
    staleTime: 60 * 1000,
  });
}

export function usePublishedEditionsQuery() {
  return useQuery({
    queryKey: applicationKeys.published(),
    queryFn: ({ signal }) => fetchPublishedEditions(signal),
  });
}

export function useDistinguishedQuery(editionId: string | null) {
  return useQuery({
    queryKey: applicationKeys.distinguished(editionId ?? ''),
    queryFn: ({ signal }) => fetchDistinguished(editionId ?? '', signal),
    enabled: Boolean(editionId),
  });
}

/** A seal's check: never cached across visits (the verdict is "as of now"). */
export function useSealVerificationQuery(code: string) {
  return useQuery({
    queryKey: applicationKeys.sealCheck(code),
    queryFn: ({ signal }) => fetchSealVerification(code, signal),
    gcTime: 0,
    enabled: code.length > 0,
  });
}

// ---- company ----

export function useCompanyApplicationsQuery(companyId: string | null) {
  return useQuery({
    queryKey: applicationKeys.companyList(companyId ?? ''),
    queryFn: ({ signal }) => fetchApplications(companyId ?? '', signal),
    enabled: Boolean(companyId),
  });
}

/** One application (its eligibility is recomputed by the server while it is a draft). */
export function useCompanyApplicationQuery(companyId: string | null, id: string | null) {
  return useQuery({
    queryKey: applicationKeys.one(companyId ?? '', id ?? ''),
    queryFn: ({ signal }) => fetchApplication(companyId ?? '', id ?? '', signal),
    enabled: Boolean(companyId && id),
  });
}

export function useEligibilityQuery(companyId: string | null, year: number | null, enabled = true) {
  return useQuery({
    queryKey: applicationKeys.eligibility(companyId ?? '', year),
    queryFn: ({ signal }) => fetchEligibility(companyId ?? '', year, signal),
    enabled: enabled && Boolean(companyId),
  });
}

export function useCompanySealsQuery(companyId: string | null) {
  return useQuery({
    queryKey: applicationKeys.seals(companyId ?? ''),
    queryFn: ({ signal }) => fetchCompanySeals(companyId ?? '', signal),
    enabled: Boolean(companyId),
  });
}

/** The answer of a change goes into the cache (one) and the company's list refetches. */
function useStoreApplication(companyId: string) {
  const client = useQueryClient();
  return (application: Application) => {
    client.setQueryData(applicationKeys.one(companyId, application.id), application);
    void client.invalidateQueries({ queryKey: applicationKeys.companyList(companyId) });
    void client.invalidateQueries({ queryKey: applicationKeys.admin() });
  };
}

export function useCreateApplicationMutation(companyId: string) {
  const store = useStoreApplication(companyId);
  return useMutation({
    mutationFn: (editionId: string) => createApplication(companyId, editionId),
    onSuccess: store,
  });
}

export function useSubmitApplicationMutation(companyId: string) {
  const store = useStoreApplication(companyId);
  return useMutation({
    mutationFn: (id: string) => submitApplication(companyId, id),
    onSuccess: store,
  });
}

/** After a document changes, the application (complete flag, files) is read again. */
export function useRefreshApplication(companyId: string) {
  const client = useQueryClient();
  return (id: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: applicationKeys.one(companyId, id) }),
      client.invalidateQueries({ queryKey: applicationKeys.companyList(companyId) }),
      client.invalidateQueries({ queryKey: applicationKeys.admin() }),
    ]);
}

export function useDeleteApplicationFileMutation(companyId: string, applicationId: string) {
  const refresh = useRefreshApplication(companyId);
  return useMutation({
    mutationFn: (fileId: string) => deleteApplicationFile(companyId, applicationId, fileId),
    onSuccess: () => refresh(applicationId),
  });
}
