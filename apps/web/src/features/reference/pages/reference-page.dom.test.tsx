import { type Language, type SimpleReferenceItem, translate } from '@excelencia/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers.tsx';
import { routes } from '../../../app/router.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';

/** The islands as the portal keeps them (two of them, one no longer offered). */
const ISLANDS: SimpleReferenceItem[] = [
  {
    id: '00000000-0000-4000-8000-0000000000b1',
    version: 3,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    code: 'ST',
    description: { pt: 'Santiago', en: '', fr: '' },
    isActive: true,
  },
  {
    id: '00000000-0000-4000-8000-0000000000b2',
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    code: 'SV',
    description: { pt: 'São Vicente', en: 'Saint Vincent', fr: 'Saint-Vincent' },
    isActive: false,
  },
];

/** The writes the screen sent: `${method} ${path}` and the body. */
let writes: { call: string; body: unknown }[];
/** How the server answers a PUT, in the language the request names. */
let answerPut: (language: Language) => Response;

function answer(url: string, init?: RequestInit): Response {
  const { pathname, searchParams } = new URL(url, 'http://portal.test');
  const method = init?.method ?? 'GET';
  if (pathname === '/auth/session') {
    return Response.json({
      status: 'authenticated',
      user: {
        id: '00000000-0000-4000-8000-0000000000a1',
        name: 'Administrador',
        email: 'admin@excelencia.cv',
      },
      roles: ['admin', 'uma_authorization'],
      expires: '2099-01-01T00:00:00.000Z',
      language: 'en',
    });
  }
  if (pathname === '/auth/csrf') return Response.json({ csrfToken: 'csrf' });
  if (method !== 'GET') {
    writes.push({
      call: `${method} ${pathname}`,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const language = (init?.headers as Record<string, string> | undefined)?.['x-language'] as Language;
    return answerPut(language);
  }
  if (pathname === '/app/api/v1/islands') {
    const search = (searchParams.get('search') ?? '').toLowerCase();
    const items = ISLANDS.filter((island) =>
      [island.code, island.description.pt].some((text) => text.toLowerCase().includes(search)),
    );
    return Response.json({ items, total: items.length, page: 1, pageSize: 20 });
  }
  return Response.json(
    { error: { code: 'not_found', key: 'errors:notFound', message: 'Not found' } },
    { status: 404 },
  );
}

beforeEach(() => {
  writes = [];
  answerPut = () => Response.json({}, { status: 500 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => answer(String(input), init)),
  );
});

afterEach(() => vi.unstubAllGlobals());

function openScreen(path: string) {
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </Providers>,
  );
}

const rows = () => screen.getAllByTestId('table-row');

describe('a reference screen (the islands)', () => {
  it('lists the records with their code, description in the page language and state', async () => {
    openScreen('/en/admin/islands');
    const table = await screen.findByRole('table', { name: 'Islands' });
    await waitFor(() => expect(within(table).getAllByTestId('table-row')).toHaveLength(2));
    const [santiago, saoVicente] = rows() as [HTMLElement, HTMLElement];
    expect(within(santiago).getByText('ST')).toBeTruthy();
    // No English text: the Portuguese one stands in.
    expect(within(santiago).getByText('Santiago')).toBeTruthy();
    expect(within(santiago).getByText('Active')).toBeTruthy();
    expect(within(saoVicente).getByText('Saint Vincent')).toBeTruthy();
    expect(within(saoVicente).getByText('Inactive')).toBeTruthy();
    expect(within(santiago).getByRole('button', { name: 'Edit ST — Santiago' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'vicente' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]?.textContent).toContain('Saint Vincent');
  });

  it.each([
    ['en', 'Edit ST — Santiago', 'Islands: edit ST — Santiago', 'Save', 'This code is already used.'],
    [
      'fr',
      'Modifier ST — Santiago',
      'Îles : modifier ST — Santiago',
      'Enregistrer',
      'Ce code est déjà utilisé.',
    ],
  ] as const)(
    "%s: an edit the server refuses shows the refusal under the field, in the user's language, and keeps the drawer",
    async (language, edit, title, save, refusal) => {
      answerPut = (requested) =>
        Response.json(
          {
            error: {
              code: 'duplicate_code',
              key: 'errors:duplicateCode',
              message: translate(requested, 'errors:duplicateCode'),
              details: [{ path: 'code', message: translate(requested, 'errors:duplicateCode') }],
            },
          },
          { status: 409 },
        );
      openScreen(`/${language}/admin/islands`);
      await waitFor(() => expect(rows()).toHaveLength(2));
      fireEvent.click(screen.getByRole('button', { name: edit }));
      const dialog = await screen.findByRole('dialog', { name: title });
      const code = within(dialog).getByLabelText(/^Code/);
      expect(code).toHaveProperty('value', 'ST');
      fireEvent.change(code, { target: { value: 'SV' } });
      fireEvent.click(within(dialog).getByRole('button', { name: save }));
      await waitFor(() => expect(writes).toHaveLength(1));
      // The edit carries the version it was based on.
      expect(writes[0]).toEqual({
        call: 'PUT /app/api/v1/islands/00000000-0000-4000-8000-0000000000b1',
        body: {
          code: 'SV',
          description: { pt: 'Santiago', en: '', fr: '' },
          isActive: true,
          version: 3,
        },
      });
      await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
      const describedBy = code.getAttribute('aria-describedby') ?? '';
      const messages = describedBy
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .filter(Boolean);
      expect(messages).toContain(refusal);
      expect(code).toHaveProperty('value', 'SV');
      expect(screen.getByRole('dialog', { name: title })).toBe(dialog);
    },
  );
});
