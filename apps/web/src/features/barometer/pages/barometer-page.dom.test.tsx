import { BarometerResponse, DISCLOSURE_TEXT_PARAMS, translate } from '@excelencia/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { BarometerPage, barometerSelection } from './barometer-page.tsx';

const NBSP = '\u00a0';

const label = (pt: string, en: string, fr: string) => ({ pt, en, fr });
const hidden = (reason: 'fewCompanies' | 'dominance' | 'secondary', groupKey: string, name: string) => ({
  groupKey,
  groupLabel: label(name, name, name),
  count: null,
  q1: null,
  median: null,
  q3: null,
  meetingShare: null,
  suppressed: reason,
});

/** A fixed answer of GET public/barometer: two criteria by island, three kinds of suppressed cell, one edition. */
const ANSWER = BarometerResponse.parse({
  year: 2025,
  years: [2025, 2024],
  by: 'island',
  criteria: [
    {
      code: 'F1',
      description: label('Autonomia financeira', 'Financial autonomy', 'Autonomie financière'),
      typeCode: 'F',
      target: { comparison: '>=', value: '0.375' },
      isApplicationCriterion: true,
      overall: {
        groupKey: null,
        groupLabel: null,
        count: 1234,
        q1: '0.2512',
        median: '0.41',
        q3: '0.625',
        meetingShare: '0.5625',
        suppressed: null,
      },
      rows: [
        {
          groupKey: 'ST',
          groupLabel: label('Santiago', 'Santiago', 'Santiago'),
          count: 1120,
          q1: '0.25',
          median: '0.4',
          q3: '0.6',
          meetingShare: '0.55',
          suppressed: null,
        },
        hidden('fewCompanies', 'BV', 'Boa Vista'),
        hidden('dominance', 'SL', 'Sal'),
        hidden('secondary', 'SV', 'São Vicente'),
      ],
      meetingShare: { count: 1234, meeting: 694, share: '0.5625' },
    },
    {
      code: 'RE1',
      description: label('Volume de negócios', 'Turnover', 'Chiffre d’affaires'),
      typeCode: 'RE',
      target: { comparison: '>', value: '0' },
      isApplicationCriterion: false,
      overall: {
        groupKey: null,
        groupLabel: null,
        count: 1234,
        q1: '1500000',
        median: '2345678.905',
        q3: '12000000.5',
        meetingShare: '1',
        suppressed: null,
      },
      rows: [],
      meetingShare: { count: 1234, meeting: 1234, share: '1' },
    },
  ],
  editions: [
    {
      number: 3,
      year: 2026,
      indicatorYear: 2025,
      overall: {
        groupKey: null,
        groupLabel: null,
        registered: 1450,
        applied: 210,
        distinguished: 64,
        renewals: 20,
        suppressed: null,
      },
      byGroup: [
        {
          groupKey: 'ST',
          groupLabel: label('Santiago', 'Santiago', 'Santiago'),
          registered: 1300,
          applied: 190,
          distinguished: 58,
          renewals: 18,
          suppressed: null,
        },
        {
          groupKey: 'BV',
          groupLabel: label('Boa Vista', 'Boa Vista', 'Boa Vista'),
          registered: null,
          applied: null,
          distinguished: null,
          renewals: null,
          suppressed: 'fewCompanies',
        },
      ],
    },
  ],
});

const requests: string[] = [];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://portal.test');
      requests.push(`${url.pathname}${url.search}`);
      if (url.pathname.endsWith('/public/barometer')) return Response.json(ANSWER);
      return Response.json(
        { error: { code: 'not_found', key: 'errors:notFound', message: 'x' } },
        { status: 404 },
      );
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  requests.length = 0;
});

/** A table's body rows as lists of their cells' texts, by the row's group. */
function rowsOf(table: HTMLElement): Map<string, string[]> {
  return new Map(
    within(table)
      .getAllByTestId('barometer-row')
      .map((row) => [
        row.getAttribute('data-group') ?? '',
        [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''),
      ]),
  );
}

describe('the public barometer page', () => {
  it('shows each criterion’s table in fr, numbers written the portal’s way and suppressed cells saying why', async () => {
    renderWithApp(<BarometerPage />, { language: 'fr', path: '/fr/public/barometro?year=2025&by=island' });
    const [autonomy, turnover] = await screen.findAllByTestId('barometer-table');
    expect(requests).toContain('/app/api/v1/public/barometer?year=2025&by=island');
    if (!autonomy || !turnover) throw new Error('two tables expected');

    const f1 = rowsOf(autonomy);
    expect([...f1.keys()]).toEqual(['all', 'ST', 'BV', 'SL', 'SV']);
    // Groups of three digits split by a no-break space, '.' before the decimals, at most 2 decimals.
    expect(f1.get('all')).toEqual(['Toutes les entreprises', `1${NBSP}234`, '0.25', '0.41', '0.62']);
    expect(f1.get('ST')).toEqual(['Santiago', `1${NBSP}120`, '0.25', '0.4', '0.6']);
    expect(f1.get('BV')).toEqual(['Boa Vista', 'moins de 5 entreprises']);
    expect(f1.get('SL')).toEqual([
      'Sal',
      translate('fr', 'barometer:suppressed.dominance', DISCLOSURE_TEXT_PARAMS),
    ]);
    expect(f1.get('SV')).toEqual(['São Vicente', translate('fr', 'barometer:suppressed.secondary')]);
    // A suppressed cell spans the four figures and carries no number.
    const suppressed = within(autonomy).getByText('moins de 5 entreprises');
    expect(suppressed.getAttribute('colspan')).toBe('4');
    expect(suppressed.getAttribute('data-suppressed')).toBe('fewCompanies');

    expect(rowsOf(turnover).get('all')).toEqual([
      'Toutes les entreprises',
      `1${NBSP}234`,
      `1${NBSP}500${NBSP}000`,
      `2${NBSP}345${NBSP}678.9`,
      `12${NBSP}000${NBSP}000.5`,
    ]);
    expect(screen.getByRole('heading', { level: 3, name: 'F1 — Autonomie financière' })).toBeTruthy();
    // The target above the table, and on the drawing's dashed line.
    expect(screen.getAllByText('Objectif ≥ 0.375')).toHaveLength(2);
  });

  it('draws each table beside it as SVG, names it, and marks the groups without figures', async () => {
    renderWithApp(<BarometerPage />, { language: 'fr', path: '/fr/public/barometro?year=2025&by=island' });
    const [chart] = await screen.findAllByTestId('barometer-chart');
    expect(chart?.tagName.toLowerCase()).toBe('svg');
    expect(chart?.getAttribute('role')).toBe('img');
    expect(chart?.getAttribute('aria-label')).toContain('F1 — Autonomie financière');
    const groups = [...(chart?.querySelectorAll('[data-group]') ?? [])];
    expect(groups.map((group) => group.getAttribute('data-group'))).toEqual(['all', 'ST', 'BV', 'SL', 'SV']);
    // A shown group has its box and median line; a suppressed one says so instead.
    expect(groups[1]?.querySelector('rect')).not.toBeNull();
    expect(groups[2]?.querySelector('rect')).toBeNull();
    expect(groups[2]?.textContent).toContain('moins de 5 entreprises');
  });

  it('chooses year and grouping by a GET form, downloads each table by links in fr', async () => {
    renderWithApp(<BarometerPage />, { language: 'fr', path: '/fr/public/barometro?year=2025&by=island' });
    const show = await screen.findByRole('button', { name: 'Afficher' });
    const form = show.closest('form');
    expect(form?.getAttribute('method')).toBe('get');
    expect(form?.hasAttribute('action')).toBe(false);
    expect(show.getAttribute('type')).toBe('submit');
    const year = screen.getByLabelText('Année') as HTMLSelectElement;
    const by = screen.getByLabelText('Regrouper par') as HTMLSelectElement;
    expect([year.name, year.value]).toEqual(['year', '2025']);
    expect([...year.options].map((option) => option.value)).toEqual(['2025', '2024']);
    expect([by.name, by.value]).toEqual(['by', 'island']);
    expect([...by.options].map((option) => option.value)).toEqual([
      'overall',
      'island',
      'caeSection',
      'employeeRange',
    ]);

    const [csv] = screen.getAllByTestId('barometer-download-csv');
    expect(csv?.getAttribute('href')).toBe(
      '/app/api/v1/public/barometer.csv?year=2025&by=island&lang=fr&criterion=F1',
    );
    expect(csv?.getAttribute('aria-label')).toBe('Télécharger le tableau F1 — Autonomie financière en CSV');
    const editions = within(screen.getByTestId('barometer-editions'));
    expect(editions.getByTestId('barometer-download-xlsx').getAttribute('href')).toBe(
      '/app/api/v1/public/barometer.xlsx?year=2025&by=island&lang=fr&table=editions',
    );
  });

  it('follows a choice of grouping at once in the app, keeping the form and the figures while it loads', async () => {
    renderWithApp(<BarometerPage />, { language: 'fr', path: '/fr/public/barometro?year=2025&by=island' });
    const by = (await screen.findByLabelText('Regrouper par')) as HTMLSelectElement;
    fireEvent.change(by, { target: { value: 'caeSection' } });
    expect(by.value).toBe('caeSection');
    expect(screen.getAllByTestId('barometer-table').length).toBeGreaterThan(0);
    await waitFor(() => expect(requests).toContain('/app/api/v1/public/barometer?year=2025&by=caeSection'));
  });

  it('gives the share meeting each application threshold, and the editions’ figures by group', async () => {
    renderWithApp(<BarometerPage />, { language: 'fr', path: '/fr/public/barometro?by=island' });
    const thresholds = await screen.findByTestId('barometer-thresholds');
    const rows = within(thresholds).getAllByTestId('barometer-threshold');
    // Only the criteria an application is judged on.
    expect(rows.map((row) => row.getAttribute('data-code'))).toEqual(['F1']);
    expect([...(rows[0]?.querySelectorAll('th, td') ?? [])].map((cell) => cell.textContent)).toEqual([
      'F1 — Autonomie financière',
      '≥ 0.375',
      `1${NBSP}234`,
      `56.2${NBSP}%`,
    ]);
    const editionRows = within(screen.getByTestId('barometer-edition')).getAllByTestId(
      'barometer-edition-row',
    );
    expect(editionRows.map((row) => row.textContent)).toEqual([
      `Toutes les entreprises1${NBSP}4502106420`,
      `Santiago1${NBSP}3001905818`,
      'Boa Vistamoins de 5 entreprises',
    ]);
    expect(screen.getByText('Édition 3 (2026)')).toBeTruthy();
    // How the quartiles are computed, in a visitor's words (a spreadsheet's function, not the database's).
    expect(
      screen.getByText(
        'Les quartiles sont calculés par interpolation linéaire entre les valeurs triées, comme la fonction QUARTILE.INCLURE d’un tableur.',
      ),
    ).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/percentile_cont|PostgreSQL/);
  });
});

describe("the barometer address's year and grouping", () => {
  it('keeps what the server takes and falls back to the latest year, overall, for the rest', () => {
    const read = (query: string) => barometerSelection(new URLSearchParams(query));
    expect(read('year=2024&by=island')).toEqual({ year: 2024, by: 'island' });
    expect(read('')).toEqual({ year: null, by: 'overall' });
    expect(read('year=&by=')).toEqual({ year: null, by: 'overall' });
    expect(read('year=2024.5&by=planet')).toEqual({ year: null, by: 'overall' });
    expect(read('year=1899')).toEqual({ year: null, by: 'overall' });
    expect(read('year=2201')).toEqual({ year: null, by: 'overall' });
    expect(read('year=abc')).toEqual({ year: null, by: 'overall' });
  });
});
