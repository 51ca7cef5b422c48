import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../languages.ts';
import { namespaces, translate } from './catalogs.ts';
import type { MessageTree } from './define.ts';

function texts(tree: MessageTree): string[] {
  return Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : texts(value)));
}

/** Where the product names itself: mails, the identity provider's pages, the app's shell, public pages, server pages. */
const NAMING = ['mail', 'idp', 'shell', 'pages', 'server', 'newsletter', 'newsletterMail'] as const;

describe('one product name per language', () => {
  for (const language of LANGUAGES) {
    const product = translate(language, 'common:appName');

    it(`${language}: mails are signed, and the identity provider and the interface titled, '${product}'`, () => {
      expect(translate(language, 'mail:signature')).toBe(product);
      expect(translate(language, 'idp:title')).toBe(product);
      expect(translate(language, 'shell:title')).toBe(product);
      expect(translate(language, 'pages:home.title')).toBe(product);
    });

    it(`${language}: no text of ${NAMING.join(', ')} names the product otherwise`, () => {
      for (const name of NAMING) {
        for (const text of texts(namespaces[name][language] as MessageTree)) {
          // 'Excelência' alone (the status) is not the product; 'portal Excelência' or 'Excelência portal' is.
          const names =
            text.match(/Excel[eê]ncia(?: [A-Z][\wé]+)?|Business Excellence|Excellence des Entreprises/g) ??
            [];
          for (const found of names) {
            expect(found, `${name}: "${text}"`).toBe(product);
          }
        }
      }
    });
  }
});
