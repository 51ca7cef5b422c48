import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_EDITION } from '../../../testing/editions.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { ApplicationsPanel } from './admin-applications.tsx';

const EDITION = DEMO_EDITION;

let exports: URL[];

beforeEach(() => {
  exports = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/applications/export')) {
        exports.push(new URL(url, 'http://portal.test'));
        return new Response(new Uint8Array([80, 75, 3, 4]), {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': 'attachment; filename="applications-2026-11-28.xlsx"',
          },
        });
      }
      if (url.includes('/editions/current')) return Response.json(EDITION);
      if (url.includes('/editions')) return Response.json([EDITION]);
      if (url.includes('/applications?'))
        return Response.json({ items: [], total: 0, page: 1, pageSize: 20 });
      return Response.json([]);
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('the admin list of applications', () => {
  it("offers 'all' in the gender of each filter's noun in Portuguese (Estado: Todos, Ilha: Todas)", async () => {
    renderWithApp(<ApplicationsPanel />, { language: 'pt' });
    const firstOption = async (testId: string) =>
      ((await screen.findByTestId(testId)) as HTMLSelectElement).options[0]?.textContent;
    expect(await firstOption('filter-status')).toBe('Todos');
    expect(await firstOption('filter-complete')).toBe('Todos');
    expect(await firstOption('filter-island')).toBe('Todas');
    expect(await firstOption('filter-section')).toBe('Todas');
  });

  it('says the same in French: Statut: Tous, Île: Toutes', async () => {
    renderWithApp(<ApplicationsPanel />, { language: 'fr' });
    expect(((await screen.findByTestId('filter-status')) as HTMLSelectElement).options[0]?.textContent).toBe(
      'Tous',
    );
    expect(((await screen.findByTestId('filter-island')) as HTMLSelectElement).options[0]?.textContent).toBe(
      'Toutes',
    );
  });

  it('exports the list as filtered (the edition, a status) as XLSX, with its progress', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    renderWithApp(<ApplicationsPanel />);
    const status = (await screen.findByTestId('filter-status')) as HTMLSelectElement;
    fireEvent.change(status, { target: { value: 'closed' } });
    fireEvent.click(await screen.findByTestId('export-button'));
    await waitFor(() => expect(exports).toHaveLength(1));
    const [url] = exports;
    expect(url?.pathname).toBe('/app/api/v1/applications/export');
    expect(url?.searchParams.get('editionId')).toBe(EDITION.id);
    expect(url?.searchParams.get('status')).toBe('closed');
    expect(url?.searchParams.get('page')).toBeNull();
  });
});
