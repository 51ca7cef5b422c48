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

  it('gives every message with plural forms both _one and _other, and no bare twin of the same name', () => {
    const problems: string[] = [];
    for (const [name, namespace] of Object.entries(namespaces)) {
      const keys = new Set(leaves(namespace.pt as MessageTree).keys());
      for (const key of keys) {
        const plural = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
        if (!plural) continue;
        const base = plural[1] ?? '';
        if (!keys.has(`${base}_one`) || !keys.has(`${base}_other`))
          problems.push(`${name}:${base} lacks a form`);
        if (keys.has(base)) problems.push(`${name}:${base} is also a plain message`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('counts in words that agree with the number: one, several, and none as each language says it', () => {
    expect(translate('en', 'contentPublic:faq.matches', { count: 1 })).toBe('1 question found');
    expect(translate('en', 'contentPublic:faq.matches', { count: 2 })).toBe('2 questions found');
    expect(translate('pt', 'contentPublic:faq.matches', { count: 1 })).toBe('1 pergunta encontrada');
    expect(translate('fr', 'contentPublic:faq.matches', { count: 1 })).toBe('1 question trouvée');
    expect(translate('fr', 'contentPublic:faq.matches', { count: 3 })).toBe('3 questions trouvées');
    // Portuguese says 0 in the plural (CLDR's 'pt' puts 0 with 1): the message's _zero form.
    const met = (language: 'pt' | 'en' | 'fr', passed: number) =>
      translate(language, 'diagnosisWeb:dashboard.met', { count: passed, passed, computable: 8 });
    expect(met('pt', 0)).toBe('0 de 8 indicadores calculáveis cumprem a meta');
    expect(met('pt', 1)).toBe('1 de 8 indicadores calculáveis cumpre a meta');
    expect(met('en', 1)).toBe('1 of 8 computable indicators meets its target');
    expect(met('en', 0)).toBe('0 of 8 computable indicators meet their target');
    expect(met('fr', 0)).toBe('0 des 8 indicateurs calculables atteint son objectif');
    expect(met('fr', 5)).toBe('5 des 8 indicateurs calculables atteignent leur objectif');
    // A message without plural forms takes a count as any parameter.
    expect(translate('en', 'diagnosisWeb:view.inputs', { count: 1 })).toBe('Values used (1)');
    expect(translate('en', 'diagnosis:export.otherLines', { count: 1 })).toBe('and 1 other account');
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
