import type { ActivityItem, ActivityPage, Language } from '@excelencia/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignedInContext } from '../../../lib/signed-in-context.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { CompanyActivityPage } from './company-activity-page.tsx';

const COMPANY_ID = '00000000-0000-4000-8000-0000000000c1';

const item = (overrides: Partial<ActivityItem>): ActivityItem => ({
  id: 'a1',
  at: '2026-11-27T10:15:00.000Z',
  actorKind: 'member',
  actorName: 'Maria Lopes',
  entity: 'balance-sheets',
  action: 'create',
  entityId: null,
  summary: null,
  ...overrides,
});

const FIRST: ActivityPage = {
  items: [
    item({ id: 'a1', summary: 'Balancete de 2024 carregado' }),
    item({
      id: 'a2',
      at: '2026-11-26T09:00:00.000Z',
      actorKind: 'partner',
      actorName: 'Ana Silva (Banco Demo de Cabo Verde)',
      entity: 'partner_reads',
      action: 'read',
      summary: null,
    }),
  ],
  nextCursor: 'cursor-2',
};
const SECOND: ActivityPage = {
  items: [
    item({
      id: 'a3',
      at: '2026-11-20T08:00:00.000Z',
      actorKind: 'system',
      actorName: null,
      entity: 'some_new_thing',
      action: 'sweep',
    }),
  ],
  nextCursor: null,
};

const calls: string[] = [];

function answer(pages: Record<string, ActivityPage>) {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      calls.push(url);
      const cursor = new URL(url, 'http://localhost').searchParams.get('cursor') ?? '';
      const page = pages[cursor];
      return page ? Response.json(page) : Response.json({ error: { message: 'no' } }, { status: 500 });
    }),
  );
}

function renderPage(language: Language, company: boolean = true) {
  renderWithApp(
    <SignedInContext.Provider
      value={{
        session: {
          status: 'authenticated',
          user: { id: 'u1', name: 'Maria Lopes', email: 'maria@example.cv' },
          roles: ['company'],
          expires: '2030-01-01T00:00:00.000Z',
          language,
        },
        selectedCompany: company ? { id: COMPANY_ID, companyName: 'Demo, Lda', nif: '200000001' } : null,
      }}
    >
      <CompanyActivityPage />
    </SignedInContext.Provider>,
    { language },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the company activity', () => {
  it('lists who did what and when in Portuguese, then loads the next page with the cursor', async () => {
    answer({ '': FIRST, 'cursor-2': SECOND });
    renderPage('pt');
    const rows = await screen.findAllByTestId('activity-item');
    expect(rows).toHaveLength(2);
    const [upload, read] = rows;
    expect(within(upload as HTMLElement).getByTestId('activity-what').textContent).toBe(
      'Balancete de 2024 carregado',
    );
    expect(within(upload as HTMLElement).getByTestId('activity-who').textContent).toBe('Maria Lopes');
    expect(within(upload as HTMLElement).getByTestId('activity-when').textContent).toMatch(
      /^27 - novembro - 2026, \d\d:\d\d$/,
    );
    // Without a summary the row names the action and the record; a partner's read says who read for whom.
    expect(within(read as HTMLElement).getByTestId('activity-what').textContent).toBe(
      'Consulta · Consulta de uma entidade parceira',
    );
    expect(read?.textContent).toContain('Ana Silva (Banco Demo de Cabo Verde)');
    expect(read?.textContent).toContain('Entidade parceira');
    expect(calls[0]).toContain(`/companies/${COMPANY_ID}/activity`);
    expect(calls[0]).not.toContain('cursor');

    fireEvent.click(screen.getByTestId('activity-more'));
    await waitFor(() => expect(screen.getAllByTestId('activity-item')).toHaveLength(3));
    expect(calls[1]).toContain('cursor=cursor-2');
    const last = screen.getAllByTestId('activity-item')[2] as HTMLElement;
    // The portal's own work, of a kind the catalog does not name, still reads.
    expect(within(last).getByTestId('activity-who').textContent).toBe('O portal');
    expect(within(last).getByTestId('activity-what').textContent).toBe('sweep · some_new_thing');
    expect(screen.queryByTestId('activity-more')).toBeNull();
    expect(screen.getByTestId('activity-end').textContent).toBe('Não há mais atividade.');
  });

  it.each([
    ['en', 'No activity has been recorded in this company yet.'],
    ['fr', "Aucune activité n'a encore été enregistrée dans cette entreprise."],
  ] as const)('%s: says so when nothing happened yet', async (language, empty) => {
    answer({ '': { items: [], nextCursor: null } });
    renderPage(language);
    expect((await screen.findByTestId('activity-empty')).textContent).toBe(empty);
    expect(screen.queryByTestId('activity-more')).toBeNull();
  });

  it.each([
    ['en', /^27 November 2026, \d\d:\d\d$/, 'Created · Trial balance'],
    ['fr', /^27 novembre 2026, \d\d:\d\d$/, 'Création · Balance'],
  ] as const)('%s: writes the date as the site does and names the action', async (language, date, what) => {
    answer({ '': { items: [item({})], nextCursor: null } });
    renderPage(language);
    const row = await screen.findByTestId('activity-item');
    expect(within(row).getByTestId('activity-when').textContent).toMatch(date);
    expect(within(row).getByTestId('activity-what').textContent).toBe(what);
  });

  it('asks for a company when none is chosen, without calling the server', async () => {
    answer({});
    renderPage('en', false);
    expect(await screen.findByText('Choose a company in the selector to see its activity.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
