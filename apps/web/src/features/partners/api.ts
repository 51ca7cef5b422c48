import {
  AssistedCompany,
  CreatedPartnerApiToken,
  type CreateFollowRequest,
  type CreatePartnerApiTokenRequest,
  type FollowRequestDecision,
  type Language,
  type Page,
  PartnerAccessEntry,
  PartnerApiToken,
  PartnerCompanyView,
  PartnerConsentItem,
  PartnerDashboard,
  PartnerFollowRequest,
  type PreRegisterCompanyRequest,
  pageOf,
  type UpdatePartnerConsentRequest,
} from '@excelencia/domain';
import { z } from 'zod';
import { API_BASE, apiJson } from '../../lib/api-client.ts';

/** The calls of the partner area and of the company's consents; every answer is parsed with the shared schemas. */

const enc = encodeURIComponent;
const AccessPage = pageOf(PartnerAccessEntry);

export const partnerResultsXlsxPath = (editionId: string, language: Language) =>
  `${API_BASE}/partner/results/${enc(editionId)}/report.xlsx?lang=${enc(language)}`;

export async function fetchPartnerDashboard(signal?: AbortSignal): Promise<PartnerDashboard> {
  return PartnerDashboard.parse(await apiJson<unknown>(`${API_BASE}/partner/dashboard`, { signal }));
}

export async function fetchAssistedCompanies(signal?: AbortSignal): Promise<AssistedCompany[]> {
  return AssistedCompany.array().parse(await apiJson<unknown>(`${API_BASE}/partner/companies`, { signal }));
}

export async function postAssistedCompany(body: PreRegisterCompanyRequest): Promise<AssistedCompany> {
  return AssistedCompany.parse(
    await apiJson<unknown>(`${API_BASE}/partner/companies`, { method: 'POST', body }),
  );
}

export async function fetchFollowRequests(signal?: AbortSignal): Promise<PartnerFollowRequest[]> {
  return PartnerFollowRequest.array().parse(
    await apiJson<unknown>(`${API_BASE}/partner/follow-requests`, { signal }),
  );
}

export async function postFollowRequest(body: CreateFollowRequest): Promise<PartnerFollowRequest> {
  return PartnerFollowRequest.parse(
    await apiJson<unknown>(`${API_BASE}/partner/follow-requests`, { method: 'POST', body }),
  );
}

/** The company's answer to an entity's request to follow it. */
export async function postFollowDecision(
  companyId: string,
  id: string,
  body: FollowRequestDecision,
): Promise<PartnerFollowRequest> {
  return PartnerFollowRequest.parse(
    await apiJson<unknown>(`${API_BASE}/companies/${enc(companyId)}/follow-requests/${enc(id)}/decision`, {
      method: 'POST',
      body,
    }),
  );
}

export async function fetchPartnerCompany(
  companyId: string,
  signal?: AbortSignal,
): Promise<PartnerCompanyView> {
  return PartnerCompanyView.parse(
    await apiJson<unknown>(`${API_BASE}/partner/companies/${enc(companyId)}`, { signal }),
  );
}

export async function fetchAssistedNifs(signal?: AbortSignal): Promise<string[]> {
  return z.array(z.string()).parse(await apiJson<unknown>(`${API_BASE}/partner/assisted-nifs`, { signal }));
}

export async function fetchPartnerConsents(
  companyId: string,
  signal?: AbortSignal,
): Promise<PartnerConsentItem[]> {
  return PartnerConsentItem.array().parse(
    await apiJson<unknown>(`${API_BASE}/companies/${enc(companyId)}/partner-consents`, { signal }),
  );
}

export async function putPartnerConsent(
  companyId: string,
  partnerEntityId: string,
  body: UpdatePartnerConsentRequest,
): Promise<PartnerConsentItem> {
  return PartnerConsentItem.parse(
    await apiJson<unknown>(
      `${API_BASE}/companies/${enc(companyId)}/partner-consents/${enc(partnerEntityId)}`,
      {
        method: 'PUT',
        body,
      },
    ),
  );
}

export async function fetchPartnerAccessLog(
  companyId: string,
  page: number,
  signal?: AbortSignal,
): Promise<Page<PartnerAccessEntry>> {
  return AccessPage.parse(
    await apiJson<unknown>(
      `${API_BASE}/companies/${enc(companyId)}/partner-access-log?page=${page}&pageSize=10`,
      { signal },
    ),
  );
}

const TOKENS = `${API_BASE}/users/profile/api-tokens`;

export async function fetchApiTokens(signal?: AbortSignal): Promise<PartnerApiToken[]> {
  return PartnerApiToken.array().parse(await apiJson<unknown>(TOKENS, { signal }));
}

export async function postApiToken(body: CreatePartnerApiTokenRequest): Promise<CreatedPartnerApiToken> {
  return CreatedPartnerApiToken.parse(await apiJson<unknown>(TOKENS, { method: 'POST', body }));
}

export async function revokeApiToken(id: string): Promise<void> {
  await apiJson<unknown>(`${TOKENS}/${enc(id)}`, { method: 'DELETE' });
}
