export const LANGUAGES = ['pt', 'en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Reads a browser language tag such as 'fr-CV' or 'en_US' as one of ours, or undefined. */
export function languageFromTag(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : undefined;
}

/**
 * The first-language rule (SPEC §2): the route's locale, then the browser's languages,
 * then the stored choice (selectedLang), then pt.
 */
export function pickLanguage(sources: {
  route?: string | null;
  browser?: readonly string[] | null;
  stored?: string | null;
}): Language {
  const fromRoute = languageFromTag(sources.route);
  if (fromRoute) return fromRoute;
  for (const tag of sources.browser ?? []) {
    const fromBrowser = languageFromTag(tag);
    if (fromBrowser) return fromBrowser;
  }
  return languageFromTag(sources.stored) ?? DEFAULT_LANGUAGE;
}
