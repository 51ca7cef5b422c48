import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, from the first render in the browser (no render with a guessed value first).
 * A page the server rendered is drawn, and hydrated, as if it did not match; the browser's answer follows at
 * once (docs/adr/0037).
 */
export function useMediaMatch(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
