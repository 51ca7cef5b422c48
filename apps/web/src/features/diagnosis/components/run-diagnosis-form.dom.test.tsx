import type { BalanceSheetItem } from '@excelencia/domain';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { RunDiagnosisForm } from './run-diagnosis-form.tsx';

const COMPANY = '00000000-0000-4000-8000-00000000000a';
const id = (n: string) => `00000000-0000-4000-8000-0000000000${n}`;

const sheet = (n: string, year: number, extra: Partial<BalanceSheetItem> = {}): BalanceSheetItem => ({
  id: id(n),
  companyId: COMPANY,
  startDate: `${year}-01-01`,
  endDate: `${year}-12-31`,
  dateInsert: '2026-01-10T10:00:00.000Z',
  typeFrequence: 'annual',
  tag: `Y${year - 2023}`,
  source: 'upload',
  fileName: `tb-${year}.xlsx`,
  version: 1,
  replaced: false,
  ...extra,
});

/** As the server lists them: the latest period first, though 2024 was uploaded again last. */
const SHEETS = [
  sheet('25', 2025, { previousBalanceSheetId: id('24'), previousBalanceSheetFileName: 'tb-2024.xlsx' }),
  sheet('24', 2024, {
    dateInsert: '2026-03-01T10:00:00.000Z',
    previousBalanceSheetId: id('23'),
    previousBalanceSheetFileName: 'tb-2023.xlsx',
  }),
  sheet('23', 2023),
];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith(`/companies/${COMPANY}/balance-sheets`)
        ? Response.json(SHEETS)
        : Response.json(
            { error: { code: 'not_found', key: 'errors:notFound', message: 'x' } },
            { status: 404 },
          ),
    ),
  );
});

afterEach(() => vi.unstubAllGlobals());

const value = (testId: string) => (screen.getByTestId(testId) as HTMLSelectElement).value;

describe('the diagnosis form', () => {
  it("keeps the form's height while the sheets load, then shows the form in its place", async () => {
    renderWithApp(<RunDiagnosisForm companyId={COMPANY} onCreated={() => undefined} />);
    const loading = screen.getByTestId('dg-form-loading');
    expect(loading.className).toMatch(/__m__/);
    expect(document.head.innerHTML + document.body.innerHTML).toMatch(/min-height: ?calc\(13\.125rem/);
    await screen.findByTestId('dg-sheet');
    expect(screen.queryByTestId('dg-form-loading')).toBeNull();
  });

  it('pre-selects the latest period and the period before it for the comparison', async () => {
    renderWithApp(<RunDiagnosisForm companyId={COMPANY} onCreated={() => undefined} />);
    await screen.findByTestId('dg-sheet');
    expect(value('dg-sheet')).toBe(id('25'));
    expect(value('dg-previous')).toBe(id('24'));
  });

  it('proposes the previous period of the sheet the user picks, and keeps the comparison the user picks', async () => {
    renderWithApp(<RunDiagnosisForm companyId={COMPANY} onCreated={() => undefined} />);
    await screen.findByTestId('dg-sheet');
    fireEvent.change(screen.getByTestId('dg-sheet'), { target: { value: id('24') } });
    expect(value('dg-previous')).toBe(id('23'));
    fireEvent.change(screen.getByTestId('dg-previous'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('dg-sheet'), { target: { value: id('25') } });
    expect(value('dg-previous')).toBe('');
  });

  it("shows the server's refusal of a field under that field, its message in the reader's language", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url.endsWith('/auth/csrf')) return Response.json({ csrfToken: 'token' });
        if (url.endsWith(`/companies/${COMPANY}/diagnoses`) && init?.method === 'POST') {
          return Response.json(
            {
              error: {
                code: 'validation',
                key: 'errors:validation',
                message: 'Invalid data.',
                details: [{ path: 'body/previousBalanceSheetId', message: 'diagnosis:previousNotEarlier' }],
              },
            },
            { status: 400 },
          );
        }
        return Response.json(SHEETS);
      }),
    );
    renderWithApp(<RunDiagnosisForm companyId={COMPANY} onCreated={() => undefined} />);
    await screen.findByTestId('dg-sheet');
    fireEvent.click(screen.getByTestId('dg-run'));
    expect(
      await screen.findByText('The previous trial balance must end before the one analysed.'),
    ).toBeTruthy();
    expect(screen.queryByText('diagnosis:previousNotEarlier')).toBeNull();
    expect(screen.queryByTestId('dg-form-error')).toBeNull();
  });
});
