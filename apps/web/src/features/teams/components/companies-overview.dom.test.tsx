import type { MyCompanyOverview } from '@excelencia/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { CompaniesOverview } from './companies-overview.tsx';

const ATLANTICO = '00000000-0000-4000-8000-0000000000c1';
const MINDELO = '00000000-0000-4000-8000-0000000000c2';

const OVERVIEW: MyCompanyOverview[] = [
  {
    companyId: ATLANTICO,
    companyName: 'Hotel Atlântico, Lda',
    nif: '200000031',
    role: 'accountant',
    latestSheet: {
      id: '00000000-0000-4000-8000-0000000000b1',
      frequency: 'annual',
      startDate: '2025-01-01',
      endDate: '2025-12-31',
      createdAt: '2026-02-01T10:00:00.000Z',
    },
    latestDiagnosis: {
      id: '00000000-0000-4000-8000-0000000000d1',
      frequency: 'annual',
      endDate: '2025-12-31',
      createdAt: '2026-02-02T10:00:00.000Z',
    },
    latestApplication: {
      id: '00000000-0000-4000-8000-0000000000a1',
      editionId: '00000000-0000-4000-8000-0000000000e1',
      editionNumber: 3,
      status: 'pending',
    },
  },
  {
    companyId: MINDELO,
    companyName: 'Padaria Mindelo',
    nif: '200000041',
    role: 'viewer',
    latestSheet: null,
    latestDiagnosis: null,
    latestApplication: null,
  },
];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/me/companies/overview') ? Response.json(OVERVIEW) : Response.json([]),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe("the dashboard's table of companies", () => {
  it('shows each company with the role, the latest sheet, diagnosis and application, and switches to one', async () => {
    renderWithApp(<CompaniesOverview selectedId={ATLANTICO} />);
    const rows = await screen.findAllByTestId('overview-row');
    expect(rows).toHaveLength(2);
    const first = rows[0] as HTMLElement;
    expect(first.textContent).toContain('Hotel Atlântico, Lda');
    expect(first.textContent).toContain('Accountant');
    expect(first.textContent).toContain('1 January 2025 – 31 December 2025 (Annual)');
    expect(first.textContent).toContain('31 December 2025 (Annual)');
    expect(first.textContent).toContain('Edition 3: ');
    expect(within(first).getByTestId('overview-current').textContent).toBe('Current');
    const second = rows[1] as HTMLElement;
    expect(second.textContent).toContain('Viewer');
    expect(second.textContent?.match(/—/g)).toHaveLength(3);
    fireEvent.click(within(second).getByRole('button', { name: 'Work on Padaria Mindelo' }));
    expect(window.localStorage.getItem('companyID')).toContain(MINDELO);
  });

  it('speaks Portuguese', async () => {
    renderWithApp(<CompaniesOverview selectedId={null} />, { language: 'pt' });
    const rows = await screen.findAllByTestId('overview-row');
    expect(rows[0]?.textContent).toContain('Contabilista');
    expect(rows[0]?.textContent).toContain('3.ª edição: ');
    expect(screen.getAllByRole('button', { name: /^Trabalhar em / })).toHaveLength(2);
  });
});
