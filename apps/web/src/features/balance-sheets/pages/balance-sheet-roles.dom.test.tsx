import type { BalanceSheetItem, CompanyRole } from '@excelencia/domain';
import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignedInContext } from '../../../lib/signed-in-context.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { SheetsSummaryCard } from '../components/sheets-summary-card.tsx';
import { SheetsTable } from '../components/views.tsx';
import { BalanceSheetPage } from './balance-sheet-page.tsx';

/** What each role in the selected company sees of the trial balances (docs/adr/0028-company-teams.md). */
const COMPANY = {
  id: '00000000-0000-4000-8000-00000000000a',
  companyName: 'Boa Vista, Lda',
  nif: '200000021',
};

const SHEET: BalanceSheetItem = {
  id: '00000000-0000-4000-8000-000000000024',
  companyId: COMPANY.id,
  startDate: '2024-01-01',
  endDate: '2024-12-31',
  dateInsert: '2026-01-10T10:00:00.000Z',
  typeFrequence: 'annual',
  tag: 'Y0',
  source: 'upload',
  fileName: 'tb-24.xlsx',
  version: 1,
  replaced: false,
};

beforeEach(() => {
  // The template and the trees answer empty: only what the role allows is looked at.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json([])),
  );
});
afterEach(() => vi.unstubAllGlobals());

function asRole(role: CompanyRole, ui: ReactNode, language: 'en' | 'pt' | 'fr' = 'en') {
  return renderWithApp(
    <SignedInContext.Provider
      value={{
        session: {
          status: 'authenticated',
          user: { id: 'u1', name: 'Lia', email: 'lia@boavista.cv' },
          roles: ['company'],
          expires: '2099-01-01T00:00:00.000Z',
          language,
        },
        selectedCompany: { ...COMPANY, role },
      }}
    >
      {ui}
    </SignedInContext.Provider>,
    { language },
  );
}

const table = (
  <SheetsTable
    companyId={COMPANY.id}
    editPath="/company/balance-sheet"
    onOpen={() => undefined}
    sheets={[SHEET]}
  />
);

describe('the trial balances by role', () => {
  it('a viewer has neither the upload nor the entry form, and is told why', () => {
    asRole('viewer', <BalanceSheetPage />);
    expect(screen.getByTestId('role-note').textContent).toBe('Your role: Viewer — read only.');
    expect(screen.queryByTestId('bs-tab-upload')).toBeNull();
    expect(screen.queryByTestId('bs-tab-entry')).toBeNull();
  });

  it('says it in Portuguese and French', () => {
    const { unmount } = asRole('viewer', <BalanceSheetPage />, 'pt');
    expect(screen.getByTestId('role-note').textContent).toBe('O seu papel: Leitor — só leitura.');
    unmount();
    asRole('viewer', <BalanceSheetPage />, 'fr');
    expect(screen.getByTestId('role-note').textContent).toBe('Votre rôle : Lecteur — lecture seule.');
  });

  for (const role of ['owner', 'accountant'] as const) {
    it(`${role}: uploads and enters, with no note`, () => {
      asRole(role, <BalanceSheetPage />);
      expect(screen.getByTestId('bs-tab-upload')).toBeTruthy();
      expect(screen.getByTestId('bs-tab-entry')).toBeTruthy();
      expect(screen.queryByTestId('role-note')).toBeNull();
    });

    it(`${role}: corrects and deletes a sheet from the list`, () => {
      asRole(role, table);
      const row = screen.getByTestId('bs-row');
      expect(within(row).getByTestId('bs-edit')).toBeTruthy();
      expect(within(row).getByTestId('bs-delete')).toBeTruthy();
    });
  }

  it("the dashboard's card offers to register a trial balance to an owner, not to a viewer", async () => {
    const { unmount } = asRole('owner', <SheetsSummaryCard companyId={COMPANY.id} />);
    expect(await screen.findByRole('link', { name: 'Register a trial balance' })).toBeTruthy();
    unmount();
    asRole('viewer', <SheetsSummaryCard companyId={COMPANY.id} />);
    expect(await screen.findByText(/No trial balance registered yet/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Register a trial balance' })).toBeNull();
  });

  it('a viewer opens and downloads a sheet, without correcting or deleting it', () => {
    asRole('viewer', table);
    const row = screen.getByTestId('bs-row');
    expect(within(row).getByTestId('bs-open')).toBeTruthy();
    expect(within(row).getByTestId('bs-download')).toBeTruthy();
    expect(within(row).queryByTestId('bs-edit')).toBeNull();
    expect(within(row).queryByTestId('bs-delete')).toBeNull();
  });
});
