import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { AdminBalanceSheetsPage } from './admin-pages.tsx';

const COMPANY = '00000000-0000-4000-8000-00000000000a';
const ROW = {
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
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes(`/companies/${COMPANY}/balance-sheets`)) return Response.json([ROW]);
      if (url.includes('/api/v1/balance-sheets?')) {
        return Response.json({
          items: [{ ...ROW, companyName: 'Demo Comércio, Lda', nif: '123456789' }],
          total: 1,
          page: 1,
          pageSize: 20,
        });
      }
      return Response.json([]);
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('the admin list of balance sheets', () => {
  it("opens a company's sheets in a drawer named after the company, over the list", async () => {
    renderWithApp(<AdminBalanceSheetsPage />);
    fireEvent.click(await screen.findByTestId('bs-admin-open'));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('heading').textContent).toBe('Demo Comércio, Lda');
    expect(await within(drawer).findByTestId('bs-list')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it("offers 'all' in the gender of each filter's noun in Portuguese (Ilha: Todas, Periodicidade: Todas, Ano: Todos)", async () => {
    renderWithApp(<AdminBalanceSheetsPage />, { language: 'pt' });
    const firstOption = (label: string) =>
      (screen.getByLabelText(label) as HTMLSelectElement).options[0]?.textContent;
    expect(await screen.findByLabelText('Ilha')).toBeTruthy();
    expect(firstOption('Ilha')).toBe('Todas');
    expect(firstOption('Periodicidade')).toBe('Todas');
    expect(firstOption('Ano')).toBe('Todos');
  });

  it('refuses an answer whose rows lack their company (parsed with the shared schema), rather than show blank rows', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ items: [ROW], total: 1, page: 1, pageSize: 20 })),
    );
    renderWithApp(<AdminBalanceSheetsPage />);
    expect(await screen.findByText('The list could not be loaded.')).toBeTruthy();
    expect(screen.queryByTestId('bs-admin-open')).toBeNull();
  });
});
