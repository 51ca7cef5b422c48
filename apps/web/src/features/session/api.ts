import { LogoutResponse, SessionResponse } from '@excelencia/domain';
import { apiJson } from '../../lib/api-client.ts';

export async function fetchSession(signal?: AbortSignal): Promise<SessionResponse> {
  return SessionResponse.parse(await apiJson<unknown>('/auth/session', { signal }));
}

export async function postLogout(): Promise<LogoutResponse> {
  return LogoutResponse.parse(await apiJson<unknown>('/auth/logout', { method: 'POST' }));
}
