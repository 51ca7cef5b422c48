import {
  CriterionItem,
  type Page,
  pageOf,
  SelfDiagnosisTree,
  ValidateFormulaResponse,
} from '@excelencia/domain';
import { API_BASE, apiJson } from '../../lib/api-client.ts';
import type { ParsingSchema } from '../../ui/form/zod-resolver.ts';

/** Calls of the reference resources (`/app/api/v1/<resource>`), all admin-only. */

export function resourceUrl(resource: string, id?: string, action?: string): string {
  const parts = [API_BASE, resource];
  if (id) parts.push(encodeURIComponent(id));
  if (action) parts.push(action);
  return parts.join('/');
}

/** A zod-like schema whose parse returns T. */
export interface ItemSchema<T> extends ParsingSchema {
  parse(value: unknown): T;
}

export async function fetchPage<T>(
  resource: string,
  query: string,
  schema: ItemSchema<T>,
  signal?: AbortSignal,
): Promise<Page<T>> {
  const body = await apiJson<{ items?: unknown[]; total?: number; page?: number; pageSize?: number }>(
    `${resourceUrl(resource)}?${query}`,
    { signal },
  );
  return {
    items: (body.items ?? []).map((item) => schema.parse(item)),
    total: Number(body.total ?? 0),
    page: Number(body.page ?? 1),
    pageSize: Number(body.pageSize ?? 20),
  };
}

export async function fetchItem<T>(
  resource: string,
  id: string,
  schema: ItemSchema<T>,
  signal?: AbortSignal,
): Promise<T> {
  return schema.parse(await apiJson<unknown>(resourceUrl(resource, id), { signal }));
}

export function createItem(resource: string, body: unknown): Promise<unknown> {
  return apiJson(resourceUrl(resource), { method: 'POST', body });
}

export function updateItem(resource: string, id: string, body: unknown): Promise<unknown> {
  return apiJson(resourceUrl(resource, id), { method: 'PUT', body });
}

export function deleteItem(resource: string, id: string): Promise<void> {
  return apiJson(resourceUrl(resource, id), { method: 'DELETE' });
}

/** `POST <res>/{id}/activate|deactivate {version}` (users). */
export function postActivation(
  resource: string,
  id: string,
  active: boolean,
  version: number,
): Promise<unknown> {
  return apiJson(resourceUrl(resource, id, active ? 'activate' : 'deactivate'), {
    method: 'POST',
    body: { version },
  });
}

export async function validateFormula(
  formula: string,
  signal?: AbortSignal,
): Promise<ValidateFormulaResponse> {
  const body = await apiJson<unknown>(resourceUrl('criteria/validate-formula'), {
    method: 'POST',
    body: { formula },
    signal,
  });
  return ValidateFormulaResponse.parse(body);
}

export async function fetchSelfDiagnosisTree(signal?: AbortSignal): Promise<SelfDiagnosisTree> {
  return SelfDiagnosisTree.parse(await apiJson<unknown>(resourceUrl('self-diagnosis/tree'), { signal }));
}

const CriterionPage = pageOf(CriterionItem);

/** The active criteria (at most 100, the list's page size; the portal has about 25), by code. */
export async function fetchActiveCriteria(signal?: AbortSignal): Promise<CriterionItem[]> {
  const path = `${resourceUrl('criteria')}?isActive=true&pageSize=100&sort=code&order=asc`;
  return CriterionPage.parse(await apiJson<unknown>(path, { signal })).items;
}
