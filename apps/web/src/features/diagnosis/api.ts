import {
  type CreateDiagnosisRequest,
  Diagnosis,
  DiagnosisSummary,
  IndicatorSeries,
  IndicatorStatistics,
  type Language,
  type Page,
  type PeriodFrequency,
  pageOf,
  type StatisticDimension,
  WhatIfResponse,
} from '@excelencia/domain';
import { API_BASE, apiJson } from '../../lib/api-client.ts';

/** The calls of the self-diagnosis area; every answer is parsed with the shared schemas. */

const enc = encodeURIComponent;

export const diagnosesPath = (companyId: string) => `${API_BASE}/companies/${enc(companyId)}/diagnoses`;
export const diagnosisPath = (companyId: string, id: string) => `${diagnosesPath(companyId)}/${enc(id)}`;
export const diagnosisExportPath = (
  companyId: string,
  id: string,
  format: 'pdf' | 'xlsx',
  language: Language,
) => `${diagnosisPath(companyId, id)}/export.${format}?lang=${enc(language)}`;

export async function fetchDiagnoses(companyId: string, signal?: AbortSignal): Promise<DiagnosisSummary[]> {
  return DiagnosisSummary.array().parse(await apiJson<unknown>(diagnosesPath(companyId), { signal }));
}

export async function fetchDiagnosis(
  companyId: string,
  id: string,
  signal?: AbortSignal,
): Promise<Diagnosis> {
  return Diagnosis.parse(await apiJson<unknown>(diagnosisPath(companyId, id), { signal }));
}

/** For each criterion of a saved diagnosis, the levers that would make a failed one pass. */
export async function fetchWhatIf(
  companyId: string,
  id: string,
  signal?: AbortSignal,
): Promise<WhatIfResponse> {
  return WhatIfResponse.parse(await apiJson<unknown>(`${diagnosisPath(companyId, id)}/what-if`, { signal }));
}

export async function createDiagnosis(companyId: string, body: CreateDiagnosisRequest): Promise<Diagnosis> {
  return Diagnosis.parse(await apiJson<unknown>(diagnosesPath(companyId), { method: 'POST', body }));
}

export function deleteDiagnosis(companyId: string, id: string): Promise<void> {
  return apiJson(diagnosisPath(companyId, id), { method: 'DELETE' });
}

export async function fetchIndicatorSeries(
  companyId: string,
  frequency: PeriodFrequency,
  signal?: AbortSignal,
): Promise<IndicatorSeries> {
  const path = `${API_BASE}/companies/${enc(companyId)}/indicators?frequency=${enc(frequency)}`;
  return IndicatorSeries.parse(await apiJson<unknown>(path, { signal }));
}

const DiagnosisPage = pageOf(DiagnosisSummary);

/** Admin: every company's diagnoses (`search` by company name or NIF, `companyId` filter), paged. */
export async function fetchAdminDiagnoses(
  query: string,
  signal?: AbortSignal,
): Promise<Page<DiagnosisSummary>> {
  return DiagnosisPage.parse(await apiJson<unknown>(`${API_BASE}/diagnoses?${query}`, { signal }));
}

export interface StatisticsFilters {
  criterionId: string;
  groupBy: StatisticDimension;
  frequency: PeriodFrequency;
  year: string;
  islandId: string;
  caeSectionId: string;
  employeeRangeId: string;
}

export const INITIAL_STATISTICS_FILTERS: StatisticsFilters = {
  criterionId: '',
  groupBy: 'island',
  frequency: 'annual',
  year: '',
  islandId: '',
  caeSectionId: '',
  employeeRangeId: '',
};

/** The statistics' query string; empty filters are left out (criterionId omitted = the first criterion). */
export function statisticsQueryString(filters: StatisticsFilters): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  return params.toString();
}

export const statisticsExportPath = (filters: StatisticsFilters) =>
  `${API_BASE}/diagnosis-statistics/export?${statisticsQueryString(filters)}`.replace(/\?$/, '');

export async function fetchIndicatorStatistics(
  filters: StatisticsFilters,
  signal?: AbortSignal,
): Promise<IndicatorStatistics> {
  const query = statisticsQueryString(filters);
  const path = `${API_BASE}/diagnosis-statistics${query ? `?${query}` : ''}`;
  return IndicatorStatistics.parse(await apiJson<unknown>(path, { signal }));
}
