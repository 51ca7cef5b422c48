import type { BalanceSheetItem } from '@excelencia/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { renderWithApp } from '../../testing/render.tsx';
import { contrastRatio, overWhite } from '../../ui/colors.ts';
import { uploadSheet } from './api.ts';
import { BalanceSheetWorkspace } from './balance-sheet-page.tsx';

vi.mock('./api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./api.ts')>()),
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

function setPeriod(startDate: string, endDate: string) {
  fireEvent.change(screen.getByTestId('bs-start-date'), { target: { value: startDate } });
  fireEvent.change(screen.getByTestId('bs-end-date'), { target: { value: endDate } });
}

function chooseFile() {
  const file = new File(['x'], 'tb.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  fireEvent.change(screen.getByTestId('bs-file-input'), { target: { files: [file] } });
}

describe('the upload form', () => {
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
