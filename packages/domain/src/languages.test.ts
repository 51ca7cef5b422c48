import { describe, expect, it } from 'vitest';
import { translate } from './i18n/catalogs.ts';
import { acceptLanguageTags, LANGUAGES, languageFromTag, languageName, pickLanguage } from './languages.ts';

describe('first-language rule', () => {
  it('takes the route locale first', () => {
    expect(pickLanguage({ route: 'fr', browser: ['en-US'], stored: 'pt' })).toBe('fr');
  });
  it('then the first browser language we offer', () => {
    expect(pickLanguage({ route: 'de', browser: ['de-DE', 'en-GB', 'fr'], stored: 'pt' })).toBe('en');
  });
  it('then the stored choice', () => {
    expect(pickLanguage({ route: null, browser: ['de'], stored: 'fr' })).toBe('fr');
  });
  it('then pt', () => {
    expect(pickLanguage({})).toBe('pt');
    expect(pickLanguage({ route: 'xx', browser: [], stored: 'zz' })).toBe('pt');
  });
  it('reads regional and underscore tags', () => {
    expect(languageFromTag('pt-CV')).toBe('pt');
    expect(languageFromTag('FR_fr')).toBe('fr');
    expect(languageFromTag('')).toBeUndefined();
  });
});

describe('acceptLanguageTags', () => {
  it('orders by weight, then by position, and drops q=0 and *', () => {
    expect(acceptLanguageTags('en-GB;q=0.8, fr, pt;q=0.9, *;q=0.1, de;q=0')).toEqual(['fr', 'pt', 'en-GB']);
    expect(acceptLanguageTags(undefined)).toEqual([]);
    expect(acceptLanguageTags('xx;q=abc')).toEqual(['xx']); // a malformed weight is ignored
  });
});

describe('language names', () => {
  it('names each language in itself whatever the language around it, as the language selector does', () => {
    for (const around of LANGUAGES) {
      expect(LANGUAGES.map((language) => translate(around, `common:languages.${language}`))).toEqual([
        'Português',
        'English',
        'Français',
      ]);
    }
    expect(LANGUAGES.map(languageName)).toEqual(['Português', 'English', 'Français']);
  });
});
