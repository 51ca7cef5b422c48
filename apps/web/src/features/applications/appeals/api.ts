import {
  type AdminAppealQuery,
  Appeal,
  type AppealConfirmationRequest,
  type AppealDecisionRequest,
  type AppealRequest,
  ApplicationAppealState,
  ApplicationFile,
} from '@excelencia/domain';
import { API_BASE, apiJson } from '../../../lib/api-client.ts';
import { uploadWithProgress } from '../../../ui/upload-with-progress.ts';

/** The calls of appeals (docs/adr/0031-appeals.md); every answer is parsed with the shared schemas. */

const enc = encodeURIComponent;

export const companyAppealPath = (companyId: string, applicationId: string) =>
  `${API_BASE}/companies/${enc(companyId)}/applications/${enc(applicationId)}/appeal`;

export async function fetchCompanyAppeal(
  companyId: string,
  applicationId: string,
  signal?: AbortSignal,
): Promise<ApplicationAppealState> {
  const body = await apiJson<unknown>(companyAppealPath(companyId, applicationId), { signal });
  return ApplicationAppealState.parse(body);
}

export async function makeAppeal(
  companyId: string,
  applicationId: string,
  body: AppealRequest,
): Promise<Appeal> {
  const path = companyAppealPath(companyId, applicationId);
  return Appeal.parse(await apiJson<unknown>(path, { method: 'POST', body }));
}

/** POSTs one new document for the pending appeal (fields first, the file last), with upload progress. */
export async function uploadAppealFile(
  companyId: string,
  applicationId: string,
  input: { fileType: number; issuedAt: string; file: File },
  onProgress: (fraction: number) => void,
): Promise<ApplicationFile> {
  const form = new FormData();
  form.append('fileType', String(input.fileType));
  if (input.issuedAt) form.append('issuedAt', input.issuedAt);
  form.append('file', input.file, input.file.name);
  const body = await uploadWithProgress({
    method: 'POST',
    path: `${companyAppealPath(companyId, applicationId)}/files`,
    form,
    onProgress,
  });
  return ApplicationFile.parse(body);
}

export async function fetchAdminAppealState(
  applicationId: string,
  signal?: AbortSignal,
): Promise<ApplicationAppealState> {
  const path = `${API_BASE}/applications/${enc(applicationId)}/appeal`;
  return ApplicationAppealState.parse(await apiJson<unknown>(path, { signal }));
}

export async function fetchAppeals(query: AdminAppealQuery, signal?: AbortSignal): Promise<Appeal[]> {
  const params = new URLSearchParams();
  if (query.editionId) params.set('editionId', query.editionId);
  if (query.status) params.set('status', query.status);
  const body = await apiJson<unknown>(`${API_BASE}/appeals?${params.toString()}`, { signal });
  return Appeal.array().parse(body);
}

export async function proposeAppealDecision(id: string, body: AppealDecisionRequest): Promise<Appeal> {
  const path = `${API_BASE}/appeals/${enc(id)}/decision`;
  return Appeal.parse(await apiJson<unknown>(path, { method: 'POST', body }));
}

export async function confirmAppealDecision(id: string, body: AppealConfirmationRequest): Promise<Appeal> {
  const path = `${API_BASE}/appeals/${enc(id)}/confirmation`;
  return Appeal.parse(await apiJson<unknown>(path, { method: 'POST', body }));
}
