import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { LanguageContext } from '../../../lib/language-context.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { cssVariablesResolver, theme } from '../../../ui/theme.ts';
import { DirectoryPage } from './directory-page.tsx';

const requests: string[] = [];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      requests.push(String(input));
      return Response.json({ items: [], total: 0, page: 1, pageSize: 20 });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  requests.length = 0;
});

describe('the public directory’s search', () => {
  it('has a labelled search button in the search form, which searches', async () => {
    renderWithApp(<DirectoryPage />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    const button = screen.getByRole('button', { name: 'Search' });
    expect(button.getAttribute('type')).toBe('submit');
    const form = button.closest('form');
    expect(form).not.toBeNull();
    expect(form?.contains(box)).toBe(true);
    expect(form?.getAttribute('method')).toBe('get');
    expect(box.getAttribute('name')).toBe('search');

    fireEvent.change(box, { target: { value: 'Atlântico' } });
    fireEvent.click(button);
    await waitFor(() =>
      expect(requests.some((url) => url.includes(`search=${encodeURIComponent('Atlântico')}`))).toBe(true),
    );
  });

  it('is a form that works without JavaScript on the page the server renders: a GET with the term', () => {
    void i18n.changeLanguage('pt');
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient()}>
          <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
            <LanguageContext.Provider value="pt">
              <MemoryRouter initialEntries={['/pt/public/companies?search=Mindelo&page=2']}>
                <DirectoryPage />
              </MemoryRouter>
            </LanguageContext.Provider>
          </MantineProvider>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    const page = new DOMParser().parseFromString(html, 'text/html');
    const form = page.querySelector('search form');
    expect(form?.getAttribute('method')).toBe('get');
    // No action: the form goes to the page itself, with ?search= (and back to the first page).
    expect(form?.hasAttribute('action')).toBe(false);
    const input = form?.querySelector<HTMLInputElement>('input[name="search"]');
    expect(input?.getAttribute('value')).toBe('Mindelo');
    const button = form?.querySelector('button[type="submit"]');
    expect(button?.textContent).toBe('Pesquisar');
    expect(form?.querySelectorAll('[name]')).toHaveLength(1);
  });
});
