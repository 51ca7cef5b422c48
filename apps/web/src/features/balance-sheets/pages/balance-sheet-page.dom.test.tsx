import { type BalanceSheetItem, formatDayFirstDate } from '@excelencia/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { contrastRatio, overWhite } from '../../../ui/colors.ts';
import { uploadSheet } from '../api.ts';
import { adminSavedSheetLinks } from '../components/saved-sheet.tsx';
import { BalanceSheetWorkspace } from './balance-sheet-page.tsx';

vi.mock('../api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api.ts')>()),
  uploadSheet: vi.fn(),
}));

const COMPANY = '00000000-0000-4000-8000-00000000000a';

/** The company already has its 2024 sheet. */
const SHEETS: BalanceSheetItem[] = [
  {
    id: '00000000-0000-4000-8000-000000000024',
    companyId: COMPANY,
    startDate: '2024-01-01',
    endDate: '2024-12-31',
    dateInsert: '2025-02-01T10:00:00.000Z',
    typeFrequence: 'annual',
    tag: 'Y0',
    source: 'upload',
    fileName: 'tb-2024.xlsx',
    version: 1,
    replaced: false,
  },
];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith(`/companies/${COMPANY}/balance-sheets`)) return Response.json(SHEETS);
      return Response.json(
        { error: { code: 'not_found', key: 'errors:notFound', message: 'x' } },
        { status: 404 },
      );
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(uploadSheet).mockReset();
});

/** Types the period day first, as the date fields take it ('2025-01-01' is typed '01/01/2025'). */
function setPeriod(startDate: string, endDate: string) {
  fireEvent.change(screen.getByTestId('bs-start-date'), { target: { value: formatDayFirstDate(startDate) } });
  fireEvent.change(screen.getByTestId('bs-end-date'), { target: { value: formatDayFirstDate(endDate) } });
}

function chooseFile() {
  const file = new File(['x'], 'tb.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  fireEvent.change(screen.getByTestId('bs-file-input'), { target: { files: [file] } });
}

describe('the upload form', () => {
  it.each([
    ['pt', 'DD/MM/AAAA'],
    ['en', 'DD/MM/YYYY'],
    ['fr', 'JJ/MM/AAAA'],
  ] as const)('%s: takes and shows the period day first (%s), never month first', async (language, hint) => {
    vi.mocked(uploadSheet).mockRejectedValue(new Error('stop here'));
    renderWithApp(<BalanceSheetWorkspace companyId={COMPANY} />, { language });
    const start = screen.getByTestId('bs-start-date') as HTMLInputElement;
    expect(start.type).toBe('text');
    expect(start.placeholder).toBe(hint);
    setPeriod('2025-01-01', '2025-12-31');
    fireEvent.blur(start);
    expect(start.value).toBe('01/01/2025');
    expect((screen.getByTestId('bs-end-date') as HTMLInputElement).value).toBe('31/12/2025');
    chooseFile();
    fireEvent.click(screen.getByTestId('bs-upload'));
    await waitFor(() => expect(vi.mocked(uploadSheet)).toHaveBeenCalled());
    expect(JSON.stringify(vi.mocked(uploadSheet).mock.calls[0])).toContain('"2025-12-31"');
  });

  it('says before the upload that a sheet of the same period will be replaced in the views', async () => {
    renderWithApp(<BalanceSheetWorkspace companyId={COMPANY} />);
    setPeriod('2025-01-01', '2025-12-31');
    // The list has loaded: 2025 has no sheet, so nothing is said.
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(screen.queryByTestId('bs-replaces')).toBeNull();
    setPeriod('2024-01-01', '2024-12-31');
    expect((await screen.findByTestId('bs-replaces')).textContent).toBe(
      'A sheet for this period exists; the new one will replace it in views.',
    );
  });

  it('says it in Portuguese too', async () => {
    renderWithApp(<BalanceSheetWorkspace companyId={COMPANY} />, { language: 'pt' });
    setPeriod('2024-01-01', '2024-12-31');
    expect((await screen.findByTestId('bs-replaces')).textContent).toBe(
      'Já existe um balancete para este período; o novo substitui-o nas vistas.',
    );
  });

  it('names each problem by the field label or the place in the sheet, never by a raw key', async () => {
    vi.mocked(uploadSheet).mockRejectedValue(
      new ApiError(400, {
        code: 'invalid_spreadsheet',
        key: 'balanceSheets:checkData',
        message: 'Please check the entered data!',
        details: [
          { path: 'file', message: 'Select an XLSX file.' },
          { path: 'startDate', message: 'Please enter a date!' },
          { path: 'sheet', message: 'The file has no lines.' },
          { path: 'row 3, column C', message: 'Blank value.' },
        ],
      }),
    );
    renderWithApp(<BalanceSheetWorkspace companyId={COMPANY} />);
    setPeriod('2025-01-01', '2025-12-31');
    chooseFile();
    fireEvent.click(screen.getByTestId('bs-upload'));
    const problems = await screen.findByTestId('bs-problems');
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'File: Select an XLSX file.',
      'Start date: Please enter a date!',
      'Sheet: The file has no lines.',
      'Row 3, column C: Blank value.',
    ]);
    // The alert's title and text are readable: at least 4.5:1 on the alert's own background.
    const color = problems.style.getPropertyValue('--alert-color');
    const background = problems.style.getPropertyValue('--alert-bg');
    expect(color).not.toBe('');
    expect(contrastRatio(color, overWhite(background))).toBeGreaterThanOrEqual(4.5);
  });

  it('names the file field in French', async () => {
    vi.mocked(uploadSheet).mockRejectedValue(
      new ApiError(400, {
        code: 'not_xlsx',
        key: 'balanceSheets:selectXlsx',
        message: 'Sélectionnez un fichier XLSX.',
        details: [{ path: 'file', message: 'Sélectionnez un fichier XLSX.' }],
      }),
    );
    renderWithApp(<BalanceSheetWorkspace companyId={COMPANY} />, { language: 'fr' });
    setPeriod('2025-01-01', '2025-12-31');
    chooseFile();
    fireEvent.click(screen.getByTestId('bs-upload'));
    const problems = await screen.findByTestId('bs-problems');
    // French sets the colon off with a (non-breaking) space.
    expect(within(problems).getByRole('listitem').textContent).toBe(
      'Fichier\u00a0: Sélectionnez un fichier XLSX.',
    );
    // A problem of the file itself is not a line of it: the title does not ask to fix 'these lines'.
    expect(problems.textContent).toContain("Le fichier n'a pas été accepté. Corrigez ce qui suit :");
  });
});

describe('after an upload or a manual save', () => {
  /** The period the new sheet is for; once saved, the company's list holds it (as the server would answer). */
  const SAVED: BalanceSheetItem = {
    id: '00000000-0000-4000-8000-000000000026',
    companyId: COMPANY,
    startDate: '2026-01-01',
    endDate: '2026-06-30',
    dateInsert: '2026-07-01T10:00:00.000Z',
    typeFrequence: 'semiannual',
    tag: 'S1',
    source: 'upload',
    fileName: 'tb.xlsx',
    version: 1,
    replaced: false,
  };
  /** A tree of one leaf per heading: the entry form's amounts (blank is 0). */
  const leafTree = () => {
    let n = 100;
    const node = (code: string, accounts: string[]) => ({
      id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
      code,
      description: { pt: code, en: code, fr: code },
      sortOrder: n,
      accountCodes: accounts,
    });
    const heading = (code: string, nature: 'debit' | 'credit', leaf: string, accounts: string[]) => ({
      ...node(code, accounts),
      nature,
      subHeadings: [
        { ...node(`${code}_S`, accounts), categories: [{ ...node(leaf, accounts), subCategories: [] }] },
      ],
    });
    return [
      heading('AT', 'debit', 'CLI', ['21']),
      heading('CP', 'credit', 'CAP', ['51']),
      heading('PT', 'credit', 'FORN', ['22']),
    ];
  };
  let saved = false;

  beforeEach(() => {
    saved = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url === '/auth/csrf') return Response.json({ csrfToken: 'token' });
        if (url.endsWith('/balance-sheets/tree')) return Response.json(leafTree());
        if (url.endsWith('/balance-sheets/entries') && init?.method === 'POST') {
          saved = true;
          const body = JSON.parse(String(init.body));
          return Response.json(
            {
              ...SAVED,
              source: 'entry',
              fileName: null,
              values: body.values,
              periodResultAdded: null,
              linesCount: 0,
            },
            { status: 201 },
          );
        }
        if (url.includes(`/companies/${COMPANY}/balance-sheets`)) return Response.json(saved ? [SAVED] : []);
        return Response.json(
          { error: { code: 'not_found', key: 'errors:notFound', message: 'x' } },
          { status: 404 },
        );
      }),
    );
  });

  it('shows the uploaded sheet (period, type, file name) with links to it and to a diagnosis, on a fresh form', async () => {
    vi.mocked(uploadSheet).mockImplementation(async () => {
      saved = true;
      return SAVED;
    });
    renderWithApp(<BalanceSheetWorkspace companyId={COMPANY} />);
    setPeriod('2026-01-01', '2026-06-30');
    chooseFile();
    fireEvent.click(screen.getByTestId('bs-upload'));
    const notice = await screen.findByTestId('bs-saved');
    expect(within(notice).getByText('Trial balance saved')).toBeTruthy();
    expect(within(notice).getByTestId('bs-saved-period').textContent).toBe(
      'Period: 1 January 2026 – 30 June 2026',
    );
    expect(within(notice).getByTestId('bs-saved-frequency').textContent).toBe('Frequency: Semi-annual');
    expect(within(notice).getByTestId('bs-saved-source').textContent).toBe('Source: tb.xlsx');
    expect(within(notice).getByRole('link', { name: 'See the trial balance' }).getAttribute('href')).toBe(
      `/en/company/balances?open=${SAVED.id}`,
    );
    expect(
      within(notice).getByRole('link', { name: 'Run a self-diagnosis on it' }).getAttribute('href'),
    ).toBe(`/en/company/diagnosis?sheet=${SAVED.id}`);
    // The form starts again: no period, no file, so no warning about the sheet just made.
    expect((screen.getByTestId('bs-start-date') as HTMLInputElement).value).toBe('');
    expect(screen.getByText('One .xlsx file up to 10 MB.', { exact: false })).toBeTruthy();
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(screen.queryByTestId('bs-replaces')).toBeNull();
  });

  it('shows a sheet entered by hand as such, clears the entry form, and gives the admin their own links', async () => {
    renderWithApp(<BalanceSheetWorkspace companyId={COMPANY} links={adminSavedSheetLinks} />);
    fireEvent.click(screen.getByTestId('bs-tab-entry'));
    await screen.findByTestId('bs-entry-tree');
    fireEvent.change(screen.getByTestId('bs-entry-start-date'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByTestId('bs-entry-end-date'), { target: { value: '2026-06-30' } });
    fireEvent.change(screen.getByTestId('bs-entry-frequency'), { target: { value: 'semiannual' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Amount of CLI' }), { target: { value: '500' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Amount of CAP' }), { target: { value: '500' } });
    fireEvent.click(screen.getByTestId('bs-save-entry'));
    const notice = await screen.findByTestId('bs-saved');
    expect(within(notice).getByTestId('bs-saved-source').textContent).toBe('Source: Entered by hand');
    expect(within(notice).getByTestId('bs-saved-frequency').textContent).toBe('Frequency: Semi-annual');
    expect(within(notice).getByRole('link', { name: 'See the trial balance' }).getAttribute('href')).toBe(
      `/en/admin/balance-sheets?company=${COMPANY}`,
    );
    expect(
      within(notice).getByRole('link', { name: 'Run a self-diagnosis on it' }).getAttribute('href'),
    ).toBe(`/en/admin/diagnosis?run=${COMPANY}&sheet=${SAVED.id}`);
    // Still on the entry tab, with an empty form and no 'a sheet already exists' about the one just saved.
    const form = await screen.findByTestId('bs-entry-tree');
    expect((screen.getByTestId('bs-entry-start-date') as HTMLInputElement).value).toBe('');
    expect((within(form).getByRole('textbox', { name: 'Amount of CLI' }) as HTMLInputElement).value).toBe('');
    expect(screen.queryByTestId('bs-replaces')).toBeNull();
    // Closing the notice leaves the form.
    fireEvent.click(within(notice).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('bs-saved')).toBeNull();
  });
});
