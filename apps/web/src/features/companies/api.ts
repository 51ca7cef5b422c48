import {
  CompanyDetailsResponse,
  CompanyListItem,
  CompanyProfile,
  DirectoryItem,
  NameChange,
  type NameChangeDecision,
  type NameChangeStatus,
  NifConflict,
  NifConflictSettled,
  type Page,
  type PreRegisterCompanyRequest,
  PreRegistrationItem,
  PublicCompany,
  pageOf,
  type SettleNifConflictRequest,
  type UpdateCompanyRequest,
} from '@excelencia/domain';
import { API_BASE, apiJson } from '../../lib/api-client.ts';
import { queryString } from '../../ui/query-string.ts';

/**
 * The calls of the companies area: the user's companies, a company's profile, the admin list and the
 * pre-registrations, and the public company directory. Every answer is parsed with the shared schemas.
 */

const enc = encodeURIComponent;
const CompanyPage = pageOf(CompanyListItem);
const PreRegistrationPage = pageOf(PreRegistrationItem);

export async function fetchCompanyDetailsByEmail(email: string, signal?: AbortSignal) {
  const data = await apiJson<unknown>(`${API_BASE}/company-details/by-email/${enc(email)}`, { signal });
  return CompanyDetailsResponse.parse(data);
}

export async function fetchCompany(id: string, signal?: AbortSignal): Promise<CompanyProfile> {
  return CompanyProfile.parse(await apiJson<unknown>(`${API_BASE}/companies/${enc(id)}`, { signal }));
}

export async function updateCompany(id: string, body: UpdateCompanyRequest): Promise<CompanyProfile> {
  return CompanyProfile.parse(
    await apiJson<unknown>(`${API_BASE}/companies/${enc(id)}`, { method: 'PUT', body }),
  );
}

/** `GET companies?<query>` (admin): one page of the list, searched, filtered and sorted. */
export async function fetchAdminCompanies(
  queryString: string,
  signal?: AbortSignal,
): Promise<Page<CompanyListItem>> {
  return CompanyPage.parse(await apiJson<unknown>(`${API_BASE}/companies?${queryString}`, { signal }));
}

export async function putCompanySituation(
  id: string,
  companySituationId: string,
  version: number,
): Promise<CompanyProfile> {
  return CompanyProfile.parse(
    await apiJson<unknown>(`${API_BASE}/companies/${enc(id)}/situation`, {
      method: 'PUT',
      body: { companySituationId, version },
    }),
  );
}

export async function postPreRegistration(body: PreRegisterCompanyRequest): Promise<PreRegistrationItem> {
  return PreRegistrationItem.parse(
    await apiJson<unknown>(`${API_BASE}/companies/pre-registrations`, { method: 'POST', body }),
  );
}

export async function fetchPreRegistrations(
  queryString: string,
  signal?: AbortSignal,
): Promise<Page<PreRegistrationItem>> {
  return PreRegistrationPage.parse(
    await apiJson<unknown>(`${API_BASE}/companies/pre-registrations?${queryString}`, { signal }),
  );
}

/** `GET companies/nif-conflicts` (admin): the NIFs claimed twice or more, one claim at least not confirmed. */
export async function fetchNifConflicts(signal?: AbortSignal): Promise<NifConflict[]> {
  return NifConflict.array().parse(await apiJson<unknown>(`${API_BASE}/companies/nif-conflicts`, { signal }));
}

/** Keeps one claim of a NIF; the server cancels the other unconfirmed ones and mails their claimants. */
export async function settleNifConflict(body: SettleNifConflictRequest): Promise<NifConflictSettled> {
  return NifConflictSettled.parse(
    await apiJson<unknown>(`${API_BASE}/companies/nif-conflicts/settle`, { method: 'POST', body }),
  );
}

export async function resendPreRegistration(id: string): Promise<PreRegistrationItem> {
  return PreRegistrationItem.parse(
    await apiJson<unknown>(`${API_BASE}/companies/pre-registrations/${enc(id)}/resend`, { method: 'POST' }),
  );
}

/** `GET companies/name-changes?status=` (admin): the name changes of one status (pending: the queue). */
export async function fetchNameChanges(
  status: NameChangeStatus,
  signal?: AbortSignal,
): Promise<NameChange[]> {
  const path = `${API_BASE}/companies/name-changes?status=${enc(status)}`;
  return NameChange.array().parse(await apiJson<unknown>(path, { signal }));
}

/** An admin approves or refuses a pending name change. */
export async function decideNameChange(id: string, body: NameChangeDecision): Promise<NameChange> {
  return NameChange.parse(
    await apiJson<unknown>(`${API_BASE}/companies/name-changes/${enc(id)}/decision`, {
      method: 'POST',
      body,
    }),
  );
}

// ---- the public company directory ---------------------------------------------------------------------------

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
