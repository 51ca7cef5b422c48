import {
  CompanyEsg,
  type EsgAnswers,
  EsgForm,
  type EsgFormInput,
  EsgFormSummary,
  type EsgFormUpdate,
  EsgPublicForm,
  EsgResponse,
  EsgResults,
} from '@excelencia/domain';
import { API_BASE, ApiError, apiJson } from '../../lib/api-client.ts';

/** The calls of the ESG area; every answer is parsed with the shared schemas. */

const enc = encodeURIComponent;

export const formsPath = `${API_BASE}/esg/forms`;
export const formPath = (id: string) => `${formsPath}/${enc(id)}`;
export const formExportPath = (id: string) => `${formPath(id)}/export.xlsx`;
const companyEsgPath = (companyId: string) => `${API_BASE}/companies/${enc(companyId)}/esg`;
export const responsePdfPath = (companyId: string, responseId: string) =>
  `${companyEsgPath(companyId)}/responses/${enc(responseId)}/pdf`;

export async function fetchForms(signal?: AbortSignal): Promise<EsgFormSummary[]> {
  return EsgFormSummary.array().parse(await apiJson<unknown>(formsPath, { signal }));
}

export async function fetchForm(id: string, signal?: AbortSignal): Promise<EsgForm> {
  return EsgForm.parse(await apiJson<unknown>(formPath(id), { signal }));
}

export async function createForm(body: EsgFormInput): Promise<EsgForm> {
  return EsgForm.parse(await apiJson<unknown>(formsPath, { method: 'POST', body }));
}

export async function updateForm(id: string, body: EsgFormUpdate): Promise<EsgForm> {
  return EsgForm.parse(await apiJson<unknown>(formPath(id), { method: 'PUT', body }));
}

export async function reorderForms(ids: string[]): Promise<EsgFormSummary[]> {
  return EsgFormSummary.array().parse(
    await apiJson<unknown>(`${formsPath}/order`, { method: 'PUT', body: { ids } }),
  );
}

export async function fetchResults(id: string, signal?: AbortSignal): Promise<EsgResults> {
  return EsgResults.parse(await apiJson<unknown>(`${formPath(id)}/results`, { signal }));
}

export async function fetchAdminResponse(id: string, signal?: AbortSignal): Promise<EsgResponse> {
  return EsgResponse.parse(await apiJson<unknown>(`${API_BASE}/esg/responses/${enc(id)}`, { signal }));
}

export async function fetchCompanyEsg(companyId: string, signal?: AbortSignal): Promise<CompanyEsg> {
  return CompanyEsg.parse(await apiJson<unknown>(companyEsgPath(companyId), { signal }));
}

export async function fetchCompanyResponse(
  companyId: string,
  responseId: string,
  signal?: AbortSignal,
): Promise<EsgResponse> {
  return EsgResponse.parse(
    await apiJson<unknown>(`${companyEsgPath(companyId)}/responses/${enc(responseId)}`, { signal }),
  );
}

export async function saveAnswers(
  companyId: string,
  formId: string,
  answers: EsgAnswers,
): Promise<EsgResponse> {
  return EsgResponse.parse(
    await apiJson<unknown>(`${companyEsgPath(companyId)}/forms/${enc(formId)}/answers`, {
      method: 'PUT',
      body: { answers },
    }),
  );
}

export async function submitAnswers(companyId: string, formId: string): Promise<EsgResponse> {
  return EsgResponse.parse(
    await apiJson<unknown>(`${companyEsgPath(companyId)}/forms/${enc(formId)}/submit`, { method: 'POST' }),
  );
}

/** The current ESG form the sustainability survey links to; null when none is open. */
export async function fetchCurrentEsgForm(signal?: AbortSignal): Promise<EsgPublicForm | null> {
  try {
    return EsgPublicForm.parse(await apiJson<unknown>(`${API_BASE}/public/esg/current`, { signal }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
