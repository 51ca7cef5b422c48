import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { AdminStatisticsPage } from './admin-statistics-page.tsx';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json([])),
  );
});

afterEach(() => vi.unstubAllGlobals());

const firstOption = async (label: string) =>
  ((await screen.findByLabelText(label)) as HTMLSelectElement).options[0]?.textContent;

describe('the admin indicator statistics', () => {
  it("offers 'all' in the gender of each filter's noun in Portuguese (Ilha: Todas, Escalão: Todos)", async () => {
    renderWithApp(<AdminStatisticsPage />, { language: 'pt' });
    expect(await firstOption('Ilha')).toBe('Todas');
    expect(await firstOption('Secção CAE')).toBe('Todas');
    expect(await firstOption('Escalão de trabalhadores')).toBe('Todos');
  });
});
