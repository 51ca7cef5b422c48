import {
  type BroadcastFilter,
  type BroadcastInput,
  BroadcastItem,
  BroadcastList,
  BroadcastReach,
} from '@excelencia/domain';
import { API_BASE, apiJson } from '../../lib/api-client.ts';

/** The calls of the administrator's broadcasts screen; every answer parsed with the shared schemas. */

export async function fetchBroadcasts(signal?: AbortSignal): Promise<BroadcastItem[]> {
  return BroadcastList.parse(await apiJson<unknown>(`${API_BASE}/broadcasts`, { signal }));
}

export async function previewBroadcast(
  filter: BroadcastFilter,
  signal?: AbortSignal,
): Promise<BroadcastReach> {
  return BroadcastReach.parse(
    await apiJson<unknown>(`${API_BASE}/broadcasts/preview`, { method: 'POST', body: { filter }, signal }),
  );
}

export async function sendBroadcast(body: BroadcastInput): Promise<BroadcastItem> {
  return BroadcastItem.parse(await apiJson<unknown>(`${API_BASE}/broadcasts`, { method: 'POST', body }));
}
