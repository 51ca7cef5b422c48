import { LogoutResponse, SessionResponse } from '@excelencia/domain';
import { apiJson } from '../../lib/api-client.ts';

export async function fetchSession(signal?: AbortSignal): Promise<SessionResponse> {
  return SessionResponse.parse(await apiJson<unknown>('/auth/session', { signal }));
}

export async function postLogout(): Promise<LogoutResponse> {
  return LogoutResponse.parse(await apiJson<unknown>('/auth/logout', { method: 'POST' }));
}

/** Gives the session a new full lifetime (the warning before it ends); rejects with a 401 when it has ended. */
export async function extendSession(): Promise<SessionResponse> {
  return SessionResponse.parse(await apiJson<unknown>('/auth/session/extend', { method: 'POST' }));
}
