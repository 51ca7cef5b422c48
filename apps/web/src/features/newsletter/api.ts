import {
  type CampaignInput,
  CampaignItem,
  CampaignList,
  CampaignPreview,
  CampaignTestSent,
  type CampaignUpdate,
  type Language,
  type Page,
  pageOf,
  SubscriberItem,
} from '@excelencia/domain';
import { API_BASE, apiJson } from '../../lib/api-client.ts';

/** The calls of the newsletter's administrator screen (the footer's subscription: subscribe-api.ts). */

const enc = encodeURIComponent;
const SubscriberPage = pageOf(SubscriberItem);

export async function fetchSubscribers(
  queryString: string,
  signal?: AbortSignal,
): Promise<Page<SubscriberItem>> {
  return SubscriberPage.parse(
    await apiJson<unknown>(`${API_BASE}/newsletter/subscribers?${queryString}`, { signal }),
  );
}

export async function fetchCampaigns(signal?: AbortSignal): Promise<CampaignItem[]> {
  return CampaignList.parse(await apiJson<unknown>(`${API_BASE}/newsletter/campaigns`, { signal }));
}

export async function fetchCampaign(id: string, signal?: AbortSignal): Promise<CampaignItem> {
  return CampaignItem.parse(
    await apiJson<unknown>(`${API_BASE}/newsletter/campaigns/${enc(id)}`, { signal }),
  );
}

export async function createCampaign(body: CampaignInput): Promise<CampaignItem> {
  return CampaignItem.parse(
    await apiJson<unknown>(`${API_BASE}/newsletter/campaigns`, { method: 'POST', body }),
  );
}

export async function updateCampaign(id: string, body: CampaignUpdate): Promise<CampaignItem> {
  return CampaignItem.parse(
    await apiJson<unknown>(`${API_BASE}/newsletter/campaigns/${enc(id)}`, { method: 'PUT', body }),
  );
}

export async function deleteCampaign(id: string): Promise<void> {
  await apiJson<unknown>(`${API_BASE}/newsletter/campaigns/${enc(id)}`, { method: 'DELETE' });
}

export async function fetchPreview(
  id: string,
  language: Language,
  signal?: AbortSignal,
): Promise<CampaignPreview> {
  return CampaignPreview.parse(
    await apiJson<unknown>(`${API_BASE}/newsletter/campaigns/${enc(id)}/preview/${language}`, { signal }),
  );
}

export async function sendTest(id: string, language: Language) {
  return CampaignTestSent.parse(
    await apiJson<unknown>(`${API_BASE}/newsletter/campaigns/${enc(id)}/test`, {
      method: 'POST',
      body: { language },
    }),
  );
}

export async function sendCampaign(id: string): Promise<CampaignItem> {
  return CampaignItem.parse(
    await apiJson<unknown>(`${API_BASE}/newsletter/campaigns/${enc(id)}/send`, { method: 'POST' }),
  );
}
