import type { Language, PartnerDashboard } from '@excelencia/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignedInContext } from '../../../lib/signed-in-context.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { PartnerDashboardPage } from './partner-dashboard-page.tsx';

const ENTITY = { id: '00000000-0000-4000-8000-0000000000e1', code: 'BDCV', name: 'Banco Demo de Cabo Verde' };

/** Two editions: the first with its results out, the second still open. */
const DASHBOARD: PartnerDashboard = {
  entity: ENTITY,
  assisted: 12,
  registered: 9,
  editions: [
    {
      editionId: '00000000-0000-4000-8000-0000000000d1',
      number: 1,
      year: 2025,
      resultsPublished: true,
      assisted: 10,
      registered: 8,
      applied: 6,
      distinguished: 2,
      applicants: 40,
      distinguishedTotal: 8,
    },
    {
      editionId: '00000000-0000-4000-8000-0000000000d2',
      number: 2,
      year: 2026,
      resultsPublished: false,
      assisted: 12,
      registered: 9,
      applied: 3,
      distinguished: 0,
      applicants: 0,
      distinguishedTotal: 0,
    },
  ],
};

function serve(answer: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/partner/dashboard') ? answer() : Response.json([]),
    ),
  );
}

afterEach(() => vi.unstubAllGlobals());

function renderDashboard(language: Language = 'en') {
  renderWithApp(
    <SignedInContext.Provider
      value={{
        session: {
          status: 'authenticated',
          user: { id: 'u1', name: 'Parceiro Demo', email: 'parceiro@excelencia.cv' },
          roles: ['partner'],
          expires: '2030-01-01T00:00:00.000Z',
          language,
        },
        selectedCompany: null,
      }}
    >
      <PartnerDashboardPage />
    </SignedInContext.Provider>,
    { language },
  );
}

/** The text of each cell of a row of the editions table. */
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the partner dashboard', () => {
  it('names the entity and counts the companies it assists and those registered', async () => {
    serve(() => Response.json(DASHBOARD));
    renderDashboard();
    expect(await screen.findByText('Companies assisted by Banco Demo de Cabo Verde.')).toBeTruthy();
    expect(within(screen.getByTestId('partner-assisted')).getByText('Assisted companies')).toBeTruthy();
    expect(screen.getByTestId('partner-assisted-value').textContent).toBe('12');
    expect(within(screen.getByTestId('partner-registered')).getByText('Registered companies')).toBeTruthy();
    expect(screen.getByTestId('partner-registered-value').textContent).toBe('9');
    expect(screen.getByRole('link', { name: 'Register a company' }).getAttribute('href')).toBe(
      '/en/partner/register',
    );
  });

  it("shows each edition's progress: distinguished companies once the results are out, 'not published' before", async () => {
    serve(() => Response.json(DASHBOARD));
    renderDashboard();
    const table = await screen.findByTestId('partner-editions-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Edition',
      'Assisted companies',
      'Registered companies',
      'Applied',
      'Distinguished',
      'All applicants',
      'Share of applicants',
      'Share of distinguished',
    ]);
    const [published, open] = within(table).getAllByTestId('partner-edition-row');
    if (!published || !open) throw new Error('two edition rows expected');
    // 6 of 40 applicants, 2 of the 8 distinguished (whole percents, a no-break space before %).
    expect(cells(published)).toEqual([
      'Edition 1 (2025)',
      '10',
      '8',
      '6',
      '2',
      '40',
      '15\u00a0%',
      '25\u00a0%',
    ]);
    // No applicant yet and no results: no share to give.
    expect(cells(open)).toEqual(['Edition 2 (2026)', '12', '9', '3', 'not published', '0', '—', '—']);
    expect(
      screen.getByText(
        'Applications count only the companies that share their state; distinguished ones come from the published results.',
      ),
    ).toBeTruthy();
  });

  it('says there is no edition yet instead of an empty table', async () => {
    serve(() => Response.json({ ...DASHBOARD, assisted: 0, registered: 0, editions: [] }));
    renderDashboard();
    expect(await screen.findByText('There is no edition yet.')).toBeTruthy();
    expect(screen.getByTestId('partner-assisted-value').textContent).toBe('0');
    expect(screen.queryByTestId('partner-editions-table')).toBeNull();
  });

  it('reads in the language of the page', async () => {
    serve(() => Response.json(DASHBOARD));
    renderDashboard('pt');
    expect(await screen.findByText('Empresas acompanhadas por Banco Demo de Cabo Verde.')).toBeTruthy();
    const [published] = within(await screen.findByTestId('partner-editions-table')).getAllByTestId(
      'partner-edition-row',
    );
    if (!published) throw new Error('an edition row expected');
    expect(cells(published)[0]).toBe('1.ª edição (2025)');
  });
});
