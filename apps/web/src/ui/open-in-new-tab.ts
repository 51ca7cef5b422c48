import { isSafeCallbackPath } from '@excelencia/domain';

/** Opens a same-origin path ('/pt/company/dashboard') in a new tab; refuses anything else (returns false). */
export function openInNewTab(path: string): boolean {
  if (!isSafeCallbackPath(path)) return false;
  window.open(new URL(path, window.location.origin).href, '_blank', 'noopener');
  return true;
}
