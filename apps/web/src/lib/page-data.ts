import type { Language } from '@excelencia/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import type { Params } from 'react-router';

/** What a page rendered on the server may read to fetch its data and write its head. */
export interface PageContext {
  queryClient: QueryClient;
  params: Params;
  searchParams: URLSearchParams;
  language: Language;
  t: TFunction;
}

/** The head of a public page: its own title and description (the rest comes from its address). */
export interface PageMeta {
  title: string;
  description: string;
  /** Crawlers are told not to index it (one-off pages: a seal's check). */
  noindex?: boolean;
  /** What the address names does not exist (an unknown article or company): the page answers 404. */
  notFound?: boolean;
}

/**
 * A page component as the server renderer sees it: `prefetch` fills the request's query cache with the public
 * data the page shows (with the client's query keys, which the page's hooks read as they render), and `meta` gives
 * its title and description, read after the prefetch.
 */
export type PageComponent = ComponentType & {
  prefetch?: (context: PageContext) => Promise<unknown>;
  meta?: (context: PageContext) => PageMeta;
};

/** Attaches the server-rendering hooks to a page component. */
export function definePage(
  component: ComponentType,
  hooks: { prefetch?: PageComponent['prefetch']; meta?: PageComponent['meta'] },
): PageComponent {
  return Object.assign(component, hooks);
}
