import type { Plugin } from 'vite';
import { MESSAGE_GROUPS, type MessageGroup } from './src/lib/message-groups.ts';

const MESSAGES_PREFIX = 'virtual:messages/';

/**
 * `virtual:messages/<language>/<group>`: the texts of one group of namespaces (src/lib/message-groups.ts) in
 * one language, evaluated from the domain's catalogs at build time, so that the chunk holds that language
 * only. The start group also carries each language's name in itself, for the language selector.
 */
export function messageCatalogs(): Plugin {
  return {
    name: 'excelencia:message-catalogs',
    resolveId(id) {
      return id.startsWith(MESSAGES_PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(`\0${MESSAGES_PREFIX}`)) return undefined;
      const [language = '', group = ''] = id.slice(MESSAGES_PREFIX.length + 1).split('/');
      const { isLanguage, LANGUAGES, namespaces } = await import('@excelencia/domain');
      if (!isLanguage(language) || !Object.hasOwn(MESSAGE_GROUPS, group)) {
        throw new Error(`No message catalog ${id.slice(1)}.`);
      }
      const messages = Object.fromEntries(
        MESSAGE_GROUPS[group as MessageGroup].map((name) => [name, namespaces[name][language]]),
      );
      const languageNames =
        group === 'start'
          ? Object.fromEntries(LANGUAGES.map((lang) => [lang, namespaces.common[lang].languages]))
          : {};
      return `export const messages = ${JSON.stringify(messages)};\nexport const languageNames = ${JSON.stringify(languageNames)};\n`;
    },
  };
}
