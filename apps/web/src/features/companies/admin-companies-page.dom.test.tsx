import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../testing/render.tsx';
import { AdminCompaniesPage } from './admin-companies-page.tsx';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/companies?')) return Response.json({ items: [], total: 0, page: 1, pageSize: 20 });
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
});
