import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../languages.ts';
import { isCatalogKey, namespaces, translate } from './catalogs.ts';
import type { MessageTree } from './define.ts';

function leaves(tree: MessageTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

describe('message catalogs', () => {
  for (const [name, namespace] of Object.entries(namespaces)) {
    const reference = leaves(namespace.pt as MessageTree);
    for (const language of LANGUAGES) {
      it(`${name}: ${language} has every key of every language, none empty`, () => {
        const own = leaves(namespace[language] as MessageTree);
        for (const other of LANGUAGES) {
          for (const key of leaves(namespace[other] as MessageTree).keys()) {
            expect(own.has(key), `${language} lacks ${name}:${key}`).toBe(true);
          }
        }
        expect(own.size).toBe(reference.size);
        for (const [key, value] of own)
          expect(value.trim(), `${language} ${name}:${key} is empty`).not.toBe('');
      });
    }
  }

  it('no message hedges a plural ("documento(s)", "edição(ões)"): a count is said in words that fit any number', () => {
    const hedged: string[] = [];
    for (const [name, namespace] of Object.entries(namespaces)) {
      for (const language of LANGUAGES) {
        for (const [key, value] of leaves(namespace[language] as MessageTree)) {
          if (/\p{L}\((?:s|es|ões|x)\)/u.test(value)) hedged.push(`${language} ${name}:${key}: ${value}`);
        }
      }
    }
    expect(hedged).toEqual([]);
  });

  it('translates a namespaced key with parameters and falls back to the key', () => {
    expect(translate('en', 'errors:forbidden')).toBe('You are not allowed to do this.');
    expect(translate('fr', 'common:languages.fr')).toBe('Français');
    expect(translate('pt', 'errors:doesNotExist')).toBe('errors:doesNotExist');
  });
});

describe('isCatalogKey', () => {
  it('takes a known namespace and a dotted path', () => {
    expect(isCatalogKey('validation:tooLong')).toBe(true);
    expect(isCatalogKey('companies:validation.turnover')).toBe(true);
  });

  it('refuses plain text, an unknown namespace and a bare word', () => {
    expect(isCatalogKey('Invalid input: expected string')).toBe(false);
    expect(isCatalogKey('nowhere:tooLong')).toBe(false);
    expect(isCatalogKey('tooLong')).toBe(false);
    expect(isCatalogKey('https://example.cv')).toBe(false);
  });
});
