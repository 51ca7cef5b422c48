import {
  CompanyDetailsResponse,
  type CompanyListItem,
  type CompanyProfile,
  type DirectoryItem,
  type Language,
  type LocalizedText,
  localized,
  MyCompaniesResponse,
  type MyProfile,
  type Page,
  type PublicCompany,
  type RegisterCompanyRequest,
  type UpdateCompanyRequest,
} from '@excelencia/domain';
import { API_BASE, apiJson } from '../../app/api-client.ts';

/** The calls of the companies area (issue 4): registration, invitations, directory, profiles, admin list. */

export async function fetchMyCompanies(signal?: AbortSignal): Promise<MyCompaniesResponse> {
  return MyCompaniesResponse.parse(await apiJson<unknown>(`${API_BASE}/me/companies`, { signal }));
}

export async function fetchCompanyDetailsByEmail(email: string, signal?: AbortSignal) {
  const data = await apiJson<unknown>(`${API_BASE}/company-details/by-email/${encodeURIComponent(email)}`, {
    signal,
  });
  return CompanyDetailsResponse.parse(data);
}

function query(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

// ---------------------------------------------------------------------------------------------- options

export interface Option {
  id: string;
  code: string;
  label: string;
}

export type OptionKind = 'cae-sections' | 'cae-divisions' | 'islands' | 'cities';

/** `GET public/options/<kind>` (active rows, label in the caller's language); parent filters the children. */
export function fetchOptions(
  kind: OptionKind,
  parent: { sectionId?: string; islandId?: string } = {},
  signal?: AbortSignal,
): Promise<Option[]> {
  return apiJson<Option[]>(`${API_BASE}/public/options/${kind}${query(parent)}`, { signal });
}

// ------------------------------------------------------------------------------------------ registration

export interface RegistrationAnswer {
  status: string;
  email: string;
}

export function postRegistration(body: RegisterCompanyRequest): Promise<RegistrationAnswer> {
  return apiJson(`${API_BASE}/registrations`, { method: 'POST', body });
}

export function confirmRegistration(token: string): Promise<RegistrationAnswer> {
  return apiJson(`${API_BASE}/registrations/confirm`, { method: 'POST', body: { token } });
}

export function resendRegistration(email: string): Promise<unknown> {
  return apiJson(`${API_BASE}/registrations/resend`, { method: 'POST', body: { email } });
}

export interface InvitationInfo {
  companyName: string;
  email: string;
  name: string;
}

export function fetchInvitation(token: string, signal?: AbortSignal): Promise<InvitationInfo> {
  return apiJson(`${API_BASE}/invitations/${encodeURIComponent(token)}`, { signal });
}

export function acceptInvitation(body: {
  token: string;
  password: string;
  confirmPassword: string;
}): Promise<RegistrationAnswer> {
  return apiJson(`${API_BASE}/invitations/accept`, { method: 'POST', body });
}

// ------------------------------------------------------------------------------------------- directory

export type DirectoryCompany = DirectoryItem;

export function fetchDirectory(
  params: { search: string; page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<Page<DirectoryCompany>> {
  return apiJson(`${API_BASE}/public/companies${query(params)}`, { signal });
}

export function fetchPublicCompany(id: string, signal?: AbortSignal): Promise<PublicCompany> {
  return apiJson(`${API_BASE}/public/companies/${encodeURIComponent(id)}`, { signal });
}

// ------------------------------------------------------------------------------------- company profile

export function fetchCompany(id: string, signal?: AbortSignal): Promise<CompanyProfile> {
  return apiJson(`${API_BASE}/companies/${encodeURIComponent(id)}`, { signal });
}

export function updateCompany(id: string, body: UpdateCompanyRequest): Promise<CompanyProfile> {
  return apiJson(`${API_BASE}/companies/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

// ---------------------------------------------------------------------------------------------- admin

export type AdminCompanyRow = CompanyListItem;

export function fetchAdminCompanies(
  queryString: string,
  signal?: AbortSignal,
): Promise<Page<AdminCompanyRow>> {
  return apiJson(`${API_BASE}/companies?${queryString}`, { signal });
}

export function putCompanySituation(id: string, companySituationId: string, version: number) {
  return apiJson<CompanyProfile>(`${API_BASE}/companies/${encodeURIComponent(id)}/situation`, {
    method: 'PUT',
    body: { companySituationId, version },
  });
}

export interface PreRegistrationRequest {
  companyName: string;
  nif: string;
  email: string;
  responsibleName: string;
  phone?: string;
  language: Language;
}

export interface PreRegistrationRow {
  id: string;
  companyId?: string;
  companyName: string;
  nif?: string;
  email: string;
  name?: string | null;
  state: 'pending' | 'accepted' | 'expired';
  sentCount: number;
  lastSentAt?: string | null;
  expiresAt?: string | null;
  createdAt?: string;
}

export function postPreRegistration(body: PreRegistrationRequest): Promise<unknown> {
  return apiJson(`${API_BASE}/companies/pre-registrations`, { method: 'POST', body });
}

export function fetchPreRegistrations(queryString: string, signal?: AbortSignal) {
  return apiJson<Page<PreRegistrationRow> | PreRegistrationRow[]>(
    `${API_BASE}/companies/pre-registrations?${queryString}`,
    { signal },
  );
}

export function resendPreRegistration(id: string): Promise<unknown> {
  return apiJson(`${API_BASE}/companies/pre-registrations/${encodeURIComponent(id)}/resend`, {
    method: 'POST',
  });
}

/**
 * An admin reference list as options (`GET <resource>?pageSize=100`, description in the given language); used
 * for the admin filters and for company types (`public/options/company-types` is tried first, for company users).
 */
export async function fetchReferenceOptions(
  resource: string,
  language: Language,
  signal?: AbortSignal,
): Promise<Option[]> {
  const page = await apiJson<{ items: Array<{ id: string; code?: string; description?: LocalizedText }> }>(
    `${API_BASE}/${resource}?pageSize=100&sort=code&order=asc`,
    { signal },
  );
  return page.items.map((item) => ({
    id: item.id,
    code: item.code ?? '',
    label: localized(item.description, language) || item.code || item.id,
  }));
}

/** Company types: the public options when the server has them, else the admin list. */
export function fetchCompanyTypeOptions(signal?: AbortSignal): Promise<Option[]> {
  return apiJson<Option[]>(`${API_BASE}/public/options/company-types`, { signal });
}

// ------------------------------------------------------------------------------------------- profile

export function fetchMyProfile(signal?: AbortSignal): Promise<MyProfile> {
  return apiJson(`${API_BASE}/me/profile`, { signal });
}

export function putMyProfile(body: { name: string; language: Language }): Promise<MyProfile> {
  return apiJson(`${API_BASE}/me/profile`, { method: 'PUT', body });
}

export function deleteProfilePicture(): Promise<unknown> {
  return apiJson(`${API_BASE}/me/profile-picture`, { method: 'DELETE' });
}
