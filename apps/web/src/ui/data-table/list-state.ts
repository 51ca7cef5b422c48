import { MAX_PAGE_SIZE } from '@excelencia/domain';

export type SortOrder = 'asc' | 'desc';

/** What a server-side list shows: page, size, search, sort and the resource's own filters (parent ids...). */
export interface ListState {
  page: number;
  pageSize: number;
  search: string;
  sort: string | null;
  order: SortOrder;
  filters: Readonly<Record<string, string>>;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export function initialListState(sort: string | null = null, order: SortOrder = 'asc'): ListState {
  return { page: 1, pageSize: 20, search: '', sort, order, filters: {} };
}

/**
 * The query string of a list call (`GET <res>?...`), without paging for an export. Empty search and empty
 * filters are left out; the page size is kept within the API's 1..100.
 */
export function listQueryString(state: ListState, options: { paging?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (options.paging !== false) {
    params.set('page', String(Math.max(1, Math.trunc(state.page))));
    params.set('pageSize', String(Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(state.pageSize)))));
  }
  const search = state.search.trim();
  if (search) params.set('search', search);
  if (state.sort) {
    params.set('sort', state.sort);
    params.set('order', state.order);
  }
  for (const [name, value] of Object.entries(state.filters).sort(([a], [b]) => a.localeCompare(b))) {
    if (value) params.set(name, value);
  }
  return params.toString();
}

/** A click on a column header: a new column sorts ascending, the same column flips; back to page 1. */
export function toggleSort(state: ListState, column: string): ListState {
  const order: SortOrder = state.sort === column && state.order === 'asc' ? 'desc' : 'asc';
  return { ...state, sort: column, order, page: 1 };
}

/** Rows shown, as 1-based 'from–to' of total (0–0 for an empty list). */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from: Math.min(from, total), to: Math.min(page * pageSize, total) };
}
