import { DirectoryItem, type Page, PublicCompany, pageOf } from '@excelencia/domain';
import { API_BASE, apiJson } from '../../lib/api-client.ts';
import { queryString } from '../../ui/query-string.ts';

/** The calls of the public company directory; every answer is parsed with the shared schemas. */

const DirectoryPage = pageOf(DirectoryItem);

export async function fetchDirectory(
  params: { search: string; page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<Page<DirectoryItem>> {
  return DirectoryPage.parse(
    await apiJson<unknown>(`${API_BASE}/public/companies${queryString(params)}`, { signal }),
  );
}

export async function fetchPublicCompany(id: string, signal?: AbortSignal): Promise<PublicCompany> {
  return PublicCompany.parse(
    await apiJson<unknown>(`${API_BASE}/public/companies/${encodeURIComponent(id)}`, { signal }),
  );
}
