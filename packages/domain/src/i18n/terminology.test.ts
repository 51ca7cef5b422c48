import { describe, expect, it } from 'vitest';
import { namespaces, translate } from './catalogs.ts';
import type { MessageTree } from './define.ts';

function leaves(tree: MessageTree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]): Array<[string, string]> => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[path, value]] : leaves(value, path);
  });
}

/**
 * The accountant's words: what a company uploads or enters is a trial balance (pt 'balancete', en 'trial
 * balance', fr 'balance'); the balance sheet (pt 'balanço', en 'balance sheet', fr 'bilan') is the statement the
 * portal builds from it, named only where that statement is meant.
 */
const STATEMENT_WORD = { pt: /balanço/i, en: /balance sheet/i, fr: /\bbilans?\b/i } as const;
const STATEMENT_KEYS = [
  'balanceSheetsWeb:entry.treeLabel',
  'balanceSheetsWeb:entry.loadTreeFailed',
  'balanceSheetsWeb:views.balanceSheet',
];
const TRIAL_BALANCE_WORD = { pt: /balancete/i, en: /trial balance/i, fr: /\bbalances?\b/i } as const;

describe('trial balance and balance sheet, one word each per language', () => {
  for (const language of ['pt', 'en', 'fr'] as const) {
    it(`${language}: the balance sheet is named only for the statement`, () => {
      const found: string[] = [];
      for (const [name, namespace] of Object.entries(namespaces)) {
        for (const [path, text] of leaves(namespace[language] as MessageTree)) {
          if (STATEMENT_WORD[language].test(text)) found.push(`${name}:${path}`);
        }
      }
      expect(found.sort()).toEqual([...STATEMENT_KEYS].sort());
    });

    it(`${language}: the menu, the lists and the upload call the company's document a trial balance`, () => {
      for (const key of [
        'shell:menu.items.balanceSheet',
        'shell:menu.items.balances',
        'balanceSheetsWeb:dashboard.register',
        'balanceSheetsWeb:list.title',
        'applicationsWeb:eligibility.uploadSheet',
      ]) {
        expect(translate(language, key), key).toMatch(TRIAL_BALANCE_WORD[language]);
      }
    });

    it(`${language}: the menu names /company/others for what it shows, the trial balance's lines`, () => {
      expect(translate(language, 'shell:menu.items.others')).toBe(
        translate(language, 'balanceSheetsWeb:views.lines'),
      );
      expect(translate(language, 'shell:menu.items.others')).toMatch(TRIAL_BALANCE_WORD[language]);
    });
  }
});

describe('the link to the home page', () => {
  it('is named as each language names a home page (Início, Home, Accueil), not "Start"', () => {
    expect((['pt', 'en', 'fr'] as const).map((language) => translate(language, 'shell:nav.start'))).toEqual([
      'Início',
      'Home',
      'Accueil',
    ]);
  });
});
