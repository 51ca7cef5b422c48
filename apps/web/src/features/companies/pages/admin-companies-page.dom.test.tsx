import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { AdminCompaniesPage } from './admin-companies-page.tsx';

const ROW = {
  id: '00000000-0000-4000-8000-00000000000a',
  version: 1,
  companyName: 'Demo Comércio, Lda',
  nif: '200000001',
  email: 'empresa@excelencia.cv',
  phone: null,
  island: 'Santiago',
  city: 'Praia',
  caeSection: 'Comércio por grosso e a retalho; reparação de veículos automóveis e motociclos',
  companyType: 'Sociedade por quotas (Lda)',
  companySituationId: null,
  companySituation: null,
  isListed: true,
  createdAt: '2026-11-25T10:00:00.000Z',
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/companies?'))
        return Response.json({ items: [ROW], total: 1, page: 1, pageSize: 20 });
      return Response.json([]);
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

const firstOption = async (label: string) =>
  ((await screen.findByLabelText(label)) as HTMLSelectElement).options[0]?.textContent;

describe('the admin list of companies', () => {
  it("offers 'all' in the gender of each filter's noun in Portuguese (Ilha: Todas, Tipo de empresa: Todos)", async () => {
    renderWithApp(<AdminCompaniesPage />, { language: 'pt' });
    expect(await firstOption('Ilha')).toBe('Todas');
    expect(await firstOption('Secção CAE')).toBe('Todas');
    expect(await firstOption('Tipo de empresa')).toBe('Todos');
    expect(await firstOption('Situação')).toBe('Todas');
  });

  it("and in French (Île: Toutes, Type d'entreprise: Tous)", async () => {
    renderWithApp(<AdminCompaniesPage />, { language: 'fr' });
    expect(await firstOption('Île')).toBe('Toutes');
    expect(await firstOption("Type d'entreprise")).toBe('Tous');
  });

  it('gives the CAE section room for a few words a line and keeps the registration date on one line', async () => {
    renderWithApp(<AdminCompaniesPage />, { language: 'pt' });
    const date = await screen.findByText('25 - novembro - 2026');
    expect(date.style.whiteSpace).toBe('nowrap');
    expect(screen.getByRole('columnheader', { name: 'Secção CAE' }).style.minWidth).toBe('14rem');
  });

  it('shows the requests to close an account in their own tab, beside the name changes', async () => {
    renderWithApp(<AdminCompaniesPage />, { language: 'en', path: '/?tab=closures' });
    expect(screen.getByTestId('tab-closures').textContent).toBe('Account closures');
    expect((await screen.findByTestId('closure-requests-empty')).textContent).toBe(
      'There are no requests to close an account.',
    );
  });
});
