import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES } from '@excelencia/domain';
import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { TickingCountdown } from './features/applications/components/edition-countdown-timer.tsx';
import { SubscribeForm } from './features/newsletter/components/subscribe-form.tsx';
import { YoutubeVideo } from './features/site/components/youtube-video.tsx';
import { IslandProviders } from './islands/island-providers.tsx';
import { i18n, SELECTED_LANG_KEY } from './lib/i18n.ts';
import type { IslandName } from './lib/island.tsx';
import { readSsrData } from './lib/ssr-data.ts';

/**
 * The script of a page the server rendered for a visitor (docs/adr/0014): it hydrates the page's islands, each
 * alone, and nothing else; the rest of the page is HTML that works as it is (links, forms, <details>).
 */
// biome-ignore lint/suspicious/noExplicitAny: each island's props are the JSON the server rendered it with
const ISLANDS: Record<IslandName, ComponentType<any>> = {
  countdown: TickingCountdown,
  newsletter: SubscribeForm,
  'youtube-video': YoutubeVideo,
};

function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && Object.hasOwn(ISLANDS, name);
}

async function start(): Promise<void> {
  const data = readSsrData();
  const lang = document.documentElement.lang;
  const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  // The page's language is the visitor's choice, as the app records it on each page (selectedLang).
  try {
    localStorage.setItem(SELECTED_LANG_KEY, language);
  } catch {
    // Storage may be unavailable (private mode); the path still carries the language.
  }
  await i18n.use(initReactI18next).init({
    resources: { [language]: data?.messages ?? {} },
    lng: language,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: Object.keys(data?.messages ?? {}),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  const renderedAt = data ? new Date(data.renderedAt) : null;
  const elements = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  for (const element of elements) {
    const name = element.dataset.island;
    if (!isIslandName(name)) continue;
    const Component = ISLANDS[name];
    const props = JSON.parse(element.dataset.props ?? '{}') as object;
    hydrateRoot(
      element,
      <IslandProviders i18n={i18n} language={language} renderedAt={renderedAt}>
        <Component {...props} />
      </IslandProviders>,
      { identifierPrefix: element.dataset.islandId ?? '' },
    );
  }
  // End-to-end tests wait for this before they use an island (AppRoot sets it in the app).
  document.documentElement.dataset.ready = 'true';
}

void start();
