import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type BarometerSelection, fetchBarometer, fetchDiagnosisPositions } from './api.ts';

/** The one query-key factory of the barometer area. */
export const barometerKeys = {
  all: ['barometer'] as const,
  public: (selection: BarometerSelection) =>
    [...barometerKeys.all, 'public', selection.year ?? 'latest', selection.by] as const,
  positions: (companyId: string, diagnosisId: string) =>
    [...barometerKeys.all, 'positions', companyId, diagnosisId] as const,
};

export const barometerQuery = (selection: BarometerSelection) =>
  queryOptions({
    queryKey: barometerKeys.public(selection),
    queryFn: ({ signal }) => fetchBarometer(selection, signal),
  });

/** In the app, the figures shown stay (and the form with them) while another year or grouping loads. */
export function useBarometerQuery(selection: BarometerSelection) {
  return useQuery({ ...barometerQuery(selection), placeholderData: keepPreviousData });
}

/** A saved diagnosis's positions: its figures are a snapshot, the groups' quartiles change rarely. */
export function useDiagnosisPositionsQuery(companyId: string | null, diagnosisId: string | null) {
  return useQuery({
    queryKey: barometerKeys.positions(companyId ?? '', diagnosisId ?? ''),
    queryFn: ({ signal }) => fetchDiagnosisPositions(companyId ?? '', diagnosisId ?? '', signal),
    enabled: Boolean(companyId && diagnosisId),
    staleTime: 10 * 60_000,
  });
}
