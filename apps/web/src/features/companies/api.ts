import { CompanyDetailsResponse, MyCompaniesResponse } from '@excelencia/domain';
import { API_BASE, apiJson } from '../../app/api-client.ts';

export async function fetchMyCompanies(signal?: AbortSignal): Promise<MyCompaniesResponse> {
  return MyCompaniesResponse.parse(await apiJson<unknown>(`${API_BASE}/me/companies`, { signal }));
}

export async function fetchCompanyDetailsByEmail(email: string, signal?: AbortSignal) {
  const data = await apiJson<unknown>(`${API_BASE}/company-details/by-email/${encodeURIComponent(email)}`, {
    signal,
  });
  return CompanyDetailsResponse.parse(data);
}
