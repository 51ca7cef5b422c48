import type { Language } from '@excelencia/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderResult, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { i18n } from '../lib/i18n.ts';
import { LanguageContext } from '../lib/language-context.ts';
import { cssVariablesResolver, theme } from '../ui/theme.ts';

/**
 * A component as the app shows it (Mantine theme, translations, a query client, a router at `path`, '/' unless
 * told otherwise), in English unless told otherwise; queries never retry, so a failing call shows at once.
 */
export function renderWithApp(
  ui: ReactNode,
  options: { language?: Language; path?: string } = {},
): RenderResult {
  const language = options.language ?? 'en';
  void i18n.changeLanguage(language);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <LanguageContext.Provider value={language}>
            <MemoryRouter initialEntries={[options.path ?? '/']}>{ui}</MemoryRouter>
          </LanguageContext.Provider>
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
