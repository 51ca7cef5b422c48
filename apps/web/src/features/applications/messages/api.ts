import { ApplicationMessage } from '@excelencia/domain';
import { API_BASE, apiJson } from '../../../lib/api-client.ts';

/** Whose thread: the selected company's application, or any application for the evaluators. */
export type ThreadScope = { kind: 'company'; companyId: string; id: string } | { kind: 'admin'; id: string };

const enc = encodeURIComponent;

export function messagesPath(scope: ThreadScope): string {
  return scope.kind === 'company'
    ? `${API_BASE}/companies/${enc(scope.companyId)}/applications/${enc(scope.id)}/messages`
    : `${API_BASE}/applications/${enc(scope.id)}/messages`;
}

export async function fetchMessages(scope: ThreadScope, signal?: AbortSignal): Promise<ApplicationMessage[]> {
  return ApplicationMessage.array().parse(await apiJson<unknown>(messagesPath(scope), { signal }));
}

export async function postMessage(scope: ThreadScope, body: string): Promise<ApplicationMessage> {
  return ApplicationMessage.parse(
    await apiJson<unknown>(messagesPath(scope), { method: 'POST', body: { body } }),
  );
}
