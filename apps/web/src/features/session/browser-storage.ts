import type { Language } from '@excelencia/domain';
import { SELECTED_LANG_KEY } from '../../lib/i18n.ts';

/** Written (then removed) on login and logout so other tabs refetch the session (their `storage` event). */
export const SESSION_SIGNAL_KEY = 'sessionChanged';
/** The company a company user works on (docs/adr/0004). */
export const COMPANY_ID_KEY = 'companyID';
/** Set once the company dashboard was opened in a new tab after login, so it opens only once. */
export const OPENED_DASHBOARD_KEY = 'openedDashboard';
/** sessionStorage: this tab already told the others that a session started. */
export const SESSION_ANNOUNCED_KEY = 'sessionAnnounced';

type Listener = () => void;
const listeners = new Set<Listener>();

/** Tells this tab's subscribers (company selector, ...) that storage changed under them. */
export function notifyStorageListeners(): void {
  for (const listener of listeners) listener();
}

/** Subscribes to storage changes of this tab (notifyStorageListeners) and of other tabs (`storage`). */
export function subscribeToStorage(listener: Listener): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function readLocal(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the value simply does not survive a reload.
  }
  notifyStorageListeners();
}

/** Makes the other tabs' `storage` listeners fire without leaving anything behind. */
export function signalOtherTabs(): void {
  try {
    localStorage.setItem(SESSION_SIGNAL_KEY, String(Date.now()));
    localStorage.removeItem(SESSION_SIGNAL_KEY);
  } catch {
    // Nothing to tell when storage is unavailable.
  }
}

/**
 * Clears localStorage and sessionStorage (login, logout, 401), keeping nothing but the language so the
 * next page keeps it; companyID and openedDashboard go with the rest.
 */
export function clearBrowserStorage(language: Language): void {
  try {
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem(SELECTED_LANG_KEY, language);
  } catch {
    // Storage unavailable: nothing was kept in it either.
  }
  signalOtherTabs();
  notifyStorageListeners();
}
