import type { CreateDiagnosisRequest, Diagnosis, PeriodFrequency } from '@excelencia/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createDiagnosis,
  deleteDiagnosis,
  fetchAdminDiagnoses,
  fetchDiagnoses,
  fetchDiagnosis,
  fetchIndicatorSeries,
  fetchIndicatorStatistics,
  fetchWhatIf,
  type StatisticsFilters,
  statisticsQueryString,
} from './api.ts';

/** The one query-key factory of the self-diagnosis area. */
export const diagnosisKeys = {
  all: ['diagnosis'] as const,
  company: (companyId: string) => [...diagnosisKeys.all, 'company', companyId] as const,
  list: (companyId: string) => [...diagnosisKeys.company(companyId), 'list'] as const,
  one: (companyId: string, id: string) => [...diagnosisKeys.company(companyId), 'one', id] as const,
  whatIf: (companyId: string, id: string) => [...diagnosisKeys.one(companyId, id), 'what-if'] as const,
  series: (companyId: string, frequency: string) =>
    [...diagnosisKeys.company(companyId), 'series', frequency] as const,
  admin: () => [...diagnosisKeys.all, 'admin'] as const,
  adminList: (query: string) => [...diagnosisKeys.admin(), 'list', query] as const,
  statistics: (query: string) => [...diagnosisKeys.admin(), 'statistics', query] as const,
};

export function useDiagnosesQuery(companyId: string | null) {
  return useQuery({
    queryKey: diagnosisKeys.list(companyId ?? ''),
    queryFn: ({ signal }) => fetchDiagnoses(companyId ?? '', signal),
    enabled: Boolean(companyId),
  });
}

export function useDiagnosisQuery(companyId: string | null, id: string | null) {
  return useQuery({
    queryKey: diagnosisKeys.one(companyId ?? '', id ?? ''),
    queryFn: ({ signal }) => fetchDiagnosis(companyId ?? '', id ?? '', signal),
    enabled: Boolean(companyId && id),
  });
}

/** The levers of a saved diagnosis (a snapshot: they never change, so they are not fetched again). */
export function useWhatIfQuery(companyId: string | null, id: string | null) {
  return useQuery({
    queryKey: diagnosisKeys.whatIf(companyId ?? '', id ?? ''),
    queryFn: ({ signal }) => fetchWhatIf(companyId ?? '', id ?? '', signal),
    enabled: Boolean(companyId && id),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST a diagnosis; the answer is put in the cache (the view opens without another call), lists refetch. */
export function useCreateDiagnosisMutation(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDiagnosisRequest) => createDiagnosis(companyId, body),
    onSuccess: (diagnosis: Diagnosis) => {
      client.setQueryData(diagnosisKeys.one(companyId, diagnosis.id), diagnosis);
      void client.invalidateQueries({ queryKey: diagnosisKeys.list(companyId) });
      void client.invalidateQueries({ queryKey: diagnosisKeys.admin() });
    },
  });
}

export function useDeleteDiagnosisMutation(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteDiagnosis(companyId, id),
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: diagnosisKeys.one(companyId, id) });
      void client.invalidateQueries({ queryKey: diagnosisKeys.list(companyId) });
      void client.invalidateQueries({ queryKey: diagnosisKeys.admin() });
    },
  });
}

export function useIndicatorSeriesQuery(companyId: string | null, frequency: PeriodFrequency) {
  return useQuery({
    queryKey: diagnosisKeys.series(companyId ?? '', frequency),
    queryFn: ({ signal }) => fetchIndicatorSeries(companyId ?? '', frequency, signal),
    enabled: Boolean(companyId),
    placeholderData: keepPreviousData,
  });
}

export function useAdminDiagnosesQuery(query: string) {
  return useQuery({
    queryKey: diagnosisKeys.adminList(query),
    queryFn: ({ signal }) => fetchAdminDiagnoses(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useIndicatorStatisticsQuery(filters: StatisticsFilters) {
  return useQuery({
    queryKey: diagnosisKeys.statistics(statisticsQueryString(filters)),
    queryFn: ({ signal }) => fetchIndicatorStatistics(filters, signal),
    placeholderData: keepPreviousData,
  });
}
