import { DEFAULT_LANGUAGE, type Language } from '@excelencia/domain';
import { createContext, useCallback, useContext } from 'react';

export const LanguageContext = createContext<Language>(DEFAULT_LANGUAGE);

/** The language of the current route (/pt/..., /en/..., /fr/...). */
export function useLanguage(): Language {
  return useContext(LanguageContext);
}

/** Prefixes a path written without language ('/admin/dashboard') with the current one. */
export function useLocalePath(): (path: string) => string {
  const language = useLanguage();
  return useCallback((path: string) => `/${language}${path.startsWith('/') ? path : `/${path}`}`, [language]);
}
