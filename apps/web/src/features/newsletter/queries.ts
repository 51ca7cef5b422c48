import { type CampaignItem, campaignStage, type Language } from '@excelencia/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListState } from '../../ui/data-table/list-state.ts';
import { listQueryString } from '../../ui/data-table/list-state.ts';
import { fetchCampaign, fetchCampaigns, fetchPreview, fetchSubscribers } from './api.ts';

/** Every query of the newsletter screen, under one root. */
export const newsletterKeys = {
  all: ['newsletter'] as const,
  subscribers: (state: ListState) => [...newsletterKeys.all, 'subscribers', state] as const,
  campaigns: () => [...newsletterKeys.all, 'campaigns'] as const,
  campaign: (id: string) => [...newsletterKeys.campaigns(), id] as const,
  preview: (id: string, version: number, language: Language) =>
    [...newsletterKeys.campaign(id), 'preview', version, language] as const,
};

/** How often a campaign being sent is read again for its progress. */
export const PROGRESS_POLL_MS = 2000;
/** How often a campaign whose mails wait for the mail server is read again (an outage can last hours). */
const DELIVERY_POLL_MS = 15_000;

/** A campaign's next read: soon while it is queued, slower while its mails are delivered, never once sent. */
function pollInterval(campaigns: readonly CampaignItem[] | undefined): number | false {
  const stages = (campaigns ?? []).map(campaignStage);
  if (stages.includes('sending')) return PROGRESS_POLL_MS;
  return stages.includes('delivering') ? DELIVERY_POLL_MS : false;
}

export function useSubscribersQuery(state: ListState) {
  return useQuery({
    queryKey: newsletterKeys.subscribers(state),
    queryFn: ({ signal }) => fetchSubscribers(listQueryString(state), signal),
    placeholderData: keepPreviousData,
  });
}

export function useCampaignsQuery() {
  return useQuery({
    queryKey: newsletterKeys.campaigns(),
    queryFn: ({ signal }) => fetchCampaigns(signal),
    refetchInterval: (query) => pollInterval(query.state.data),
  });
}

/** One campaign; polled while it is being sent, so its progress bar and counts move. */
export function useCampaignQuery(id: string | null) {
  return useQuery({
    queryKey: newsletterKeys.campaign(id ?? ''),
    queryFn: ({ signal }) => fetchCampaign(id ?? '', signal),
    enabled: id !== null,
    refetchInterval: (query) => pollInterval(query.state.data ? [query.state.data] : undefined),
  });
}

export function usePreviewQuery(id: string, version: number, language: Language) {
  return useQuery({
    queryKey: newsletterKeys.preview(id, version, language),
    queryFn: ({ signal }) => fetchPreview(id, language, signal),
  });
}
