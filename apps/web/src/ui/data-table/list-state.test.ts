import { describe, expect, it } from 'vitest';
import { initialListState, listQueryString, pageRange, toggleSort } from './list-state.ts';

describe('list query string', () => {
  it('sends paging, trimmed search, sort with order and the set filters', () => {
    const state = {
      ...initialListState('code'),
      page: 3,
      search: '  São Vicente ',
      filters: { islandId: 'a1', sectionId: '' },
    };
    expect(listQueryString(state)).toBe(
      'page=3&pageSize=20&search=S%C3%A3o+Vicente&sort=code&order=asc&islandId=a1',
    );
  });

  it('leaves out empty search and sort, keeps the page size within the API limits', () => {
    expect(listQueryString({ ...initialListState(), pageSize: 500 })).toBe('page=1&pageSize=100');
    expect(listQueryString({ ...initialListState(), pageSize: 0, page: 0 })).toBe('page=1&pageSize=1');
  });

  it('has no paging for an export of the current filter', () => {
    const state = { ...initialListState('name', 'desc'), page: 4, search: 'praia' };
    expect(listQueryString(state, { paging: false })).toBe('search=praia&sort=name&order=desc');
  });
});

describe('sorting and ranges', () => {
  it('sorts a new column ascending, flips the same one, and goes back to page 1', () => {
    const first = toggleSort({ ...initialListState('code'), page: 5 }, 'name');
    expect([first.sort, first.order, first.page]).toEqual(['name', 'asc', 1]);
    const second = toggleSort(first, 'name');
    expect([second.sort, second.order]).toEqual(['name', 'desc']);
    expect(toggleSort(second, 'name').order).toBe('asc');
  });

  it('shows 1-based from–to of total', () => {
    expect(pageRange(1, 20, 0)).toEqual({ from: 0, to: 0 });
    expect(pageRange(1, 20, 7)).toEqual({ from: 1, to: 7 });
    expect(pageRange(3, 20, 45)).toEqual({ from: 41, to: 45 });
  });
});
