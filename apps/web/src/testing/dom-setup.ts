import { catalogFor, DEFAULT_LANGUAGE, LANGUAGES } from '@excelencia/domain';
import { cleanup, configure } from '@testing-library/react';
import { initReactI18next } from 'react-i18next';
import { afterEach } from 'vitest';
import { i18n } from '../lib/i18n.ts';

// findBy… and waitFor wait for what a user would see: a busy 2-core CI machine may take seconds to render a screen,
// so they wait up to 10 s instead of 1 (a hung wait still ends the test; nothing here measures speed).
configure({ asyncUtilTimeout: 10_000 });

/**
 * The browser pieces Mantine reads that a test DOM lacks: a media query that never matches (the
 * desktop layout), a ResizeObserver that never reports, scrollIntoView doing nothing, and no web fonts to wait for.
 */
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as { ResizeObserver?: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
Element.prototype.scrollIntoView ??= () => {};
// An autosized Textarea listens for web fonts loading (document.fonts), which the test DOM lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
    configurable: true,
  });
}

// Tests read every catalog at once (the app loads them per language and group from the build's chunks).
await i18n.use(initReactI18next).init({
  resources: Object.fromEntries(LANGUAGES.map((language) => [language, catalogFor(language)])),
  lng: 'en',
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'shell',
  interpolation: { escapeValue: false },
  returnNull: false,
});

afterEach(() => cleanup());
