import { DiagnosisPositions as Positions } from '@excelencia/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import DiagnosisPositions, { CompactPositions } from './diagnosis-positions.tsx';

const NBSP = '\u00a0';
const COMPANY = '00000000-0000-4000-8000-0000000000c1';
const DIAGNOSIS = '00000000-0000-4000-8000-0000000000d1';
const text = (pt: string) => ({ pt, en: pt, fr: pt });

const POSITIONS = Positions.parse({
  diagnosisId: DIAGNOSIS,
  year: 2025,
  section: { code: 'G', description: text('Comércio') },
  indicators: [
    {
      criterionId: '00000000-0000-4000-8000-000000000101',
      code: 'F1',
      description: text('Autonomia financeira'),
      value: '0.52',
      section: { count: 12, q1: '0.2', median: '0.35', q3: '0.5', quartile: 4, suppressed: null },
      all: { count: 1234, q1: '0.25', median: '0.41', q3: '0.625', quartile: 3, suppressed: null },
    },
    {
      criterionId: '00000000-0000-4000-8000-000000000102',
      code: 'RE1',
      description: text('Volume de negócios'),
      value: '2500000',
      section: { count: null, q1: null, median: null, q3: null, quartile: null, suppressed: 'fewCompanies' },
      all: { count: 1234, q1: '1500000', median: '2345678.9', q3: '12000000', quartile: 3, suppressed: null },
    },
  ],
});

const requests: string[] = [];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://portal.test');
      requests.push(url.pathname);
      if (url.pathname.endsWith('/positions')) return Response.json(POSITIONS);
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

describe("a diagnosis's position in the barometer", () => {
  it('gives each indicator its quartile in its section and among all companies, with the cut points, in pt', async () => {
    renderWithApp(<DiagnosisPositions companyId={COMPANY} diagnosisId={DIAGNOSIS} />, { language: 'pt' });
    const [autonomy, turnover] = await screen.findAllByTestId('dg-position');
    expect(requests).toContain(`/app/api/v1/companies/${COMPANY}/diagnoses/${DIAGNOSIS}/positions`);
    if (!autonomy || !turnover) throw new Error('two indicators expected');
    const [inSection, inAll] = within(autonomy).getAllByTestId('position');
    expect(inSection?.getAttribute('data-quartile')).toBe('4');
    expect(inSection?.textContent).toContain('4.º quartil da secção G');
    expect(inSection?.textContent).toContain(
      '1.º quartil 0.2 · mediana 0.35 · 3.º quartil 0.5 · 12 empresas',
    );
    expect(inAll?.textContent).toContain('3.º quartil de todas as empresas');
    expect(inAll?.textContent).toContain(
      `1.º quartil 0.25 · mediana 0.41 · 3.º quartil 0.62 · 1${NBSP}234 empresas`,
    );
    // A section of fewer than 5 companies gives no position, and says so.
    const [hidden, shown] = within(turnover).getAllByTestId('position');
    expect(hidden?.getAttribute('data-suppressed')).toBe('fewCompanies');
    expect(hidden?.textContent).toBe('Secção G: grupo com menos de 5 empresas');
    expect(shown?.textContent).toContain(`mediana 2${NBSP}345${NBSP}678.9`);
    expect(screen.getByRole('link', { name: 'Ver o barómetro' }).getAttribute('href')).toBe(
      '/pt/public/barometro',
    );
  });

  it("shows on the dashboard one line per indicator, the section's quartile or that the group is too small, the section named once", async () => {
    renderWithApp(<CompactPositions companyId={COMPANY} diagnosisId={DIAGNOSIS} />, { language: 'fr' });
    const lines = await screen.findAllByTestId('dashboard-position');
    expect(screen.getByTestId('dashboard-positions').firstElementChild?.textContent).toBe(
      'Position dans le baromètre, dans la section G',
    );
    expect(lines.map((line) => line.textContent)).toEqual([
      'F14e quartile',
      'RE1groupe de moins de 5 entreprises',
    ]);
    // Each line's code, boxes and words side by side, not stacked.
    expect(lines[0]?.tagName).toBe('LI');
    expect(lines[0]?.className).toMatch(/Group/);
  });

  it('names all companies in the dashboard title when the company has no CAE section (pt)', async () => {
    const withoutSection = { ...structuredClone(POSITIONS), section: null };
    for (const indicator of withoutSection.indicators) indicator.section = null;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(withoutSection)),
    );
    renderWithApp(<CompactPositions companyId={COMPANY} diagnosisId={DIAGNOSIS} />, { language: 'pt' });
    const lines = await screen.findAllByTestId('dashboard-position');
    expect(screen.getByTestId('dashboard-positions').firstElementChild?.textContent).toBe(
      'Posição no barómetro, entre todas as empresas',
    );
    expect(lines.map((line) => line.textContent)).toEqual(['F13.º quartil', 'RE13.º quartil']);
  });

  it('names the quartile and its group as a sentence reads them, in en and fr (1er quartile)', async () => {
    const { unmount } = renderWithApp(<DiagnosisPositions companyId={COMPANY} diagnosisId={DIAGNOSIS} />, {
      language: 'en',
    });
    const [first] = await screen.findAllByTestId('dg-position');
    const [inSection, inAll] = within(first as HTMLElement).getAllByTestId('position');
    expect(inSection?.textContent).toContain('Quartile 4 of section G');
    expect(inAll?.textContent).toContain('Quartile 3 of all companies');
    unmount();

    const lowest = structuredClone(POSITIONS);
    const indicator = lowest.indicators[0];
    if (!indicator?.section) throw new Error('an indicator with its section expected');
    indicator.section.quartile = 1;
    indicator.all.quartile = 1;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(lowest)),
    );
    renderWithApp(<DiagnosisPositions companyId={COMPANY} diagnosisId={DIAGNOSIS} />, { language: 'fr' });
    const [again] = await screen.findAllByTestId('dg-position');
    const [frSection, frAll] = within(again as HTMLElement).getAllByTestId('position');
    expect(frSection?.textContent).toContain('1er quartile de la section G');
    expect(frAll?.textContent).toContain('1er quartile de toutes les entreprises');
  });

  it('says so when the position cannot be read, and reads it again on retry', async () => {
    const failing = vi.fn(async () =>
      Response.json({ error: { code: 'x', key: 'errors:unexpected', message: 'x' } }, { status: 500 }),
    );
    vi.stubGlobal('fetch', failing);
    renderWithApp(<DiagnosisPositions companyId={COMPANY} diagnosisId={DIAGNOSIS} />, { language: 'en' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The position in the barometer could not be loaded.Try again');
    const reads = failing.mock.calls.length;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(failing.mock.calls.length).toBeGreaterThan(reads));
  });
});
