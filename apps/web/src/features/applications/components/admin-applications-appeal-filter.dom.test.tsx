import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_EDITION } from '../../../testing/editions.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { ApplicationsPanel } from './admin-applications.tsx';

/** The admin list's "with a pending appeal" filter (docs/adr/0031-appeals.md): the server filters by appeal=pending. */

let lists: URL[];

beforeEach(() => {
  lists = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/editions/current')) return Response.json(DEMO_EDITION);
      if (url.includes('/editions')) return Response.json([DEMO_EDITION]);
      if (url.includes('/applications?')) {
        lists.push(new URL(url, 'http://portal.test'));
        return Response.json({ items: [], total: 0, page: 1, pageSize: 20 });
      }
      return Response.json([]);
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe("the admin list's appeal filter", () => {
  it('asks the server for the applications with a pending appeal, from the first page, and for all again', async () => {
    renderWithApp(<ApplicationsPanel />, { language: 'en' });
    const select = (await screen.findByTestId('filter-appeal')) as HTMLSelectElement;
    expect(screen.getByLabelText('Appeal')).toBe(select);
    expect(Array.from(select.options).map((option) => option.textContent)).toEqual([
      'All',
      'With a pending appeal',
    ]);
    await waitFor(() => expect(lists.length).toBeGreaterThan(0));
    expect(lists.at(-1)?.searchParams.get('appeal')).toBeNull();

    fireEvent.change(select, { target: { value: 'pending' } });
    await waitFor(() => expect(lists.at(-1)?.searchParams.get('appeal')).toBe('pending'));
    const filtered = lists.at(-1);
    expect(filtered?.searchParams.get('editionId')).toBe(DEMO_EDITION.id);
    expect(filtered?.searchParams.get('page')).toBe('1');

    fireEvent.change(select, { target: { value: '' } });
    await waitFor(() => expect(lists.at(-1)?.searchParams.get('appeal')).toBeNull());
  });

  it.each([
    ['pt', 'Recurso', 'Todos', 'Com recurso pendente'],
    ['fr', 'Recours', 'Tous', 'Avec un recours en attente'],
  ] as const)('reads in %s', async (language, label, all, pending) => {
    renderWithApp(<ApplicationsPanel />, { language });
    const select = (await screen.findByTestId('filter-appeal')) as HTMLSelectElement;
    expect(screen.getByLabelText(label)).toBe(select);
    expect(Array.from(select.options).map((option) => option.textContent)).toEqual([all, pending]);
  });
});
