import {
  ActivityPage,
  ClosureRequest,
  ClosureRequestsResponse,
  DataExport,
  DataExportsResponse,
  type RefuseClosureRequest,
  type RequestClosureRequest,
} from '@excelencia/domain';
import { API_BASE, apiJson } from '../../lib/api-client.ts';

/**
 * The calls of the company's data as its own: its activity, its exports, closing its account (the owner's request
 * and the admins' decisions), and a person's own download. Every answer is parsed with the shared schemas.
 */

const enc = encodeURIComponent;
const companyPath = (companyId: string) => `${API_BASE}/companies/${enc(companyId)}`;

/** `GET companies/{companyId}/activity`: one page, newest first; pass the previous page's `nextCursor` for more. */
export async function fetchActivity(
  companyId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ActivityPage> {
  const query = cursor ? `?cursor=${enc(cursor)}` : '';
  return ActivityPage.parse(await apiJson<unknown>(`${companyPath(companyId)}/activity${query}`, { signal }));
}

/**
 * `GET companies/{companyId}/exports` (owner, admins): newest first, with each one's progress; a ready one carries
 * the owner's `downloadUrl` (the zip).
 */
export async function fetchExports(companyId: string, signal?: AbortSignal): Promise<DataExport[]> {
  return DataExportsResponse.parse(await apiJson<unknown>(`${companyPath(companyId)}/exports`, { signal }));
}

/** `POST companies/{companyId}/exports` (owner): 202 with the queued export. */
export async function requestExport(companyId: string): Promise<DataExport> {
  return DataExport.parse(await apiJson<unknown>(`${companyPath(companyId)}/exports`, { method: 'POST' }));
}

/** `GET companies/{companyId}/closure`: the latest request to close the company's account, or null. */
export async function fetchClosure(companyId: string, signal?: AbortSignal): Promise<ClosureRequest | null> {
  return ClosureRequest.nullable().parse(
    await apiJson<unknown>(`${companyPath(companyId)}/closure`, { signal }),
  );
}

/**
 * `POST companies/{companyId}/closure` (owner): asks an administrator to close the account. The screen reads the
 * request back with GET, so the answer's body is not needed here.
 */
export async function requestClosure(companyId: string, body: RequestClosureRequest): Promise<void> {
  await apiJson<unknown>(`${companyPath(companyId)}/closure`, { method: 'POST', body });
}

/** `DELETE companies/{companyId}/closure` (owner): withdraws the pending request. */
export async function withdrawClosure(companyId: string): Promise<void> {
  await apiJson<unknown>(`${companyPath(companyId)}/closure`, { method: 'DELETE' });
}

/** `GET closure-requests` (admin): every request, of every state. */
export async function fetchClosureRequests(signal?: AbortSignal): Promise<ClosureRequest[]> {
  return ClosureRequestsResponse.parse(await apiJson<unknown>(`${API_BASE}/closure-requests`, { signal }));
}

/** `POST closure-requests/{id}/approve` (admin): erases the company's personal data and files. */
export async function approveClosure(id: string): Promise<void> {
  await apiJson<unknown>(`${API_BASE}/closure-requests/${enc(id)}/approve`, { method: 'POST' });
}

/** `POST closure-requests/{id}/refuse {reason}` (admin). */
export async function refuseClosure(id: string, body: RefuseClosureRequest): Promise<void> {
  await apiJson<unknown>(`${API_BASE}/closure-requests/${enc(id)}/refuse`, { method: 'POST', body });
}

/** `GET me/data-export`: the JSON file of what the portal keeps of the signed-in person. */
export const PERSONAL_EXPORT_PATH = `${API_BASE}/me/data-export`;
