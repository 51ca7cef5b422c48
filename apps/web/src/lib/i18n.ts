import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language, pickLanguage } from '@excelencia/domain';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadGroupsInUse, loadMessages } from './load-messages.ts';
import { MESSAGE_GROUPS } from './message-groups.ts';

/** localStorage key of the language choice. */
export const SELECTED_LANG_KEY = 'selectedLang';

export const i18n: I18n = i18next.createInstance();

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(SELECTED_LANG_KEY);
  } catch {
    return null;
  }
}

/** The first language: the route's prefix, then the browser, then selectedLang, then pt. */
export function firstLanguage(pathname: string): Language {
  return pickLanguage({
    route: pathname.split('/')[1] ?? null,
    browser: typeof navigator === 'undefined' ? [] : navigator.languages,
    stored: readStoredLanguage(),
  });
}

/**
 * Starts i18next with the start texts of `language` only (lib/message-groups.ts); the public layouts and the
 * signed-in pages add theirs when their code loads, and a switch of language loads the groups in use first.
 */
export async function initI18n(language: Language): Promise<void> {
  await i18n.use(initReactI18next).init({
    resources: {},
    partialBundledLanguages: true,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...MESSAGE_GROUPS.start],
    defaultNS: 'shell',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  await loadMessages(i18n, language, 'start');
}

/** The language the UI shows now (sent as x-language on every API call). */
export function currentLanguage(): Language {
  const lang = i18n.language;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/** Stores the choice and points i18next and <html lang> at it. */
export function applyLanguage(language: Language): void {
  try {
    localStorage.setItem(SELECTED_LANG_KEY, language);
  } catch {
    // Storage may be unavailable (private mode); the route still carries the language.
  }
  document.documentElement.lang = language;
  if (i18n.language !== language) {
    void loadGroupsInUse(i18n, language).then(() => i18n.changeLanguage(language));
  }
}
