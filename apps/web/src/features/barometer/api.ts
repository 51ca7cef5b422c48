import {
  type BarometerDimension,
  BarometerResponse,
  DiagnosisPositions,
  type Language,
} from '@excelencia/domain';
import { API_BASE, apiJson } from '../../lib/api-client.ts';

const enc = encodeURIComponent;

/** The figures a barometer page asks for: a year (the latest with figures when null) and a grouping. */
export interface BarometerSelection {
  year: number | null;
  by: BarometerDimension;
}

function barometerQueryString(selection: BarometerSelection, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (selection.year !== null) params.set('year', String(selection.year));
  params.set('by', selection.by);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params.toString();
}

/** GET public/barometer: each criterion's quartiles, the shares meeting the thresholds, the editions' figures. */
export async function fetchBarometer(
  selection: BarometerSelection,
  signal?: AbortSignal,
): Promise<BarometerResponse> {
  const path = `${API_BASE}/public/barometer?${barometerQueryString(selection)}`;
  return BarometerResponse.parse(await apiJson<unknown>(path, { signal }));
}

/**
 * The address of a barometer download (CSV or XLSX) of the shown year and grouping, headed in the page's
 * language: one criterion's table (`criterion`), or the editions' (`table: 'editions'`). A plain link: it works on
 * the page the server rendered, without JavaScript.
 */
export function barometerDownloadPath(
  format: 'csv' | 'xlsx',
  selection: { year: number; by: BarometerDimension },
  language: Language,
  table: { criterion: string } | { table: 'editions' },
): string {
  const extra: Record<string, string> = { lang: language };
  if ('criterion' in table) extra.criterion = table.criterion;
  else extra.table = table.table;
  return `${API_BASE}/public/barometer.${format}?${barometerQueryString(selection, extra)}`;
}

/** GET companies/{companyId}/diagnoses/{id}/positions: each indicator's quartile in its section and overall. */
export async function fetchDiagnosisPositions(
  companyId: string,
  diagnosisId: string,
  signal?: AbortSignal,
): Promise<DiagnosisPositions> {
  const path = `${API_BASE}/companies/${enc(companyId)}/diagnoses/${enc(diagnosisId)}/positions`;
  return DiagnosisPositions.parse(await apiJson<unknown>(path, { signal }));
}
