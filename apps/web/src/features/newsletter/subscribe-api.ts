import type { SubscribeRequest } from '@excelencia/domain';
import { API_BASE, apiJson } from '../../lib/api-client.ts';

/**
 * The footer's subscription. Its answer is not parsed with the domain's schema: the form is an island of
 * visitors' pages, which carry no validation library (docs/adr/0014), and it only needs the call to succeed.
 */
export async function subscribe(body: SubscribeRequest): Promise<void> {
  await apiJson<unknown>(`${API_BASE}/public/newsletter/subscriptions`, { method: 'POST', body });
}
