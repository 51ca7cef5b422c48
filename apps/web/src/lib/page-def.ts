import { useMatches } from 'react-router';
import type { PageDef } from './pages.ts';

export interface PageHandle {
  page: PageDef;
}

function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof handle === 'object' && handle !== null && 'page' in handle;
}

/** The signed-in page being shown (title, breadcrumbs), from the route's handle. */
export function usePageDef(): PageDef | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isPageHandle(handle)) return handle.page;
  }
  return null;
}
