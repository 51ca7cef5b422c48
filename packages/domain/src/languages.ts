export const LANGUAGES = ['pt', 'en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt';

/**
 * Each language named in itself, whatever the language around it (the language selector's rule, used everywhere:
 * a list of languages, a field's language, "the English text is missing"), so a reader finds their own language
 * by its own name.
 */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  pt: 'Português',
  en: 'English',
  fr: 'Français',
};

export function languageName(language: Language): string {
  return LANGUAGE_NAMES[language];
}

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
 * The first-language rule: the route's locale, then the browser's languages,
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

/** The language tags of an Accept-Language header, most preferred first (q=0 and '*' dropped). */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      const weight = q === undefined ? 1 : Number(q);
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}
