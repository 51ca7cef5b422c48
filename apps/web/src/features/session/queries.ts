import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthenticatedSession } from '../../lib/signed-in-context.ts';
import { fetchSession } from './api.ts';

/** How often an open page re-reads the session besides focus and other tabs' signals (docs/adr/0004). */
export const SESSION_REFETCH_INTERVAL_MS = 5 * 60 * 1000;

export const sessionKeys = {
  all: ['session'] as const,
  current: () => [...sessionKeys.all, 'current'] as const,
};

/** The session query (also started by main.tsx before the first render, from the answer sent with the page). */
export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.current(),
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: 10_000,
    refetchOnWindowFocus: 'always',
    refetchInterval: SESSION_REFETCH_INTERVAL_MS,
    retry: 1,
  });
}

export function useSessionQuery() {
  return useQuery(sessionQueryOptions());
}

export type { AuthenticatedSession };

export type SessionState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'unauthenticated' }
  | { status: 'authenticated'; session: AuthenticatedSession };

export function isExpired(session: AuthenticatedSession, now = Date.now()): boolean {
  const expires = Date.parse(session.expires);
  return Number.isNaN(expires) || expires <= now;
}

/** The session as the UI sees it: loading, error, unauthenticated or authenticated (an expired one is not). */
export function useSession(): SessionState {
  const query = useSessionQuery();
  if (query.data) {
    if (query.data.status === 'authenticated' && !isExpired(query.data)) {
      return { status: 'authenticated', session: query.data };
    }
    return { status: 'unauthenticated' };
  }
  if (query.isError) return { status: 'error' };
  return { status: 'loading' };
}
