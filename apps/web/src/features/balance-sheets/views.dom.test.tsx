import type { BalanceSheetItem } from '@excelencia/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render.tsx';
import { SheetsTable } from './views.tsx';

const COMPANY = '00000000-0000-4000-8000-00000000000a';

const sheet = (id: string, startDate: string, extra: Partial<BalanceSheetItem> = {}): BalanceSheetItem => ({
  id: `00000000-0000-4000-8000-0000000000${id}`,
  companyId: COMPANY,
  startDate,
  endDate: `${startDate.slice(0, 4)}-12-31`,
  dateInsert: '2026-01-10T10:00:00.000Z',
  typeFrequence: 'annual',
  tag: 'Y0',
  source: 'upload',
  fileName: `tb-${id}.xlsx`,
  version: 1,
  replaced: false,
  ...extra,
});

describe('the list of sheets', () => {
  it('keeps a replaced sheet listed, marked replaced, without the correct action', () => {
    renderWithApp(
      <SheetsTable
        companyId={COMPANY}
        editPath="/company/balance-sheet"
        onOpen={() => undefined}
        sheets={[
          sheet('25', '2025-01-01', { tag: 'Y1' }),
          sheet('24', '2024-01-01'),
          sheet('23', '2024-01-01', { replaced: true, dateInsert: '2025-01-10T10:00:00.000Z' }),
        ]}
      />,
    );
    const rows = screen.getAllByTestId('bs-row');
    expect(rows.map((row) => row.dataset.replaced ?? '')).toEqual(['', '', 'true']);
    expect(within(rows[2] as HTMLElement).getByTestId('bs-replaced').textContent).toBe('Replaced');
    expect(
      within(rows[2] as HTMLElement).getByText(/kept for the record, left out of the views/),
    ).toBeTruthy();
    expect(within(rows[2] as HTMLElement).queryByTestId('bs-edit')).toBeNull();
    expect(within(rows[1] as HTMLElement).getByTestId('bs-edit')).toBeTruthy();
    expect(screen.getAllByTestId('bs-tag').map((tag) => tag.textContent)).toEqual(['Y1', 'Y0', 'Y0']);
  });
});
