import {
  Application,
  ApplicationFile,
  ApplicationHistoryEntry,
  ApplicationSummary,
  type ConfirmationRequest,
  DistinguishedCompany,
  Edition,
  type EditionInput,
  EditionResults,
  type EditionUpdate,
  Eligibility,
  type EvaluationRequest,
  type Language,
  type Page,
  PublishReadiness,
  pageOf,
  type ReturnRequest,
  Seal,
  type SealActionRequest,
  SealVerification,
} from '@excelencia/domain';
import { API_BASE, ApiError, apiJson } from '../../lib/api-client.ts';
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

/** A seal's public check, or null for an unknown code (404) or one not even shaped like a code (400). */
export async function fetchSealVerification(
  code: string,
  signal?: AbortSignal,
): Promise<SealVerification | null> {
  try {
    const body = await apiJson<unknown>(`${API_BASE}/public/seals/${enc(code)}`, { signal });
    return SealVerification.parse(body);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
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

/**
 * POST a document into its slot, or PUT a replacement of `replaceFileId`, with upload progress; `issuedAt`
 * (yyyy-mm-dd) goes before the file, as the server reads it.
 */
export async function uploadApplicationFile(
  companyId: string,
  applicationId: string,
  target: { fileType: number; replaceFileId: string | null; issuedAt?: string | null },
  file: File,
  onProgress: (fraction: number) => void,
): Promise<ApplicationFile> {
  const form = new FormData();
  const base = `${applicationPath(companyId, applicationId)}/files`;
  if (target.replaceFileId === null) form.append('fileType', String(target.fileType));
  if (target.issuedAt) form.append('issuedAt', target.issuedAt);
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

// ---- admin ----

const ApplicationSummaryPage = pageOf(ApplicationSummary);

export async function fetchEditions(signal?: AbortSignal): Promise<Edition[]> {
  return Edition.array().parse(await apiJson<unknown>(editionsPath, { signal }));
}

export async function createEdition(body: EditionInput): Promise<Edition> {
  return Edition.parse(await apiJson<unknown>(editionsPath, { method: 'POST', body }));
}

/** Next year's edition from this one: numbered next, every date one year later, no applications. */
export async function copyEdition(id: string): Promise<Edition> {
  return Edition.parse(await apiJson<unknown>(`${editionPath(id)}/copy`, { method: 'POST' }));
}

export async function updateEdition(id: string, body: EditionUpdate): Promise<Edition> {
  return Edition.parse(await apiJson<unknown>(editionPath(id), { method: 'PUT', body }));
}

/** POST the regulation PDF (field `file`) with upload progress; answers the edition with its file name. */
export async function uploadRegulation(
  editionId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<Edition> {
  const form = new FormData();
  form.append('file', file, file.name);
  const body = await uploadWithProgress({
    method: 'POST',
    path: regulationPath(editionId),
    form,
    onProgress,
  });
  return Edition.parse(body);
}

export async function fetchPublishReadiness(
  editionId: string,
  signal?: AbortSignal,
): Promise<PublishReadiness> {
  const path = `${editionPath(editionId)}/results/readiness`;
  return PublishReadiness.parse(await apiJson<unknown>(path, { signal }));
}

/** Publishes an edition's results; answers the edition as published and how many companies were distinguished. */
export async function publishResults(
  editionId: string,
): Promise<{ edition: Edition; distinguished: number }> {
  const path = `${editionPath(editionId)}/results/publish`;
  const body = await apiJson<{ edition?: unknown; distinguished?: unknown }>(path, { method: 'POST' });
  return { edition: Edition.parse(body.edition), distinguished: Number(body.distinguished ?? 0) };
}

/** An edition's results (admin and partner). */
export async function fetchEditionResults(editionId: string, signal?: AbortSignal): Promise<EditionResults> {
  return EditionResults.parse(await apiJson<unknown>(`${editionPath(editionId)}/results`, { signal }));
}

export const resultsReportPath = (editionId: string, format: 'pdf' | 'xlsx', language: Language) =>
  `${editionPath(editionId)}/results/report.${format}?lang=${enc(language)}`;

export const adminApplicationPath = (id: string) => `${API_BASE}/applications/${enc(id)}`;
/** One document inline for the admin (opens in a browser tab; the session cookie authorises it). */
export const adminApplicationFilePath = (id: string, fileId: string) =>
  `${adminApplicationPath(id)}/files/${enc(fileId)}`;
export const adminApplicationZipPath = (id: string) => `${adminApplicationPath(id)}/files.zip`;

export async function fetchAdminApplications(
  query: string,
  signal?: AbortSignal,
): Promise<Page<ApplicationSummary>> {
  const body = await apiJson<unknown>(`${API_BASE}/applications?${query}`, { signal });
  return ApplicationSummaryPage.parse(body);
}

export async function fetchAdminApplication(id: string, signal?: AbortSignal): Promise<Application> {
  return Application.parse(await apiJson<unknown>(adminApplicationPath(id), { signal }));
}

export async function fetchApplicationHistory(
  id: string,
  signal?: AbortSignal,
): Promise<ApplicationHistoryEntry[]> {
  const body = await apiJson<unknown>(`${adminApplicationPath(id)}/history`, { signal });
  return ApplicationHistoryEntry.array().parse(body);
}

export async function evaluateApplication(id: string, body: EvaluationRequest): Promise<Application> {
  const path = `${adminApplicationPath(id)}/evaluation`;
  return Application.parse(await apiJson<unknown>(path, { method: 'POST', body }));
}

export async function confirmDecision(id: string, body: ConfirmationRequest): Promise<Application> {
  const path = `${adminApplicationPath(id)}/confirmation`;
  return Application.parse(await apiJson<unknown>(path, { method: 'POST', body }));
}

export async function returnDocument(id: string, body: ReturnRequest): Promise<Application> {
  const path = `${adminApplicationPath(id)}/return`;
  return Application.parse(await apiJson<unknown>(path, { method: 'POST', body }));
}

export async function fetchEditionSeals(editionId: string, signal?: AbortSignal): Promise<Seal[]> {
  const path = `${API_BASE}/seals?editionId=${enc(editionId)}`;
  return Seal.array().parse(await apiJson<unknown>(path, { signal }));
}

export async function sealAction(id: string, body: SealActionRequest): Promise<Seal> {
  const path = `${API_BASE}/seals/${enc(id)}/actions`;
  return Seal.parse(await apiJson<unknown>(path, { method: 'POST', body }));
}
