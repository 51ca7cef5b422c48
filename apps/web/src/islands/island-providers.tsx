import type { Language } from '@excelencia/domain';
import { MantineProvider } from '@mantine/core';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { LanguageContext } from '../lib/language-context.ts';
import { RenderTimeContext } from '../lib/render-time.ts';
import { cssVariablesResolver, theme } from '../ui/theme.ts';

/**
 * What an island runs in, on the server and in the browser alike: the theme (its CSS variables and global
 * classes come once with the page, not with each island), the page's language, its texts and its clock.
 */
export function IslandProviders({
  i18n,
  language,
  renderedAt,
  children,
}: {
  i18n: I18n;
  language: Language;
  /** The server's clock when it rendered the page (a countdown starts from it). */
  renderedAt: Date | null;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="light"
        withCssVariables={false}
        withGlobalClasses={false}
      >
        <LanguageContext value={language}>
          <RenderTimeContext value={renderedAt}>{children}</RenderTimeContext>
        </LanguageContext>
      </MantineProvider>
    </I18nextProvider>
  );
}
