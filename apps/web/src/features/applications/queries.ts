import type {
  Application,
  ConfirmationRequest,
  EditionInput,
  EditionUpdate,
  EvaluationRequest,
  ReturnRequest,
  SealActionRequest,
} from '@excelencia/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  confirmDecision,
  copyEdition,
  createApplication,
  createEdition,
  deleteApplicationFile,
  evaluateApplication,
  fetchAdminApplication,
  fetchAdminApplications,
  fetchApplication,
  fetchApplicationHistory,
  fetchApplications,
  fetchCompanySeals,
  fetchCurrentEdition,
  fetchDistinguished,
  fetchEditionResults,
  fetchEditionSeals,
  fetchEditions,
  fetchEligibility,
  fetchPublishedEditions,
  fetchPublishReadiness,
  fetchSealVerification,
  publishResults,
  returnDocument,
  sealAction,
  submitApplication,
  updateEdition,
  uploadRegulation,
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
  /** Every admin list, whatever its query (to invalidate them all). */
  adminLists: () => [...applicationKeys.admin(), 'list'] as const,
  adminList: (query: string) => [...applicationKeys.adminLists(), query] as const,
  adminOne: (id: string) => [...applicationKeys.admin(), 'one', id] as const,
  history: (id: string) => [...applicationKeys.admin(), 'history', id] as const,
  sealsAdmin: (editionId: string) => [...applicationKeys.admin(), 'seals', editionId] as const,
};

// ---- editions and public ----

/** The current edition (null = none announced); it changes rarely, so it stays a minute. */
export const currentEditionQuery = () =>
  queryOptions({
    queryKey: applicationKeys.current(),
    queryFn: ({ signal }) => fetchCurrentEdition(signal),
    staleTime: 60 * 1000,
  });

export function useCurrentEditionQuery() {
  return useQuery(currentEditionQuery());
}

export const publishedEditionsQuery = () =>
  queryOptions({
    queryKey: applicationKeys.published(),
    queryFn: ({ signal }) => fetchPublishedEditions(signal),
  });

export function usePublishedEditionsQuery() {
  return useQuery(publishedEditionsQuery());
}

export const distinguishedQuery = (editionId: string | null) =>
  queryOptions({
    queryKey: applicationKeys.distinguished(editionId ?? ''),
    queryFn: ({ signal }) => fetchDistinguished(editionId ?? '', signal),
    enabled: Boolean(editionId),
  });

export function useDistinguishedQuery(editionId: string | null) {
  return useQuery(distinguishedQuery(editionId));
}

/** A seal's check: never cached across visits (the verdict is "as of now"). */
export const sealVerificationQuery = (code: string) =>
  queryOptions({
    queryKey: applicationKeys.sealCheck(code),
    queryFn: ({ signal }) => fetchSealVerification(code, signal),
    gcTime: 0,
    enabled: code.length > 0,
  });

export function useSealVerificationQuery(code: string) {
  return useQuery(sealVerificationQuery(code));
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

// ---- admin ----

export function useEditionsQuery() {
  return useQuery({
    queryKey: applicationKeys.editions(),
    queryFn: ({ signal }) => fetchEditions(signal),
  });
}

/** After an edition changes, every edition list (admin, current, published) is read again. */
function useRefreshEditions() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: applicationKeys.editions() });
}

export function useSaveEditionMutation() {
  const refresh = useRefreshEditions();
  return useMutation({
    mutationFn: (input: { id: string | null; body: EditionInput | EditionUpdate }) =>
      input.id === null ? createEdition(input.body) : updateEdition(input.id, input.body as EditionUpdate),
    onSuccess: () => refresh(),
  });
}

export function useCopyEditionMutation() {
  const refresh = useRefreshEditions();
  return useMutation({ mutationFn: (id: string) => copyEdition(id), onSuccess: () => refresh() });
}

export function useUploadRegulationMutation() {
  const refresh = useRefreshEditions();
  return useMutation({
    mutationFn: (input: { editionId: string; file: File; onProgress: (fraction: number) => void }) =>
      uploadRegulation(input.editionId, input.file, input.onProgress),
    onSuccess: () => refresh(),
  });
}

export function useAdminApplicationsQuery(query: string, enabled = true) {
  return useQuery({
    queryKey: applicationKeys.adminList(query),
    queryFn: ({ signal }) => fetchAdminApplications(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useAdminApplicationQuery(id: string | null) {
  return useQuery({
    queryKey: applicationKeys.adminOne(id ?? ''),
    queryFn: ({ signal }) => fetchAdminApplication(id ?? '', signal),
    enabled: Boolean(id),
  });
}

export function useApplicationHistoryQuery(id: string | null) {
  return useQuery({
    queryKey: applicationKeys.history(id ?? ''),
    queryFn: ({ signal }) => fetchApplicationHistory(id ?? '', signal),
    enabled: Boolean(id),
  });
}

/**
 * An evaluator's change (decision, confirmation, document sent back): the answer goes into the cache, and the
 * list, history, the company's own view and the edition's readiness are read again.
 */
function useStoreAdminApplication() {
  const client = useQueryClient();
  return (application: Application) => {
    client.setQueryData(applicationKeys.adminOne(application.id), application);
    void client.invalidateQueries({ queryKey: applicationKeys.adminLists() });
    void client.invalidateQueries({ queryKey: applicationKeys.history(application.id) });
    void client.invalidateQueries({ queryKey: applicationKeys.company(application.companyId) });
    void client.invalidateQueries({ queryKey: applicationKeys.readiness(application.editionId) });
  };
}

export function useEvaluateMutation(id: string) {
  const store = useStoreAdminApplication();
  return useMutation({
    mutationFn: (body: EvaluationRequest) => evaluateApplication(id, body),
    onSuccess: store,
  });
}

export function useConfirmDecisionMutation(id: string) {
  const store = useStoreAdminApplication();
  return useMutation({
    mutationFn: (body: ConfirmationRequest) => confirmDecision(id, body),
    onSuccess: store,
  });
}

export function useReturnDocumentMutation(id: string) {
  const store = useStoreAdminApplication();
  return useMutation({
    mutationFn: (body: ReturnRequest) => returnDocument(id, body),
    onSuccess: store,
  });
}

export function usePublishReadinessQuery(editionId: string | null) {
  return useQuery({
    queryKey: applicationKeys.readiness(editionId ?? ''),
    queryFn: ({ signal }) => fetchPublishReadiness(editionId ?? '', signal),
    enabled: Boolean(editionId),
  });
}

/** Publishing changes the edition, its readiness, results, seals and every application's status. */
export function usePublishResultsMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (editionId: string) => publishResults(editionId),
    onSuccess: () => client.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}

/** An edition's results (admin and partner); only asked for once they are published. */
export function useEditionResultsQuery(editionId: string | null, enabled = true) {
  return useQuery({
    queryKey: applicationKeys.results(editionId ?? ''),
    queryFn: ({ signal }) => fetchEditionResults(editionId ?? '', signal),
    enabled: enabled && Boolean(editionId),
  });
}

export function useEditionSealsQuery(editionId: string | null, enabled = true) {
  return useQuery({
    queryKey: applicationKeys.sealsAdmin(editionId ?? ''),
    queryFn: ({ signal }) => fetchEditionSeals(editionId ?? '', signal),
    enabled: enabled && Boolean(editionId),
  });
}

/** A seal's status changes what the results and the public list show of it. */
export function useSealActionMutation(editionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; body: SealActionRequest }) => sealAction(input.id, input.body),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: applicationKeys.sealsAdmin(editionId) }),
        client.invalidateQueries({ queryKey: applicationKeys.results(editionId) }),
        client.invalidateQueries({ queryKey: applicationKeys.distinguished(editionId) }),
      ]),
  });
}
