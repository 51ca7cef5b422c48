import { type Query, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { FIRST_ANSWERS_FRESH_MS } from './first-answers.ts';

/** Client errors (4xx) are answers, not glitches: they are not retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The queries hydrated from a server-rendered page (docs/adr/0037) count as fresh for the page's first half
 * minute: the components that hydrate with them do not ask the server again for what came with the HTML. A
 * query's own `staleTime`, and any invalidation, still apply.
 */
export function keepFreshFromPage(queryClient: QueryClient): void {
  const fromPage = new Set(
    queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryHash),
  );
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({
    ...defaults,
    queries: {
      ...defaults.queries,
      staleTime: (query: Query) =>
        fromPage.has(query.queryHash) && performance.now() <= FIRST_ANSWERS_FRESH_MS
          ? FIRST_ANSWERS_FRESH_MS
          : 0,
    },
  });
}
