import { hasRole, type Language } from '@excelencia/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { canEnterSignedIn } from '../../lib/access.ts';
import { onUnauthorized } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { openInNewTab } from '../../ui/open-in-new-tab.ts';
import { postLogout } from './api.ts';
import {
  OPENED_DASHBOARD_KEY,
  readLocal,
  SESSION_ANNOUNCED_KEY,
  SESSION_SIGNAL_KEY,
  signalOtherTabs,
  writeLocal,
} from './browser-storage.ts';
import { isExpired, sessionKeys, useSessionQuery } from './queries.ts';
import { signOutLocally } from './session-actions.ts';

/** setTimeout's ceiling (about 24.8 days). */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Keeps the session of this tab true (docs/adr/0004): a 401 anywhere signs out locally, other tabs' login or
 * logout refetches it, an expired session logs out, and a company user's first visit after login opens the
 * company dashboard once in a new tab. The language of the path is not saved on the account: only the person's
 * own choice is (use-language-choice.ts, the profile).
 */
export function useSessionSync(language: Language, pathname: string): void {
  const queryClient = useQueryClient();
  const { data } = useSessionQuery();

  useEffect(() => {
    onUnauthorized(() => signOutLocally(queryClient, currentLanguage()));
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === SESSION_SIGNAL_KEY) {
        void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => {
      onUnauthorized(null);
      window.removeEventListener('storage', onStorage);
    };
  }, [queryClient]);

  const session = data?.status === 'authenticated' ? data : null;

  // Expiry: log out when `expires` is in the past, now or later.
  useEffect(() => {
    if (!session) return;
    const expire = () => {
      signOutLocally(queryClient, currentLanguage());
      postLogout().catch((error: unknown) => console.error('Falha ao terminar a sessão expirada', error));
    };
    if (isExpired(session)) {
      expire();
      return;
    }
    const delay = Math.min(Date.parse(session.expires) - Date.now() + 500, MAX_TIMEOUT_MS);
    const timer = window.setTimeout(expire, delay);
    return () => window.clearTimeout(timer);
  }, [session, queryClient]);

  // A session that started in this tab (after the login round trip) tells the other tabs once.
  useEffect(() => {
    if (!session || isExpired(session)) return;
    try {
      if (sessionStorage.getItem(SESSION_ANNOUNCED_KEY)) return;
      sessionStorage.setItem(SESSION_ANNOUNCED_KEY, '1');
    } catch {
      return;
    }
    signalOtherTabs();
  }, [session]);

  // A company user's first visit after login opens the company dashboard once in a new tab.
  const openedRef = useRef(false);
  useEffect(() => {
    if (!session || isExpired(session) || openedRef.current) return;
    if (!hasRole(session.roles, 'company') || !canEnterSignedIn(session.roles)) return;
    if (readLocal(OPENED_DASHBOARD_KEY)) return;
    openedRef.current = true;
    writeLocal(OPENED_DASHBOARD_KEY, 'true');
    const dashboard = `/${language}/company/dashboard`;
    if (pathname !== dashboard) openInNewTab(dashboard);
  }, [session, language, pathname]);
}
