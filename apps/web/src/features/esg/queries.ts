import type { EsgAnswers, EsgFormInput, EsgFormUpdate } from '@excelencia/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createForm,
  fetchAdminResponse,
  fetchCompanyEsg,
  fetchCompanyResponse,
  fetchCurrentEsgForm,
  fetchForm,
  fetchForms,
  fetchResults,
  reorderForms,
  saveAnswers,
  submitAnswers,
  updateForm,
} from './api.ts';

/** The one query-key factory of the ESG area. */
export const esgKeys = {
  all: ['esg'] as const,
  forms: () => [...esgKeys.all, 'forms'] as const,
  /** The form open now, as the public reads it (under forms, so saving a form reloads it). */
  current: () => [...esgKeys.forms(), 'current'] as const,
  form: (id: string) => [...esgKeys.forms(), 'one', id] as const,
  results: (id: string) => [...esgKeys.forms(), 'results', id] as const,
  adminResponse: (id: string) => [...esgKeys.all, 'responses', id] as const,
  company: (companyId: string) => [...esgKeys.all, 'company', companyId] as const,
  companyResponse: (companyId: string, id: string) =>
    [...esgKeys.company(companyId), 'response', id] as const,
};

/** The current ESG form (the sustainability survey page, the admin's survey item); null when none is open. */
export const currentEsgFormQuery = () =>
  queryOptions({
    queryKey: esgKeys.current(),
    queryFn: ({ signal }) => fetchCurrentEsgForm(signal),
    staleTime: 60 * 1000,
  });

export function useCurrentEsgFormQuery() {
  return useQuery(currentEsgFormQuery());
}

export function useFormsQuery() {
  return useQuery({ queryKey: esgKeys.forms(), queryFn: ({ signal }) => fetchForms(signal) });
}

export function useFormQuery(id: string | null) {
  return useQuery({
    queryKey: esgKeys.form(id ?? ''),
    queryFn: ({ signal }) => fetchForm(id ?? '', signal),
    enabled: id !== null,
  });
}

export function useSaveFormMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: EsgFormInput | EsgFormUpdate }) =>
      input.id === null ? createForm(input.body) : updateForm(input.id, input.body as EsgFormUpdate),
    onSuccess: (form) => {
      client.setQueryData(esgKeys.form(form.id), form);
      void client.invalidateQueries({ queryKey: esgKeys.forms() });
    },
  });
}

export function useReorderFormsMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reorderForms,
    onSuccess: (forms) => client.setQueryData(esgKeys.forms(), forms),
  });
}

export function useResultsQuery(id: string) {
  return useQuery({ queryKey: esgKeys.results(id), queryFn: ({ signal }) => fetchResults(id, signal) });
}

export function useAdminResponseQuery(id: string | null) {
  return useQuery({
    queryKey: esgKeys.adminResponse(id ?? ''),
    queryFn: ({ signal }) => fetchAdminResponse(id ?? '', signal),
    enabled: id !== null,
  });
}

export function useCompanyEsgQuery(companyId: string) {
  return useQuery({
    queryKey: esgKeys.company(companyId),
    queryFn: ({ signal }) => fetchCompanyEsg(companyId, signal),
    // The draft on screen is the truth while typing: a refetch on focus must not overwrite it.
    refetchOnWindowFocus: false,
  });
}

export function useCompanyResponseQuery(companyId: string, id: string | null) {
  return useQuery({
    queryKey: esgKeys.companyResponse(companyId, id ?? ''),
    queryFn: ({ signal }) => fetchCompanyResponse(companyId, id ?? '', signal),
    enabled: id !== null,
  });
}

export function useSaveAnswersMutation(companyId: string, formId: string) {
  return useMutation({
    mutationFn: (answers: EsgAnswers) => saveAnswers(companyId, formId, answers),
  });
}

export function useSubmitAnswersMutation(companyId: string, formId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => submitAnswers(companyId, formId),
    onSuccess: () => client.invalidateQueries({ queryKey: esgKeys.company(companyId) }),
  });
}
