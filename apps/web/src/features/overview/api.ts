import { AdminOverview, EditionFunnel, type FunnelGrouping, VisitsReport } from '@excelencia/domain';
import { API_BASE, apiJson } from '../../lib/api-client.ts';

export async function fetchAdminOverview(signal?: AbortSignal): Promise<AdminOverview> {
  return AdminOverview.parse(await apiJson<unknown>(`${API_BASE}/admin/overview`, { signal }));
}

export async function fetchEditionFunnel(
  editionId: string,
  by: FunnelGrouping,
  signal?: AbortSignal,
): Promise<EditionFunnel> {
  const path = `${API_BASE}/editions/${encodeURIComponent(editionId)}/funnel?by=${by}`;
  return EditionFunnel.parse(await apiJson<unknown>(path, { signal }));
}

/** The page views of the last 30 days (the server's default). */
export async function fetchVisits(signal?: AbortSignal): Promise<VisitsReport> {
  return VisitsReport.parse(await apiJson<unknown>(`${API_BASE}/admin/visits`, { signal }));
}
