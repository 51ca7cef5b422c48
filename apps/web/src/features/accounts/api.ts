import { AccountByEmailResponse, type Language } from '@excelencia/domain';
import { API_BASE, apiBlob, apiJson } from '../../lib/api-client.ts';

export async function fetchAccountByEmail(email: string, signal?: AbortSignal) {
  const data = await apiJson<unknown>(`${API_BASE}/accounts/by-email/${encodeURIComponent(email)}`, {
    signal,
  });
  return AccountByEmailResponse.parse(data);
}

export function fetchProfilePicture(accountId: string, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(`${API_BASE}/accounts/${encodeURIComponent(accountId)}/profile-pictures`, { signal });
}

export function putMyLanguage(language: Language): Promise<unknown> {
  return apiJson(`${API_BASE}/me/language`, { method: 'PUT', body: { language } });
}
