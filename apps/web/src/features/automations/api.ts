import { AutomationItem, type AutomationKind, AutomationList, RemindersPreference } from '@excelencia/domain';
import { API_BASE, apiJson } from '../../lib/api-client.ts';

/** The calls of the automations area; every answer is parsed with the shared schemas. */

const enc = encodeURIComponent;
const automationsPath = (editionId: string) => `${API_BASE}/editions/${enc(editionId)}/automations`;

/** An edition's automatic mail, one item per kind. */
export async function fetchAutomations(editionId: string, signal?: AbortSignal): Promise<AutomationList> {
  return AutomationList.parse(await apiJson<unknown>(automationsPath(editionId), { signal }));
}

export async function putAutomation(
  editionId: string,
  kind: AutomationKind,
  enabled: boolean,
): Promise<AutomationItem> {
  return AutomationItem.parse(
    await apiJson<unknown>(`${automationsPath(editionId)}/${enc(kind)}`, {
      method: 'PUT',
      body: { enabled },
    }),
  );
}

/** Whether the caller receives reminders. */
export async function fetchReminders(signal?: AbortSignal): Promise<RemindersPreference> {
  return RemindersPreference.parse(await apiJson<unknown>(`${API_BASE}/me/reminders`, { signal }));
}

export async function putReminders(enabled: boolean): Promise<RemindersPreference> {
  return RemindersPreference.parse(
    await apiJson<unknown>(`${API_BASE}/me/reminders`, { method: 'PUT', body: { enabled } }),
  );
}
