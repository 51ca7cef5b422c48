import { isSafeCallbackPath, type Language, type SessionResponse } from '@excelencia/domain';
import type { Query, QueryClient } from '@tanstack/react-query';
import { forgetCsrfToken } from '../../lib/api-client.ts';
import { postLogout } from './api.ts';
import { clearBrowserStorage } from './browser-storage.ts';
import { sessionKeys } from './queries.ts';

/** The portal server's sign-in (docs/adr/0002). */
export const LOGIN_PATH = '/auth/login';

/** The query of the sign-in: the page to come back to (this site's paths only, else the home page) and the language. */
export function loginQuery(
  language: Language,
  callbackPath: string,
): { callbackUrl: string; lang: Language } {
  return { callbackUrl: isSafeCallbackPath(callbackPath) ? callbackPath : `/${language}/`, lang: language };
}

/**
 * Ends the session in this tab only (a 401, an expired session): forgets every cached answer,
 * clears storage but the language, and marks the session unauthenticated so the guards react.
 */
export function signOutLocally(queryClient: QueryClient, language: Language): void {
  const current = queryClient.getQueryData<SessionResponse>(sessionKeys.current());
  // Already signed out here: further 401s of calls still in flight change nothing.
  if (current?.status === 'unauthenticated') return;
  queryClient.setQueryData<SessionResponse>(sessionKeys.current(), { status: 'unauthenticated' });
  const notSession = { predicate: (query: Query) => query.queryKey[0] !== sessionKeys.all[0] };
  void queryClient.cancelQueries(notSession);
  queryClient.removeQueries(notSession);
  forgetCsrfToken();
  clearBrowserStorage(language);
}

/** Sign out: ends the server session, clears storage but the language, then leaves. */
export async function logout(queryClient: QueryClient, language: Language): Promise<void> {
  let redirectUrl = `/${language}/`;
  try {
    redirectUrl = (await postLogout()).redirectUrl;
  } catch (error) {
    console.error('Falha ao terminar a sessão no servidor', error);
  }
  forgetCsrfToken();
  clearBrowserStorage(language);
  queryClient.clear();
  window.location.assign(redirectUrl);
}
