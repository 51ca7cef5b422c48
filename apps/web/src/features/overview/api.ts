import { AdminOverview } from '@excelencia/domain';
import { API_BASE, apiJson } from '../../lib/api-client.ts';

export async function fetchAdminOverview(signal?: AbortSignal): Promise<AdminOverview> {
  return AdminOverview.parse(await apiJson<unknown>(`${API_BASE}/admin/overview`, { signal }));
}
