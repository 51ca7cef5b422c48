import {
  Application,
  ApplicationFile,
  DistinguishedCompany,
  Edition,
  Eligibility,
  type Language,
  Seal,
  SealVerification,
} from '@excelencia/domain';
import { API_BASE, ApiError, apiJson } from '../../app/api-client.ts';
import { uploadWithProgress } from '../../ui/upload-with-progress.ts';

/** The calls of the applications area; every answer is parsed with the shared schemas. */

const enc = encodeURIComponent;

// ---- editions and public ----

export const editionsPath = `${API_BASE}/editions`;
export const editionPath = (id: string) => `${editionsPath}/${enc(id)}`;
export const regulationPath = (editionId: string) => `${editionPath(editionId)}/regulation`;

/** The current edition, or null when none is announced (404). */
export async function fetchCurrentEdition(signal?: AbortSignal): Promise<Edition | null> {
  try {
    return Edition.parse(await apiJson<unknown>(`${editionsPath}/current`, { signal }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The editions whose results are published, newest first. */
export async function fetchPublishedEditions(signal?: AbortSignal): Promise<Edition[]> {
  return Edition.array().parse(await apiJson<unknown>(`${API_BASE}/public/editions`, { signal }));
}

export async function fetchDistinguished(
  editionId: string,
  signal?: AbortSignal,
): Promise<DistinguishedCompany[]> {
  const path = `${API_BASE}/public/editions/${enc(editionId)}/distinguished`;
  return DistinguishedCompany.array().parse(await apiJson<unknown>(path, { signal }));
}

/** A seal's public check, or null for an unknown code (404). */
export async function fetchSealVerification(
  code: string,
  signal?: AbortSignal,
): Promise<SealVerification | null> {
  try {
    const body = await apiJson<unknown>(`${API_BASE}/public/seals/${enc(code)}`, { signal });
    return SealVerification.parse(body);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

// ---- company ----

export const applicationsPath = (companyId: string) => `${API_BASE}/companies/${enc(companyId)}/applications`;
export const applicationPath = (companyId: string, id: string) => `${applicationsPath(companyId)}/${enc(id)}`;
/** The document inline (opens in a browser tab); the session cookie authorises it. */
export const applicationFilePath = (companyId: string, id: string, fileId: string) =>
  `${applicationPath(companyId, id)}/files/${enc(fileId)}`;
export const certificatePath = (companyId: string, sealId: string, language: Language) =>
  `${API_BASE}/companies/${enc(companyId)}/seals/${enc(sealId)}/certificate.pdf?lang=${enc(language)}`;

export async function fetchApplications(companyId: string, signal?: AbortSignal): Promise<Application[]> {
  return Application.array().parse(await apiJson<unknown>(applicationsPath(companyId), { signal }));
}

export async function fetchApplication(
  companyId: string,
  id: string,
  signal?: AbortSignal,
): Promise<Application> {
  return Application.parse(await apiJson<unknown>(applicationPath(companyId, id), { signal }));
}

export async function createApplication(companyId: string, editionId: string): Promise<Application> {
  const body = await apiJson<unknown>(applicationsPath(companyId), { method: 'POST', body: { editionId } });
  return Application.parse(body);
}

/** POST a document into its slot, or PUT a replacement of `replaceFileId`, with upload progress. */
export async function uploadApplicationFile(
  companyId: string,
  applicationId: string,
  target: { fileType: number; replaceFileId: string | null },
  file: File,
  onProgress: (fraction: number) => void,
): Promise<ApplicationFile> {
  const form = new FormData();
  const base = `${applicationPath(companyId, applicationId)}/files`;
  if (target.replaceFileId === null) form.append('fileType', String(target.fileType));
  form.append('file', file, file.name);
  const body = await uploadWithProgress({
    method: target.replaceFileId === null ? 'POST' : 'PUT',
    path: target.replaceFileId === null ? base : `${base}/${enc(target.replaceFileId)}`,
    form,
    onProgress,
  });
  return ApplicationFile.parse(body);
}

export function deleteApplicationFile(
  companyId: string,
  applicationId: string,
  fileId: string,
): Promise<void> {
  return apiJson(applicationFilePath(companyId, applicationId, fileId), { method: 'DELETE' });
}

export async function submitApplication(companyId: string, id: string): Promise<Application> {
  const body = await apiJson<unknown>(`${applicationPath(companyId, id)}/submit`, { method: 'POST' });
  return Application.parse(body);
}

/** The early warning: where the company's latest annual sheets (or those of `year`) stand. */
export async function fetchEligibility(
  companyId: string,
  year: number | null,
  signal?: AbortSignal,
): Promise<Eligibility> {
  const query = year === null ? '' : `?year=${year}`;
  const path = `${API_BASE}/companies/${enc(companyId)}/eligibility${query}`;
  return Eligibility.parse(await apiJson<unknown>(path, { signal }));
}

export async function fetchCompanySeals(companyId: string, signal?: AbortSignal): Promise<Seal[]> {
  const path = `${API_BASE}/companies/${enc(companyId)}/seals`;
  return Seal.array().parse(await apiJson<unknown>(path, { signal }));
}
